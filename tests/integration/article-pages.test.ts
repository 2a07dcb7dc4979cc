/**
 * Insights at scale: the paged Insights list (cards and per-category counts in one statement), the
 * admin panel's paged list and its API, the sitemap split into parts past 1,000 URLs, and the feed
 * bounded to the newest 50. On a database of this file's own, so every count and page boundary is
 * known exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin } from 'kysely';
import articlesFunction from '../../netlify/functions/articles.ts';
import { getDb } from '../../src/server/db/client.ts';
import type { NewArticle } from '../../src/server/db/schema.ts';
import { listArticlePage, listPublishedArticleCardPage, listPublishedArticleLinks } from '../../src/server/repositories/articles.ts';
import { GET as sitemapGet, SITEMAP_URL_LIMIT, staticPaths } from '../../src/pages/sitemap.xml.ts';
import { GET as sitemapPartGet } from '../../src/pages/sitemap-[part].xml.ts';
import { FEED_BODY_BUDGET, FEED_SIZE, GET as rssGet } from '../../src/pages/insights/rss.xml.ts';
import { ARTICLE_LIMITS } from '../../src/schemas/article.ts';
import { call } from '../support/call.ts';
import { endpointContext } from '../support/endpoint-context.ts';
import { useOwnDatabase } from '../support/own-database.ts';

const EVENTS = 'Events & Announcements' as const;
const TRENDS = 'Industry Trends & Insights' as const;
const DAY = 24 * 3600 * 1000;
const START = Date.UTC(2026, 0, 1);

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
/** Published ids in list order: newest first, the id breaking a tie. */
let listed: number[] = [];

/** Counts the statements a Kysely handle sends: one result comes back for each (subqueries are parts of one). */
function counting() {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  };
  return { db: getDb().withPlugin(plugin), count: () => statements };
}

async function insert(rows: Array<Partial<NewArticle>>) {
  const values = rows.map((row, i) => ({ title: `Article ${i}`, description: 'D', readTime: '3 min read', content: '<p>Body</p>', ...row }));
  return getDb().insertInto('articles').values(values).returning(['id', 'publishedAt', 'isPublished']).execute();
}

beforeAll(async () => {
  own = await useOwnDatabase();
  // 30 published: 10 Events, 20 Trends, one day apart; articles 5 and 6 share a publication time.
  // Two drafts, the newest rows of all, that no public read may show.
  const rows = Array.from({ length: 30 }, (_, i) => ({
    title: `Published ${i}`,
    category: i % 3 === 0 ? EVENTS : TRENDS,
    publishedAt: new Date(START + (i === 6 ? 5 : i) * DAY),
  }));
  const inserted = await insert(rows);
  await insert([
    { title: 'Draft A', isPublished: false, publishedAt: new Date(START + 100 * DAY) },
    { title: 'Draft B', isPublished: false, publishedAt: new Date(START + 101 * DAY) },
  ]);
  listed = inserted
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || b.id - a.id)
    .map((r) => r.id);
});

afterAll(async () => {
  await own?.stop();
});

describe('listPublishedArticleCardPage', () => {
  it('answers one page of 12, newest first with the id breaking a tie, and every count, in one statement', async () => {
    const { db, count } = counting();
    const first = await listPublishedArticleCardPage(db, { category: null, page: 1, pageSize: 12 });
    expect(count()).toBe(1);
    expect(first.cards.map((c) => c.id)).toEqual(listed.slice(0, 12));
    expect(first.countsByCategory).toEqual({ [EVENTS]: 10, [TRENDS]: 20 });
    expect(first.cards[0].publishedAt).toBeInstanceOf(Date);
    expect(Object.keys(first.cards[0]).sort()).toEqual(
      ['author', 'category', 'description', 'id', 'imageUrl', 'isFeatured', 'publishedAt', 'readTime', 'slug', 'title', 'youtubeUrl'].sort(),
    );

    const second = await listPublishedArticleCardPage(db, { category: null, page: 2, pageSize: 12 });
    const third = await listPublishedArticleCardPage(db, { category: null, page: 3, pageSize: 12 });
    expect(second.cards.map((c) => c.id)).toEqual(listed.slice(12, 24));
    expect(third.cards.map((c) => c.id)).toEqual(listed.slice(24));
    expect(third.cards).toHaveLength(6);
  });

  it('pages a category by itself, with the same counts', async () => {
    const events = await getDb().selectFrom('articles').select('id').where('category', '=', EVENTS).where('isPublished', '=', true).execute();
    const eventIds = new Set(events.map((r) => r.id));
    const inEvents = listed.filter((id) => eventIds.has(id));
    const first = await listPublishedArticleCardPage(getDb(), { category: EVENTS, page: 1, pageSize: 4 });
    const last = await listPublishedArticleCardPage(getDb(), { category: EVENTS, page: 3, pageSize: 4 });
    expect(first.cards.map((c) => c.id)).toEqual(inEvents.slice(0, 4));
    expect(last.cards.map((c) => c.id)).toEqual(inEvents.slice(8));
    expect(first.cards.every((c) => c.category === EVENTS)).toBe(true);
    expect(last.countsByCategory).toEqual({ [EVENTS]: 10, [TRENDS]: 20 });
  });

  it('pages seek correctly whatever the page size, also when a page starts between two articles of the same time', async () => {
    // Size 24 starts page 2 on the second of the two articles published at the same moment.
    for (const pageSize of [1, 7, 24]) {
      const ids: number[] = [];
      for (let page = 1; page <= Math.ceil(listed.length / pageSize); page += 1) {
        const { cards } = await listPublishedArticleCardPage(getDb(), { category: null, page, pageSize });
        ids.push(...cards.map((c) => c.id));
      }
      expect(ids).toEqual(listed);
    }
  });

  it('answers no cards past the last page, and the counts still', async () => {
    const past = await listPublishedArticleCardPage(getDb(), { category: null, page: 4, pageSize: 12 });
    expect(past).toEqual({ cards: [], countsByCategory: { [EVENTS]: 10, [TRENDS]: 20 } });
  });
});

describe('the admin list, paged', () => {
  it('listArticlePage: drafts too for an admin, the total riding on the page', async () => {
    const page = await listArticlePage(getDb(), { publishedOnly: false, page: 1, pageSize: 5 });
    expect(page.total).toBe(32);
    expect(page.items.map((a) => a.title)).toEqual(['Draft B', 'Draft A', ...[29, 28, 27].map((i) => `Published ${i}`)]);
    expect(await listArticlePage(getDb(), { publishedOnly: true, page: 7, pageSize: 5 })).toEqual({ items: [], total: 30 });
  });

  it('GET /api/articles?page=&pageSize= answers {items, total}; an array of the list without them', async () => {
    const r = await call(articlesFunction, '/api/articles?page=2&pageSize=12');
    expect(r.status).toBe(200);
    expect(r.json.total).toBe(30);
    expect(r.json.items.map((a: { id: number }) => a.id)).toEqual(listed.slice(12, 24));
    const whole = await call(articlesFunction, '/api/articles');
    expect(whole.json.map((a: { id: number }) => a.id)).toEqual(listed);
    expect(whole.headers.get('x-total-count')).toBe('30');
    const newest = await call(articlesFunction, '/api/articles?pageSize=3');
    expect(newest.json.map((a: { id: number }) => a.id)).toEqual(listed.slice(0, 3));
    expect(newest.headers.get('x-total-count')).toBe('30');
  });

  it.each([
    ['page=0&pageSize=12', 'page'],
    ['page=abc&pageSize=12', 'page'],
    ['page=1&pageSize=0', 'pageSize'],
    ['page=1&pageSize=500', 'pageSize'],
    // A number is its digits alone, as /insights?page= reads it: no exponent, fraction, sign, base or spaces.
    ['page=1e3&pageSize=12', 'page'],
    ['page=2.0&pageSize=12', 'page'],
    ['page=%2B2&pageSize=12', 'page'],
    ['page=0x10&pageSize=12', 'page'],
    ['page=%202&pageSize=12', 'page'],
    ['page=1&pageSize=1e1', 'pageSize'],
    // The array without ?page reads its size the same way.
    ['pageSize=0', 'pageSize'],
    ['pageSize=abc', 'pageSize'],
    ['published=true&pageSize=100000', 'pageSize'],
  ])('GET /api/articles?%s is a 400 naming %s', async (query, field) => {
    const r = await call(articlesFunction, `/api/articles?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.issues)).toEqual([field]);
  });
});

describe('feed and sitemap at scale', () => {
  it('the feed carries the newest 50 only', async () => {
    await insert(Array.from({ length: 40 }, (_, i) => ({ title: `Feed filler ${i}`, publishedAt: new Date(START - (i + 1) * DAY) })));
    const xml = await (await rssGet(endpointContext('/insights/rss.xml'))).text();
    expect(FEED_SIZE).toBe(50);
    expect(xml.split('<item>')).toHaveLength(FEED_SIZE + 1);
  });

  it('one urlset up to 1,000 URLs; past them an index of parts, each a valid urlset, others 404', async () => {
    const published = 70; // 30 + the 40 feed fillers
    expect((await listPublishedArticleLinks(getDb(), { offset: 0, limit: 5 })).total).toBe(published);
    let xml = await (await sitemapGet(endpointContext('/sitemap.xml'))).text();
    expect(xml).toContain('<urlset');
    expect(xml.match(/<url>/g)).toHaveLength(staticPaths().length + published);
    expect((await sitemapPartGet(endpointContext('/sitemap-articles-1.xml', { part: 'articles-1' }))).status).toBe(404);

    // Past the limit: 1,100 more articles make the sitemap an index of the pages and two parts.
    await insert(Array.from({ length: 1100 }, (_, i) => ({ title: `Bulk ${i}`, publishedAt: new Date(START - (100 + i) * DAY) })));
    const total = published + 1100;
    const res = await sitemapGet(endpointContext('/sitemap.xml'));
    expect(res.status).toBe(200);
    xml = await res.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      'https://surgere.example/sitemap-pages.xml',
      'https://surgere.example/sitemap-articles-1.xml',
      'https://surgere.example/sitemap-articles-2.xml',
    ]);

    const pages = await (await sitemapPartGet(endpointContext('/sitemap-pages.xml', { part: 'pages' }))).text();
    expect(pages.match(/<url>/g)).toHaveLength(staticPaths().length);
    const part1 = await (await sitemapPartGet(endpointContext('/sitemap-articles-1.xml', { part: 'articles-1' }))).text();
    const part2 = await (await sitemapPartGet(endpointContext('/sitemap-articles-2.xml', { part: 'articles-2' }))).text();
    expect(part1.match(/<url>/g)).toHaveLength(SITEMAP_URL_LIMIT);
    expect(part2.match(/<url>/g)).toHaveLength(total - SITEMAP_URL_LIMIT);
    expect(part2).toContain('<urlset');
    for (const part of ['articles-3', 'articles-0', 'other']) {
      const r = await sitemapPartGet(endpointContext(`/sitemap-${part}.xml`, { part }));
      expect(r.status, part).toBe(404);
    }
  });
});

describe('the public array at scale', () => {
  it('holds the newest 100 only, the whole length in X-Total-Count, the rest a page away', async () => {
    const total = 30 + 40 + 1100; // the articles above, the feed fillers and the sitemap's bulk
    const r = await call(articlesFunction, '/api/articles?published=true');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-total-count')).toBe(String(total));
    const ids = (r.json as { id: number }[]).map((a) => a.id);
    expect(ids).toHaveLength(100);
    expect(ids.slice(0, 30)).toEqual(listed);
    const next = await call(articlesFunction, '/api/articles?published=true&page=2&pageSize=100');
    expect(next.json.total).toBe(total);
    expect(next.json.items).toHaveLength(100);
    expect(next.json.items.some((a: { id: number }) => ids.includes(a.id))).toBe(false);
  });
});

describe('the feed of long articles', () => {
  it('keeps each fetch small: full bodies while they fit FEED_BODY_BUDGET, the rest of the newest 50 by their description and link', async () => {
    // Fifty articles near the body limit made a 27 MB feed, past what a function may answer
    // (Netlify: 6 MB, 20 MB streamed), rebuilt for every reader's poll.
    const paragraph = '<p>Growth &amp; <strong>brand</strong> strategy, <a href="https://surgere.example/services">our services</a></p>';
    const body = paragraph.repeat(Math.floor(ARTICLE_LIMITS.content / paragraph.length));
    expect(body.length).toBeLessThanOrEqual(ARTICLE_LIMITS.content);
    const rows = await insert(Array.from({ length: 50 }, (_, i) => ({ title: `Long ${i}`, content: body, publishedAt: new Date(Date.UTC(2026, 10, 1) + i * DAY) })));
    const res = await rssGet(endpointContext('/insights/rss.xml'));
    expect(res.status).toBe(200);
    const xml = await res.text();
    const items = xml.split('<item>').slice(1);
    expect(items).toHaveLength(FEED_SIZE);
    const withBody = Math.floor(FEED_BODY_BUDGET / body.length);
    expect(withBody).toBeGreaterThan(0);
    const newestFirst = rows.map((r) => r.id).reverse();
    expect(items.map((item) => /:article-(\d+)</.exec(item)?.[1])).toEqual(newestFirst.map(String));
    expect(items.map((item) => item.includes('<content:encoded>'))).toEqual(newestFirst.map((_, i) => i < withBody));
    expect(Buffer.byteLength(xml)).toBeLessThan(3 * FEED_BODY_BUDGET);
  }, 60_000);
});
