import type { APIContext } from 'astro';

/** The public origin the on-demand endpoints (feed, sitemap, robots.txt) are called on in tests. */
export const SITE = new URL('https://surgere.example');

/** The part of Astro's context an endpoint reads (its site, URL and route parameters), for calling its GET directly. */
export const endpointContext = (path: string, params: Record<string, string> = {}) =>
  ({ site: SITE, url: new URL(path, SITE), params }) as unknown as APIContext;
