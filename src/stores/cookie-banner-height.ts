/**
 * The cookie banner's height while it shows (0 when it does not), for what must keep clear of it:
 * the page runtime follows it (src/scripts/consent-on-load.ts) and the toast region reads it.
 */
import { pageAtom } from './page-atom';

export const $cookieBannerHeight = pageAtom<number>('cookie-banner-height', 0);
