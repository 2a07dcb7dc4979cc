/**
 * /sitemap.xml: the static pages and every published article (lastmod from its updatedAt), built on
 * demand in one query and cached at the CDN under the 'articles' tag, so a publish shows up at once.
 * Past SITEMAP_URL_LIMIT URLs it becomes a sitemap index of parts (src/pages/sitemap-[part].xml.ts):
 * the site's pages, then published articles a thousand to a part, oldest first, so each file stays
 * small and an article keeps its part.
 */
import type { APIRoute } from 'astro';
import { contactNav, footerQuickLinks, legalLinks, mainNav } from '../content/site';
import { absoluteUrl, articleUrl, PAGE_PATHS, publicOrigin, sitemapArticlesPath, sitemapPagesPath } from '../lib/permalinks';
import { escapeXml } from '../lib/xml';
import { CACHE_TAGS, PATH_ONLY } from '../server/http/cdn-cache';
import { respondOnDemand } from '../server/pages/on-demand';
import { listPublishedArticleLinksUpTo, type ArticleLink } from '../server/repositories/articles';

export const prerender = false;

/** URLs one sitemap file lists at most, before the sitemap is split into parts. */
export const SITEMAP_URL_LIMIT = 1000;

/** Every public page the site links to from its header and footer; /admin is not one of them. */
export function staticPaths(): string[] {
  return [...new Set([...mainNav, contactNav, ...footerQuickLinks, ...legalLinks].map((link) => link.href))];
}

const XML = 'application/xml; charset=utf-8';

/**
 * A <urlset> of the static `paths` and the `articles`. When the articles are all there are, the
 * Insights list's lastmod is the newest article's.
 */
export function urlset(origin: URL, paths: string[], articles: ArticleLink[], { allArticles }: { allArticles: boolean }): { body: string; contentType: string } {
  const newest = allArticles ? articles.reduce<Date | undefined>((max, a) => (!max || a.updatedAt > max ? a.updatedAt : max), undefined) : undefined;
  const entry = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(absoluteUrl(path, origin))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => entry(path, path === PAGE_PATHS.insights ? newest : undefined)),
    ...articles.map((article) => entry(articleUrl(article), article.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
  return { body, contentType: XML };
}

/** How many article parts a split sitemap has for `published` articles (0: it is not split). */
export function articleParts(published: number): number {
  return staticPaths().length + published <= SITEMAP_URL_LIMIT ? 0 : Math.ceil(published / SITEMAP_URL_LIMIT);
}

export const GET: APIRoute = (context) => {
  const origin = publicOrigin(context);
  const paths = staticPaths();

  function render({ links, total }: { links: ArticleLink[]; total: number }) {
    const parts = articleParts(total);
    if (parts === 0) return urlset(origin, paths, links, { allArticles: true });
    const locs = [sitemapPagesPath(), ...Array.from({ length: parts }, (_, i) => sitemapArticlesPath(i + 1))];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...locs.map((path) => `  <sitemap><loc>${escapeXml(absoluteUrl(path, origin))}</loc></sitemap>`),
      '</sitemapindex>',
      '',
    ].join('\n');
    return { body, contentType: XML };
  }

  // Every link when they all fit beside the static pages, and the count that says whether they did.
  return respondOnDemand((db) => listPublishedArticleLinksUpTo(db, SITEMAP_URL_LIMIT - paths.length), render, {
    label: 'sitemap',
    tags: [CACHE_TAGS.articles],
    cacheKey: PATH_ONLY,
    unavailableText: 'Sitemap temporarily unavailable',
  });
};
