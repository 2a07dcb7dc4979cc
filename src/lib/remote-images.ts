/**
 * The remote hosts whose images the Netlify Image CDN may fetch and transform: an article image
 * typed as a URL on one of these is resized like an upload; the CDN refuses any other host (403),
 * so it fetches nothing else. Read by astro.config.mjs (image.remotePatterns, which the Netlify
 * adapter turns into the deploy's `remote_images`) and by the local runtime's image emulation.
 * Add a host here to allow it.
 */
export const REMOTE_IMAGE_HOSTS = ['images.unsplash.com', 'images.pexels.com'] as const;

/** The same list as Netlify's `remote_images` patterns: regular expressions over the whole URL. */
export const remoteImagePatterns = (): string[] =>
  REMOTE_IMAGE_HOSTS.map((host) => `^https://${host.replaceAll('.', '\\.')}/.*$`);
