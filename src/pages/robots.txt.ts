/**
 * /robots.txt. Its Sitemap line must be an absolute URL, and without a configured public origin
 * (SITE_URL or Netlify's URL) only the request knows it: so it is answered on demand, and kept by
 * the CDN like any other public answer. The admin panel and the API are not for crawlers; nor is
 * any page of a deploy preview or branch deploy, which Netlify serves at a public address of its
 * own (work in progress, or a copy of the live site) and marks for no search engine itself.
 */
import type { APIRoute } from 'astro';
import { absoluteUrl, publicOrigin, SITEMAP_PATH } from '../lib/permalinks';
import { PATH_ONLY, publicCacheHeaders } from '../server/http/cdn-cache';
import { isLiveDeploy } from '../server/deploy-context';

export const prerender = false;

export const GET: APIRoute = (context) => {
  const lines = isLiveDeploy()
    ? ['User-agent: *', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${absoluteUrl(SITEMAP_PATH, publicOrigin(context))}`, '']
    : ['User-agent: *', 'Disallow: /', ''];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8', ...publicCacheHeaders(PATH_ONLY, []) } });
};
