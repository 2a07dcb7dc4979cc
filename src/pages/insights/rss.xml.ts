/**
 * /insights/rss.xml: RSS 2.0 feed of the newest published articles with their full, sanitised
 * body in content:encoded (while the bodies fit FEED_BODY_BUDGET), built by @astrojs/rss. On
 * demand, one query, cached at the CDN under the 'articles' tag.
 */
import { getRssString } from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { insightsPage } from '../../content/insights';
import { firm } from '../../content/site';
import { absoluteUrl, articleUrl, INSIGHTS_RSS_PATH, PAGE_PATHS, publicOrigin } from '../../lib/permalinks';
import { escapeXml, xmlChars } from '../../lib/xml';
import { CACHE_TAGS, PATH_ONLY } from '../../server/http/cdn-cache';
import { respondOnDemand } from '../../server/pages/on-demand';
import { listPublishedArticlesForFeed, type FeedArticle } from '../../server/repositories/articles';
import { sanitizeArticleHtmlForFeed } from '../../server/sanitize-html';

export const prerender = false;

/** Readers poll feeds often: the newest fifty articles, and their bodies only while they fit FEED_BODY_BUDGET. */
export const FEED_SIZE = 50;

/**
 * Characters of article body (as stored, cleaned) the feed carries in all. Fifty bodies near their
 * 200,000-character limit made a 27 MB feed, over four times the 6 MB a buffered function answer
 * may carry on AWS Lambda (where Netlify runs functions), rebuilt at every CDN miss; escaped as XML,
 * this budget stays within about 3 MB. Past it, an item is its title, description and link, as in
 * any feed of summaries.
 */
export const FEED_BODY_BUDGET = 1_000_000;

/**
 * Text for the feed's customData. @astrojs/rss parses customData again (fast-xml-parser) and writes
 * it anew; that parser decodes the named entities but not numeric ones, so escapeXml's '&#39;'
 * would reach readers as those five characters ("O&#39;Brien"). An apostrophe needs no escaping in
 * text or in a double-quoted attribute.
 */
const customDataText = (value: string) => escapeXml(value).replaceAll('&#39;', "'");

/**
 * An item's guid: a tag URI (RFC 4151) of the firm's domain and the article's id, fixed for good.
 * Not the URL (a slug added or changed later) nor anything of the origin the feed is read at (another
 * name, https, a custom domain once SITE_URL is set): each would make readers see an old article anew.
 */
const feedItemId = (articleId: number): string => `tag:surgere.com.au,2026:article-${articleId}`;

export const GET: APIRoute = (context) => {
  const origin = publicOrigin(context);
  const abs = (path: string) => absoluteUrl(path, origin);

  async function render(articles: FeedArticle[]) {
    const lastBuild = articles.reduce<Date | undefined>((max, a) => (!max || a.updatedAt > max ? a.updatedAt : max), undefined);
    const body = await getRssString({
      title: `${firm.name} ${insightsPage.title}`,
      description: insightsPage.metaDescription,
      site: abs(PAGE_PATHS.insights),
      trailingSlash: false,
      xmlns: { dc: 'http://purl.org/dc/elements/1.1/', atom: 'http://www.w3.org/2005/Atom' },
      // customData is parsed as XML, so every value in it is escaped (customDataText).
      customData: [
        `<atom:link href="${customDataText(abs(INSIGHTS_RSS_PATH))}" rel="self" type="application/rss+xml"/>`,
        '<language>en-AU</language>',
        lastBuild ? `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>` : '',
      ].join(''),
      items: articles.map((article) => ({
        // @astrojs/rss escapes the five specials but keeps a control character pasted into a title
        // or body, and one of them makes the whole feed malformed for every reader.
        title: xmlChars(article.title),
        link: abs(articleUrl(article)),
        pubDate: article.publishedAt,
        // Plain text, but readers take an item's description as HTML: escaped as HTML here, then as
        // XML by the feed, so '<img onerror=...>' in one reads as those characters.
        description: escapeXml(article.description),
        // Null past the body budget (listPublishedArticlesForFeed).
        content: article.content === null ? undefined : xmlChars(sanitizeArticleHtmlForFeed(article.content, abs(articleUrl(article)))),
        categories: [article.category],
        customData: [
          `<guid isPermaLink="false">${feedItemId(article.id)}</guid>`,
          `<dc:creator>${customDataText(article.author)}</dc:creator>`,
        ].join(''),
      })),
    });
    return { body, contentType: 'application/rss+xml; charset=utf-8' };
  }

  return respondOnDemand((db) => listPublishedArticlesForFeed(db, { limit: FEED_SIZE, bodyBudget: FEED_BODY_BUDGET }), render, {
    label: 'rss',
    tags: [CACHE_TAGS.articles],
    cacheKey: PATH_ONLY,
    unavailableText: 'Feed temporarily unavailable',
  });
};
