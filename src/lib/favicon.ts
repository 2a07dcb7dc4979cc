/**
 * The favicon as a data: URL, made once: the icon travels inside every page (a few hundred
 * bytes), since fetched it would be one more request competing with the page's own before its
 * first paint. public/favicon.svg stays the file other sites and feeds link to.
 */
import faviconSvg from '../../public/favicon.svg?raw';

export const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(faviconSvg.replace(/>\s+</g, '><').trim())}`;
