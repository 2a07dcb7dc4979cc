/**
 * /sitemap-pages.xml and /sitemap-articles-{n}.xml: the parts a sitemap index lists once
 * /sitemap.xml would pass SITEMAP_URL_LIMIT URLs (see there). While the sitemap is one file, or for
 * a part past the last, they are 404s. On demand, one query, cached under the 'articles' tag.
 */
import type { APIRoute } from 'astro';
import { publicOrigin } from '../lib/permalinks';
import { CACHE_TAGS, PATH_ONLY } from '../server/http/cdn-cache';
import { respondOnDemand } from '../server/pages/on-demand';
import { listPublishedArticleLinks } from '../server/repositories/articles';
import { articleParts, SITEMAP_URL_LIMIT, staticPaths, urlset } from './sitemap.xml';

export const prerender = false;

export const GET: APIRoute = (context) => {
  const origin = publicOrigin(context);
  const part = context.params.part ?? '';
  const articlesPart = /^articles-([1-9]\d{0,5})$/.exec(part);
  if (part !== 'pages' && !articlesPart) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const n = articlesPart ? Number(articlesPart[1]) : 0;
  // A part exists only while the sitemap is split, and only up to its last.
  const missing = (total: number) => articleParts(total) === 0 || n > articleParts(total);

  return respondOnDemand(
    (db) => listPublishedArticleLinks(db, { offset: n ? (n - 1) * SITEMAP_URL_LIMIT : 0, limit: n ? SITEMAP_URL_LIMIT : 1 }),
    ({ links, total }) =>
      missing(total)
        ? { body: 'Not found', contentType: 'text/plain; charset=utf-8' }
        : urlset(origin, n ? [] : staticPaths(), n ? links : [], { allArticles: false }),
    {
      label: 'sitemap',
      tags: [CACHE_TAGS.articles],
      cacheKey: PATH_ONLY,
      isMissing: ({ total }) => missing(total),
      unavailableText: 'Sitemap temporarily unavailable',
    },
  );
};
