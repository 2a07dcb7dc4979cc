/**
 * Every article URL is built here and nowhere else. An article with a slug lives at
 * /insights/{slug} (its canonical URL); without one at /insights/{id}. /insights/{id} keeps
 * resolving for slugged articles too, so old links never break.
 */

export const INSIGHTS_PATH = '/insights';
export const INSIGHTS_RSS_PATH = '/insights/rss.xml';
export const SITEMAP_PATH = '/sitemap.xml';

export interface ArticleLinkFields {
  id: number;
  slug: string | null;
}

/** The site-relative canonical path of an article. */
export function articleUrl(article: ArticleLinkFields): string {
  const slug = article.slug?.trim();
  return `${INSIGHTS_PATH}/${slug ? encodeURIComponent(slug) : article.id}`;
}

/** An absolute URL on the site's public origin (canonical links, sitemap, RSS, Open Graph). */
export function absoluteUrl(path: string, site: URL | string): string {
  return new URL(path, site).href;
}
