/**
 * /sitemap.xml: the static pages and every published article (lastmod from its updatedAt), built on
 * demand in one query and cached at the CDN under the 'articles' tag, so a publish shows up at once.
 * https://www.sitemaps.org/protocol.html
 */
import type { APIRoute } from 'astro';
import { contactNav, footerQuickLinks, legalLinks, mainNav } from '../content/site';
import { articleUrl, INSIGHTS_PATH } from '../lib/permalinks';
import { escapeXml } from '../lib/xml';
import { getDb } from '../server/db/client';
import { listPublishedArticleLinks } from '../server/repositories/articles';
import { publicCacheHeaders } from '../server/cdn-cache';

export const prerender = false;

/** Every public page the site links to from its header and footer; /admin is not one of them. */
export function staticPaths(): string[] {
  return [...new Set([...mainNav, contactNav, ...footerQuickLinks, ...legalLinks].map((link) => link.href))];
}

export const GET: APIRoute = async ({ site, url }) => {
  const origin = site ?? new URL(url.origin);
  let articles;
  try {
    articles = await listPublishedArticleLinks(getDb());
  } catch (err) {
    console.error('[sitemap] listing articles failed:', err instanceof Error ? err.message : err);
    return new Response('Sitemap temporarily unavailable', { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }

  const newest = articles.reduce<Date | undefined>((max, a) => (!max || a.updatedAt > max ? a.updatedAt : max), undefined);
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(new URL(path, origin).href)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...staticPaths().map((path) => entry(path, path === INSIGHTS_PATH ? newest : undefined)),
    ...articles.map((article) => entry(articleUrl(article), article.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');

  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...publicCacheHeaders() },
  });
};
