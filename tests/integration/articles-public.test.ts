import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIContext } from 'astro';
import articles from '../../netlify/functions/articles.ts';
import { getDb } from '../../src/server/db/client.ts';
import type { NewArticle } from '../../src/server/db/schema.ts';
import {
  findDraftArticleByIdOrSlug,
  findPublishedArticleByIdOrSlug,
  listPublishedArticleCardPage,
  listPublishedArticleLinks,
  listPublishedArticlesForFeed,
} from '../../src/server/repositories/articles.ts';
import { GET as sitemapGet, staticPaths } from '../../src/pages/sitemap.xml.ts';
import { GET as rssGet } from '../../src/pages/insights/rss.xml.ts';
import { GET as robotsGet } from '../../src/pages/robots.txt.ts';
import { asDeploy } from '../support/as-deploy.ts';
import { call } from '../support/call.ts';
import { endpointContext, SITE } from '../support/endpoint-context.ts';

// Other test files share the database and may add articles of their own: every assertion here is
// about this file's rows, found by a run-unique marker.
const RUN = crypto.randomBytes(4).toString('hex');

async function insertArticle(overrides: Partial<NewArticle> & { title: string }) {
  return getDb()
    .insertInto('articles')
    .values({
      description: `Description of ${overrides.title}`,
      content: '<p>Body</p>',
      readTime: '5 min read',
      category: 'Thought Leadership',
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

let older: Awaited<ReturnType<typeof insertArticle>>;
let newer: Awaited<ReturnType<typeof insertArticle>>;
let draft: Awaited<ReturnType<typeof insertArticle>>;
let slugged: Awaited<ReturnType<typeof insertArticle>>;

beforeAll(async () => {
  older = await insertArticle({ title: `Older ${RUN}`, publishedAt: new Date('2026-01-10T00:00:00Z') });
  newer = await insertArticle({
    title: `Newer ${RUN}`,
    publishedAt: new Date('2026-03-10T00:00:00Z'),
    youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
    category: 'Industry Trends & Insights',
    tags: ['growth', 'b2b'],
  });
  draft = await insertArticle({ title: `Draft ${RUN}`, isPublished: false, slug: `draft-${RUN}` });
  slugged = await insertArticle({ title: `Slugged ${RUN}`, slug: `slugged-${RUN}`, metaTitle: 'Meta title' });
});

const mine = <T extends { title: string }>(rows: T[]) => rows.filter((r) => r.title.endsWith(RUN));

// Exact pages and counts are in article-pages.test.ts, on a database of its own.
const bigPage = () => listPublishedArticleCardPage(getDb(), { category: null, page: 1, pageSize: 10_000 });

describe('listPublishedArticleCardPage', () => {
  it('lists published articles newest first and never a draft', async () => {
    const rows = mine((await bigPage()).cards);
    const titles = rows.map((r) => r.title);
    expect(titles).not.toContain(draft.title);
    expect(titles.indexOf(newer.title)).toBeLessThan(titles.indexOf(older.title));
  });

  it('selects only what a card shows (no body, no SEO fields)', async () => {
    const [row] = mine((await bigPage()).cards);
    expect(Object.keys(row).sort()).toEqual(
      ['author', 'category', 'description', 'id', 'imageUrl', 'isFeatured', 'publishedAt', 'readTime', 'slug', 'title', 'youtubeUrl'].sort(),
    );
  });
});

describe('findPublishedArticleByIdOrSlug', () => {
  it('finds a published article by id and by slug', async () => {
    expect((await findPublishedArticleByIdOrSlug(getDb(), String(newer.id)))?.title).toBe(newer.title);
    const bySlug = await findPublishedArticleByIdOrSlug(getDb(), `slugged-${RUN}`);
    expect(bySlug).toMatchObject({ id: slugged.id, metaTitle: 'Meta title' });
    expect((await findPublishedArticleByIdOrSlug(getDb(), String(slugged.id)))?.id).toBe(slugged.id);
  });

  it('carries what the article page renders', async () => {
    const row = await findPublishedArticleByIdOrSlug(getDb(), String(newer.id));
    expect(row).toMatchObject({ content: '<p>Body</p>', tags: ['growth', 'b2b'], youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(row?.updatedAt).toBeInstanceOf(Date);
    expect(row).not.toHaveProperty('isPublished');
  });

  it('reads a number as an id, since the table refuses a slug of digits alone', async () => {
    expect((await findPublishedArticleByIdOrSlug(getDb(), String(older.id)))?.id).toBe(older.id);
    await expect(insertArticle({ title: `Digit slug ${RUN}`, slug: String(newer.id) })).rejects.toThrow(/articles_slug_not_a_number/);
  });

  it.each([
    ['a draft by id', () => String(draft.id)],
    ['a draft by slug', () => `draft-${RUN}`],
    ['an unknown id', () => '2147483000'],
    ['an unknown slug', () => `nothing-${RUN}`],
    ['an id beyond the integer range', () => '99999999999999'],
    ['a zero-padded id', () => `0${newer.id}`],
    ['a negative id', () => `-${newer.id}`],
    ['an empty key', () => ''],
    ['SQL in the key', () => `1' or '1'='1`],
    ['an overlong key', () => 'x'.repeat(500)],
  ])('answers undefined for %s', async (_name, key) => {
    expect(await findPublishedArticleByIdOrSlug(getDb(), key())).toBeUndefined();
  });
});

describe('findDraftArticleByIdOrSlug (an admin\'s preview)', () => {
  it('finds a draft by id and by slug, with what its page renders', async () => {
    expect((await findDraftArticleByIdOrSlug(getDb(), String(draft.id)))?.id).toBe(draft.id);
    expect((await findDraftArticleByIdOrSlug(getDb(), `draft-${RUN}`))?.title).toBe(draft.title);
  });

  it('answers undefined for a published article, an unknown key and a key no article can have', async () => {
    for (const key of [String(newer.id), `slugged-${RUN}`, '2147483000', `1' or '1'='1`, '']) expect(await findDraftArticleByIdOrSlug(getDb(), key), key).toBeUndefined();
  });
});

describe('feed and sitemap reads', () => {
  it('feed: newest first with the full body, drafts left out, limited', async () => {
    const rows = mine(await listPublishedArticlesForFeed(getDb(), { limit: 1000, bodyBudget: 10_000_000 }));
    expect(rows.map((r) => r.title)).not.toContain(draft.title);
    expect(rows.find((r) => r.id === newer.id)?.content).toBe('<p>Body</p>');
    expect(await listPublishedArticlesForFeed(getDb(), { limit: 2, bodyBudget: 10_000_000 })).toHaveLength(2);
  });

  it('feed: bodies while the bodies so far fit the budget, in characters, then none; an empty one within it is empty text', async () => {
    // Newest first: 3 characters, none, 4 (an emoji is one character), then 5.
    const at = (day: number) => new Date(Date.UTC(2030, 0, day));
    const made = [
      await insertArticle({ title: `Budget a ${RUN}`, content: '<b>12345</b>', publishedAt: at(1) }),
      await insertArticle({ title: `Budget b ${RUN}`, content: 'ab😀c', publishedAt: at(2) }),
      await insertArticle({ title: `Budget c ${RUN}`, content: null, publishedAt: at(3) }),
      await insertArticle({ title: `Budget d ${RUN}`, content: 'xyz', publishedAt: at(4) }),
    ];
    const rows = await listPublishedArticlesForFeed(getDb(), { limit: 4, bodyBudget: 7 });
    expect(rows.map((r) => [r.title, r.content])).toEqual([
      [made[3].title, 'xyz'],
      [made[2].title, ''],
      [made[1].title, 'ab😀c'],
      [made[0].title, null],
    ]);
  });

  it('sitemap: id, slug and last change of every published article', async () => {
    const { links: rows } = await listPublishedArticleLinks(getDb(), { offset: 0, limit: 10_000 });
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([older.id, newer.id, slugged.id]));
    expect(ids).not.toContain(draft.id);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'slug', 'updatedAt']);
  });
});

describe('public article API (visitor, no session)', () => {
  it('GET /api/articles?published=true: published only, newest first', async () => {
    const r = await call(articles, '/api/articles?published=true');
    expect(r.status).toBe(200);
    const titles = mine(r.json as { title: string }[]).map((a) => a.title);
    expect(titles).not.toContain(draft.title);
    expect(titles.indexOf(newer.title)).toBeLessThan(titles.indexOf(older.title));
  });

  it('GET /api/articles/{id}: a published article', async () => {
    const r = await call(articles, `/api/articles/${newer.id}`, { params: { id: String(newer.id) } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ id: newer.id, title: newer.title, isPublished: true });
  });

  it('GET /api/articles/{id}: 404 for a draft, an unknown and a malformed id', async () => {
    for (const id of [String(draft.id), '2147483000', 'abc']) {
      const r = await call(articles, `/api/articles/${id}`, { params: { id } });
      expect(r.status, id).toBe(404);
      expect(JSON.stringify(r.json)).not.toContain(RUN);
    }
  });

  it('GET /api/articles without ?published=true answers a visitor the published list, drafts hidden', async () => {
    const r = await call(articles, '/api/articles');
    expect(r.status).toBe(200);
    const titles = mine(r.json as { title: string }[]).map((a) => a.title);
    expect(titles).toEqual(expect.arrayContaining([older.title, newer.title, slugged.title]));
    expect(titles).not.toContain(draft.title);
  });
});

// The sitemap, feed and robots routes are plain Astro endpoints: called here with the context fields
// they read (tests/support/endpoint-context.ts), against the same database.
describe('/sitemap.xml', () => {
  it('lists the static pages and every published article with lastmod, CDN-cacheable', async () => {
    const res = await sitemapGet(endpointContext('/sitemap.xml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('netlify-cache-tag')).toBe('articles');
    expect(res.headers.get('netlify-cdn-cache-control')).toContain('stale-while-revalidate');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    for (const path of ['/', '/about', '/services', '/packages', '/partners', '/insights', '/contact', '/cookie-policy', '/privacy-policy', '/terms-of-use']) {
      expect(xml).toContain(`<loc>${new URL(path, SITE).href}</loc>`);
    }
    expect(staticPaths()).not.toContain('/admin');
    expect(xml).toContain(`<url><loc>https://surgere.example/insights/${newer.id}</loc><lastmod>${newer.updatedAt.toISOString()}</lastmod></url>`);
    expect(xml).toContain(`<loc>https://surgere.example/insights/slugged-${RUN}</loc>`);
    expect(xml).not.toContain(`/insights/${draft.id}<`);
    expect(xml).not.toContain(`draft-${RUN}`);
  });
});

describe('/insights/rss.xml', () => {
  it('carries the published articles with their full, sanitised body', async () => {
    const hostile = await insertArticle({
      title: `Hostile <b>&</b> ${RUN}`,
      description: 'Plain text <img src=x onerror=alert(2)> & more',
      content: '<p>Kept</p><script>window.__xss=1</script><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">j</a><a href="/services">s</a>',
    });
    const res = await rssGet(endpointContext('/insights/rss.xml'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.get('netlify-cache-tag')).toBe('articles');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><rss version="2.0" /);
    expect(xml).toContain('<link>https://surgere.example/insights</link>');
    expect(xml).toContain('<atom:link href="https://surgere.example/insights/rss.xml" rel="self" type="application/rss+xml"/>');
    const item = xml.split('<item>').find((chunk) => chunk.includes(`:article-${hostile.id}<`));
    expect(item).toBeDefined();
    expect(item).toContain(`<title>Hostile &lt;b&gt;&amp;&lt;/b&gt; ${RUN}</title>`);
    expect(item).toContain(`<link>https://surgere.example/insights/${hostile.id}</link>`);
    expect(item).toContain(`<guid isPermaLink="false">tag:surgere.com.au,2026:article-${hostile.id}</guid>`);
    expect(item).toContain('<dc:creator>Admin</dc:creator><category>Thought Leadership</category>');
    // Readers take a description as HTML: the plain text is escaped twice, so it reads as typed.
    expect(item).toContain('<description>Plain text &amp;lt;img src=x onerror=alert(2)&amp;gt; &amp;amp; more</description>');
    // A link to a path on the site is absolute in the feed: a reader shows the body far from the site.
    expect(item).toContain(
      '<content:encoded>&lt;p&gt;Kept&lt;/p&gt;&lt;a&gt;j&lt;/a&gt;&lt;a href=&quot;https://surgere.example/services&quot; rel=&quot;noopener noreferrer&quot; target=&quot;_blank&quot;&gt;s&lt;/a&gt;</content:encoded>',
    );
    expect(xml).not.toContain(draft.title);
    expect(xml).not.toMatch(/<script|<img|onerror="/i);
  });

  it("keeps an item's guid whatever origin the feed is read at: another name or https must not make old articles new to readers", async () => {
    const article = await insertArticle({ title: `Guid ${RUN}` });
    const readAt = async (origin: string) => {
      const context = { site: new URL(origin), url: new URL('/insights/rss.xml', origin), params: {} } as unknown as APIContext;
      const xml = await (await rssGet(context)).text();
      return /<guid isPermaLink="false">([^<]*)<\/guid>/.exec(xml.split('<item>').find((chunk) => chunk.includes(`Guid ${RUN}`)) ?? '')?.[1];
    };
    const guids = [await readAt('https://surgere.example'), await readAt('http://127.0.0.1:4321'), await readAt('https://www.surgere.com.au')];
    expect(guids).toEqual(Array(3).fill(`tag:surgere.com.au,2026:article-${article.id}`));
  });

  it("gives an author's name as written: an apostrophe is not left as the text '&#39;'", async () => {
    // dc:creator is plain text, and @astrojs/rss parses an item's customData again before writing
    // it: an escape its parser does not decode would reach readers as characters.
    const credited = await insertArticle({ title: `Credited ${RUN}`, author: "Siobhán O'Brien & Co <Sydney>" });
    const xml = await (await rssGet(endpointContext('/insights/rss.xml'))).text();
    const item = xml.split('<item>').find((chunk) => chunk.includes(`:article-${credited.id}<`));
    expect(item).toContain('<dc:creator>Siobhán O&apos;Brien &amp; Co &lt;Sydney&gt;</dc:creator>');
  });

  it('stays well-formed XML with control characters in a title or body: they are left out, the rest kept', async () => {
    // A title or body pasted from another program can carry characters XML 1.0 cannot hold (the
    // article form refuses only U+0000); one of them in any item made every reader refuse the feed.
    const pasted = await insertArticle({
      title: `Pasted\u0001 \u0008title\u000b \uFFFE😀 שלום ]]> ${RUN}`,
      content: '<p>a\u0001b\u000cc ]]> d</p>',
    });
    const xml = await (await rssGet(endpointContext('/insights/rss.xml'))).text();
    const item = xml.split('<item>').find((chunk) => chunk.includes(`:article-${pasted.id}<`));
    expect(item).toContain(`<title>Pasted title 😀 שלום ]]&gt; ${RUN}</title>`);
    expect(item).toContain('<content:encoded>&lt;p&gt;abc ]]&amp;gt; d&lt;/p&gt;</content:encoded>');
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
  });
});

describe('/robots.txt', () => {
  it('points crawlers at the absolute sitemap URL and away from the admin panel', async () => {
    const res = await robotsGet(endpointContext('/robots.txt'));
    const text = await res.text();
    expect(text).toContain('Sitemap: https://surgere.example/sitemap.xml');
    expect(text).toContain('Disallow: /admin');
  });

  it('keeps crawlers off a deploy preview and a branch deploy altogether: Netlify serves them at public addresses', async () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const res = await asDeploy(context, async () => robotsGet(endpointContext('/robots.txt')));
      expect(await res.text(), context).toBe('User-agent: *\nDisallow: /\n');
    }
    const live = await asDeploy('production', async () => robotsGet(endpointContext('/robots.txt')));
    expect(await live.text()).toBe('User-agent: *\nDisallow: /admin\nDisallow: /api/\n\nSitemap: https://surgere.example/sitemap.xml\n');
  });
});
