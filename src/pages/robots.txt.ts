/**
 * /robots.txt. Its Sitemap line must be an absolute URL, and without a configured public origin
 * (SITE_URL or Netlify's URL) only the request knows it: so it is answered on demand, and kept by
 * the CDN like any other public answer. The admin panel and the API are not for crawlers.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl, publicOrigin, SITEMAP_PATH } from '../lib/permalinks';
import { PATH_ONLY, publicCacheHeaders } from '../server/cdn-cache';

export const prerender = false;

export const GET: APIRoute = (context) => {
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, publicOrigin(context))}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', ...publicCacheHeaders(PATH_ONLY, []) } });
};
