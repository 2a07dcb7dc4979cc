/**
 * /robots.txt, prerendered at build time with the site's public origin so the Sitemap line is an
 * absolute URL (robots.txt requires one). The admin panel and the API are not for crawlers.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl, publicOrigin, SITEMAP_PATH } from '../lib/permalinks';

export const GET: APIRoute = (context) => {
  const body = ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, publicOrigin(context))}`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
