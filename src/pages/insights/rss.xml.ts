/**
 * /insights/rss.xml: RSS 2.0 feed of the newest published articles with their full, sanitised
 * body in content:encoded. On demand, one query, cached at the CDN under the 'articles' tag.
 * https://www.rssboard.org/rss-specification
 */
import type { APIRoute } from 'astro';
import { firm } from '../../content/site';
import { articleUrl, INSIGHTS_PATH, INSIGHTS_RSS_PATH } from '../../lib/permalinks';
import { escapeXml } from '../../lib/xml';
import { getDb } from '../../server/db/client';
import { listPublishedArticlesForFeed } from '../../server/repositories/articles';
import { publicCacheHeaders } from '../../server/cdn-cache';
import { sanitizeArticleHtml } from '../../server/sanitize-html';
import { insightsPage } from './_content';

export const prerender = false;

/** Readers poll feeds often; the newest fifty full articles keep each fetch small. */
export const FEED_SIZE = 50;

export const GET: APIRoute = async ({ site, url }) => {
  const origin = site ?? new URL(url.origin);
  let articles;
  try {
    articles = await listPublishedArticlesForFeed(getDb(), FEED_SIZE);
  } catch (err) {
    console.error('[rss] listing articles failed:', err instanceof Error ? err.message : err);
    return new Response('Feed temporarily unavailable', { status: 503, headers: { 'Cache-Control': 'no-store' } });
  }

  const abs = (path: string) => escapeXml(new URL(path, origin).href);
  const lastBuild = articles.reduce<Date | undefined>((max, a) => (!max || a.updatedAt > max ? a.updatedAt : max), undefined);

  const items = articles.map((article) => {
    const link = abs(articleUrl(article));
    return [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="false">${escapeXml(`${new URL(INSIGHTS_PATH, origin).href}#article-${article.id}`)}</guid>`,
      `      <pubDate>${article.publishedAt.toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(article.author)}</dc:creator>`,
      `      <category>${escapeXml(article.category)}</category>`,
      `      <description>${escapeXml(article.description)}</description>`,
      `      <content:encoded>${escapeXml(sanitizeArticleHtml(article.content ?? ''))}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });

  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(`${firm.name} ${insightsPage.title}`)}</title>`,
    `    <link>${abs(INSIGHTS_PATH)}</link>`,
    `    <atom:link href="${abs(INSIGHTS_RSS_PATH)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(insightsPage.metaDescription)}</description>`,
    '    <language>en-AU</language>',
    ...(lastBuild ? [`    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');

  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', ...publicCacheHeaders() },
  });
};
