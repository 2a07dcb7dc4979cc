/**
 * Astro's own image endpoint (/_image), which every server build carries. This site's images are
 * resized by the Netlify Image CDN at /.netlify/images and no page links /_image, so it answers as
 * any unknown address does: the Not Found page, 404. Astro's generic endpoint would answer every
 * request 500 and log an error (the configured service is not a local one), which any client
 * could trigger at will.
 */
import type { APIRoute } from 'astro';

export const prerender = false;

export const GET: APIRoute = (context) => context.rewrite('/404');
