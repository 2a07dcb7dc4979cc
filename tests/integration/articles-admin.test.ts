import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import { getDb } from '../../src/server/db/client.ts';
import { findPublishedArticleByFormerSlug, findPublishedArticleByIdOrSlug } from '../../src/server/repositories/articles.ts';
import { contentHoldsMedia } from '../../src/schemas/article.ts';
import { call } from '../support/call.ts';
import { adminSession } from '../support/admin-session.ts';

const RUN = crypto.randomBytes(4).toString('hex');

describe('searching the articles list', () => {
  const list = (query: string, cookie?: string) => call(articles, `/api/articles?${query}`, cookie ? { headers: { cookie } } : {});
  const titles = (r: Awaited<ReturnType<typeof list>>) => r.json.items.map((a: { title: string }) => a.title);

  it('keeps the articles whose title, description, author or slug holds the text, ignoring case, drafts too for an admin', async () => {
    const { cookie } = await adminSession();
    const word = `Quokka${RUN}`;
    await create(cookie, payload({ title: `The ${word} plan`, slug: `plan-${RUN}` }));
    await create(cookie, payload({ title: `Second ${RUN}`, description: `Notes on ${word.toLowerCase()}s`, slug: `second-${RUN}`, isPublished: false }));
    await create(cookie, payload({ title: `Third ${RUN}`, author: `Ada ${word.toUpperCase()}`, slug: `third-${RUN}` }));
    await create(cookie, payload({ title: `Fourth ${RUN}`, slug: `${word.toLowerCase()}-fourth` }));
    await create(cookie, payload({ title: `Unrelated ${RUN}`, slug: `unrelated-${RUN}` }));

    const admin = await list(`drafts=include&page=1&pageSize=10&search=${word.toLowerCase()}`, cookie);
    expect(admin.status).toBe(200);
    expect(titles(admin).sort()).toEqual([`Fourth ${RUN}`, `Second ${RUN}`, `The ${word} plan`, `Third ${RUN}`]);
    expect(admin.json).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    const secondPage = await list(`drafts=include&page=2&pageSize=3&search=${word}`, cookie);
    expect(secondPage.json).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(secondPage.json.items).toHaveLength(1);

    // A visitor's search sees the published ones only, and the CDN keys the answer on the text.
    const visitor = await list(`published=true&page=1&pageSize=10&search=${word}`);
    expect(titles(visitor).sort()).toEqual([`Fourth ${RUN}`, `The ${word} plan`, `Third ${RUN}`]);
    expect(visitor.headers.get('netlify-vary')).toBe('query=published|drafts|page|pageSize|search,cookie=session|__Host-session');
  });

  it('takes the text literally: % and _ match only themselves, and a miss is an empty page', async () => {
    const { cookie } = await adminSession();
    expect((await list(`drafts=include&page=1&pageSize=10&search=${encodeURIComponent(`%_${RUN}`)}`, cookie)).json).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
  });

  it('refuses drafts=include beside published=true, which ask for different lists, naming drafts', async () => {
    const { cookie } = await adminSession();
    for (const query of ['drafts=include&published=true', 'published=true&drafts=include&page=1&pageSize=10']) {
      for (const withSession of [cookie, undefined]) {
        const r = await list(query, withSession);
        expect([r.status, r.json], query).toEqual([
          400,
          { error: 'Invalid request', issues: { drafts: 'drafts=include and published=true ask for different lists: send one of them' } },
        ]);
      }
    }
  });

  it('refuses a value of drafts or published it does not know, naming the field, rather than answering the other list', async () => {
    const { cookie } = await adminSession();
    for (const [query, issues] of [
      ['published=yes', { published: 'Must be true' }],
      ['published=false&page=1', { published: 'Must be true' }],
      ['drafts=all', { drafts: 'Must be include' }],
      ['drafts=1&page=1&pageSize=10', { drafts: 'Must be include' }],
    ] as const) {
      for (const withSession of [cookie, undefined]) {
        const r = await list(query, withSession);
        expect([r.status, r.json], query).toEqual([400, { error: 'Invalid query', issues }]);
      }
    }
  });

  it('refuses a search whose escapes are not UTF-8, naming the field, rather than searching U+FFFD', async () => {
    const { cookie } = await adminSession();
    for (const query of ['search=%FF', 'search=a%ED%A0%80b', 'drafts=include&search=%C3']) {
      const r = await list(query, cookie);
      expect([r.status, r.json], query).toEqual([400, { error: 'Invalid query', issues: { search: 'Not valid UTF-8' } }]);
    }
    // Valid UTF-8, and a '%' that escapes nothing (read as itself, as URLSearchParams reads it), are searched.
    for (const query of ['search=%C3%A9t%C3%A9', 'search=100%', 'search=50%off']) expect((await list(query, cookie)).status, query).toBe(200);
  });

  it('refuses a search text over 200 characters, naming the field', async () => {
    const { cookie } = await adminSession();
    const r = await list(`drafts=include&page=1&pageSize=10&search=${'x'.repeat(201)}`, cookie);
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ search: 'Must be 200 characters or fewer' });
  });

  it('searches the bare list without ?page too, and refuses its search text over 200 characters', async () => {
    const { cookie } = await adminSession();
    const word = `Wombat${RUN}`;
    await create(cookie, payload({ title: `The ${word} brief`, slug: `bare-list-brief-${RUN}` }));
    await create(cookie, payload({ title: `Unsearched ${RUN}`, slug: `bare-list-other-${RUN}` }));
    const r = await list(`published=true&search=${word.toLowerCase()}`);
    expect(r.status).toBe(200);
    expect(r.json.map((a: { title: string }) => a.title)).toEqual([`The ${word} brief`]);
    expect(r.headers.get('x-total-count')).toBe('1');
    const long = await list(`search=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.json.issues).toEqual({ search: 'Must be 200 characters or fewer' });
  });
});

/** What the admin panel sends on save. */
function payload(overrides: Record<string, unknown> = {}) {
  return {
    title: `Pricing for growth ${RUN}`,
    description: 'How to price when you scale.',
    content: '<h2>Why</h2><p>Some <b><strong>bold</strong></b> and <a href="https://example.com">a link</a>.</p>',
    author: 'Admin',
    category: 'Thought Leadership',
    imageUrl: '',
    youtubeUrl: '',
    readTime: '5 min read',
    metaTitle: '',
    metaDescription: '',
    tags: ['pricing', 'growth'],
    slug: '',
    isFeatured: false,
    isPublished: true,
    publishedAt: new Date().toISOString(),
    ...overrides,
  };
}

const create = (cookie: string, body: unknown) => call(articles, '/api/articles', { method: 'POST', body, headers: { cookie } });
const get = (id: number, cookie?: string) =>
  call(articles, `/api/articles/${id}`, { params: { id: String(id) }, ...(cookie ? { headers: { cookie } } : {}) });

describe('article writes need an admin session', () => {
  it('answers 401 to POST, PUT and DELETE without one, and changes nothing', async () => {
    const { cookie } = await adminSession();
    const existing = (await create(cookie, payload())).json;
    expect((await call(articles, '/api/articles', { method: 'POST', body: payload() })).status).toBe(401);
    const put = await call(articles, `/api/articles/${existing.id}`, { method: 'PUT', body: payload({ title: 'Hijacked' }), params: { id: String(existing.id) } });
    expect(put.status).toBe(401);
    const del = await call(articles, `/api/articles/${existing.id}`, { method: 'DELETE', params: { id: String(existing.id) }, headers: { cookie: 'session=forged' } });
    expect(del.status).toBe(401);
    expect((await get(existing.id)).json.title).toBe(existing.title);
  });

  it('refuses a cross-site write even with the session cookie', async () => {
    const { cookie } = await adminSession();
    const r = await call(articles, '/api/articles', { method: 'POST', body: payload(), headers: { cookie, origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });

  it('refuses a write with no Origin whose Sec-Fetch-Site says another site made it, and takes one the page made', async () => {
    const { cookie } = await adminSession();
    for (const site of ['cross-site', 'same-site']) {
      const r = await call(articles, '/api/articles', { method: 'POST', body: payload({ title: `From ${site} ${RUN}` }), headers: { cookie, 'sec-fetch-site': site } });
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ error: 'Cross-site request refused' });
    }
    const own = await call(articles, '/api/articles', { method: 'POST', body: payload({ title: `From the panel ${RUN}` }), headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(own.status).toBe(201);
    expect(await getDb().selectFrom('articles').select('title').where('title', 'in', [`From cross-site ${RUN}`, `From same-site ${RUN}`]).execute()).toEqual([]);
  });

  it('answers 415 to a write that is not JSON', async () => {
    const { cookie } = await adminSession();
    const r = await call(articles, '/api/articles', { method: 'POST', rawBody: 'title=x', headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' } });
    expect(r.status).toBe(415);
  });
});

describe('article CRUD', () => {
  it('creates with defaults, sanitises the HTML and stores empty optional fields as null', async () => {
    const { cookie } = await adminSession();
    const r = await create(
      cookie,
      payload({
        content: '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:alert(1)">x</a> <u>u</u></p>',
        author: '',
        category: undefined,
        tags: [' pricing ', '', 'growth'],
        slug: `pricing-${RUN}`,
      }),
    );
    expect(r.status).toBe(201);
    const a = r.json;
    expect(a).toMatchObject({
      title: `Pricing for growth ${RUN}`,
      author: 'Admin',
      category: 'Thought Leadership',
      imageUrl: null,
      youtubeUrl: null,
      metaTitle: null,
      metaDescription: null,
      tags: ['pricing', 'growth'],
      slug: `pricing-${RUN}`,
      isFeatured: false,
      isPublished: true,
    });
    expect(a.content).toBe('<p>Hi <a>x</a> <u>u</u></p>');
    expect(a.content).toContain('<u>u</u>');
    expect(typeof a.id).toBe('number');
  });

  it('stores a body that shows no text once cleaned as no body, as the editor sends an emptied one', async () => {
    const { cookie } = await adminSession();
    const blank = [
      '<p></p>',
      '<p><br></p>',
      '<p class="editor-paragraph" dir="ltr"><br></p><p>&nbsp; \n</p><p> &#160;</p>',
      '<h2></h2><ul><li><br></li></ul>',
      '<p><a href="https://example.com"></a></p>',
      '<p><script>alert(1)</script></p>',
    ];
    for (const content of blank) {
      const r = await create(cookie, payload({ content }));
      expect([r.status, r.json.content], content).toEqual([201, null]);
      expect((await get(r.json.id, cookie)).json.content, content).toBeNull();
    }
    // A body emptied on an edit is no body either.
    const { id } = (await create(cookie, payload())).json;
    const edited = await call(articles, `/api/articles/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body: payload({ content: '<p><br></p>' }) });
    expect([edited.status, edited.json.content]).toEqual([200, null]);
    // Text anywhere in it keeps it whole.
    const kept = await create(cookie, payload({ content: '<p><br></p><p>One line.</p>' }));
    expect(kept.json.content).toBe('<p><br /></p><p>One line.</p>');
  });

  it('refuses a body holding pictures or embedded media with a 400 naming content, storing nothing', async () => {
    const { cookie } = await adminSession();
    const total = async () => (await call(articles, '/api/articles?drafts=include&page=1&pageSize=1', { headers: { cookie } })).json.total;
    const before = await total();
    const sent = [
      ['<p><img src="https://images.unsplash.com/photo-1"></p>', 'img'],
      ['<p>Words</p><img src=x onerror=alert(1)><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', 'img, iframe'],
      ['<picture><source srcset="/x.avif"><img src="/x.jpg"></picture><video src="/v.mp4"></video><svg></svg>', 'picture, img, video, svg'],
    ] as const;
    for (const [content, tags] of sent) {
      const r = await create(cookie, payload({ content }));
      expect([r.status, r.json.issues], content).toEqual([
        400,
        { content: `Images and embedded media (${tags}) are not kept in the text: an article's picture goes in imageUrl and its video in youtubeUrl` },
      ]);
    }
    expect(await total()).toBe(before);
    // An edit is refused the same way, and the stored article keeps its body.
    const { id, content } = (await create(cookie, payload())).json;
    const edited = await call(articles, `/api/articles/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body: payload({ content: '<p>New</p><img src="/objects/uploads/a">' }) });
    expect([edited.status, edited.json.issues]).toEqual([400, { content: contentHoldsMedia(['img']) }]);
    expect((await get(id, cookie)).json.content).toBe(content);
  });

  it('sets publishedAt to the time of each save', async () => {
    const { cookie } = await adminSession();
    const before = Date.now();
    const withoutDate = await create(cookie, { ...payload(), publishedAt: undefined });
    expect(new Date(withoutDate.json.publishedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    const sent = '2026-11-22T10:00:00.000Z';
    const withDate = await create(cookie, payload({ publishedAt: sent }));
    expect(new Date(withDate.json.publishedAt).toISOString()).toBe(sent);
  });

  it('updates every field with PUT and answers the new article', async () => {
    const { cookie } = await adminSession();
    const { id } = (await create(cookie, payload())).json;
    const r = await call(articles, `/api/articles/${id}`, {
      method: 'PUT',
      params: { id: String(id) },
      headers: { cookie },
      body: payload({
        title: `Edited ${RUN}`,
        category: 'Events & Announcements',
        imageUrl: '/objects/uploads/0123456789abcdef0123456789abcdef',
        imageAlt: '  A chart of leads rising month on month ',
        youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        metaTitle: 'Meta',
        isFeatured: true,
        isPublished: false,
        tags: [],
      }),
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      id,
      title: `Edited ${RUN}`,
      category: 'Events & Announcements',
      imageUrl: '/objects/uploads/0123456789abcdef0123456789abcdef',
      imageAlt: 'A chart of leads rising month on month',
      isFeatured: true,
      isPublished: false,
      tags: [],
    });
    expect(new Date(r.json.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(r.json.createdAt).getTime());
  });

  it('deletes, then answers 404 for the gone article', async () => {
    const { cookie } = await adminSession();
    const { id } = (await create(cookie, payload())).json;
    const del = await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id: String(id) }, headers: { cookie } });
    expect(del.status).toBe(200);
    expect((await get(id, cookie)).status).toBe(404);
    const again = await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id: String(id) }, headers: { cookie } });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ error: 'Article not found' });
  });

  it('answers 404 to PUT and DELETE of unknown or malformed ids', async () => {
    const { cookie } = await adminSession();
    for (const id of ['2147483000', 'abc', '-1', '0']) {
      expect((await call(articles, `/api/articles/${id}`, { method: 'PUT', params: { id }, headers: { cookie }, body: payload() })).status, id).toBe(404);
      expect((await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id }, headers: { cookie } })).status, id).toBe(404);
    }
  });

  it('answers 400 naming each bad field', async () => {
    const { cookie } = await adminSession();
    const r = await create(cookie, {
      title: '',
      description: 'x'.repeat(1001),
      category: 'Gossip',
      imageUrl: 'javascript:alert(1)',
      imageAlt: 'x'.repeat(301),
      readTime: '',
      tags: 'a,b',
      slug: 'Not A Slug',
      isFeatured: 'yes',
      publishedAt: 'yesterday',
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Invalid request');
    expect(Object.keys(r.json.issues).sort()).toEqual(
      ['category', 'description', 'imageAlt', 'imageUrl', 'isFeatured', 'publishedAt', 'readTime', 'slug', 'tags', 'title'].sort(),
    );
    expect(r.json.issues.title).toBe('Required');
    expect(r.json.issues.imageAlt).toBe('Must be 300 characters or fewer');
    expect(r.json.issues.category).toMatch(/Thought Leadership/);
  });

  it('answers 400 on publishedAt before 1970 or over a year ahead, which the lists could not read or would pin on top', async () => {
    const { cookie } = await adminSession();
    const nextYear = new Date(Date.now() + 370 * 24 * 60 * 60 * 1000).toISOString();
    for (const publishedAt of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+14:00', '1969-12-31T23:59:59Z', '9999-12-31T00:00:00Z', nextYear]) {
      const r = await create(cookie, payload({ publishedAt }));
      expect(r.status, publishedAt).toBe(400);
      expect(r.json.issues, publishedAt).toEqual({ publishedAt: 'Publication time must be from 1970 to a year from now' });
    }
    expect((await create(cookie, payload({ publishedAt: '1970-01-01T00:00:00Z' }))).status).toBe(201);
  });

  it('answers 400 on the slug field for a number alone, which would read as an article id', async () => {
    const { cookie } = await adminSession();
    const r = await create(cookie, payload({ slug: '42' }));
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ slug: 'Slug cannot be a number alone: /insights/{number} is read as an article id' });
  });

  it('answers 409 on the slug field when another article has the slug', async () => {
    const { cookie } = await adminSession();
    const slug = `taken-${RUN}`;
    expect((await create(cookie, payload({ slug }))).status).toBe(201);
    const r = await create(cookie, payload({ slug }));
    expect(r.status).toBe(409);
    expect(r.json.issues).toEqual({ slug: 'Another article already uses this slug' });
  });
});

describe('drafts are for admins only', () => {
  it('hides a draft from anonymous GETs and shows it to an admin', async () => {
    const { cookie } = await adminSession();
    const draft = (await create(cookie, payload({ title: `Draft ${RUN}`, isPublished: false }))).json;
    const published = (await create(cookie, payload({ title: `Live ${RUN}` }))).json;

    const anonList = await call(articles, '/api/articles');
    expect(anonList.status).toBe(200);
    expect(anonList.json.map((a: { id: number }) => a.id)).toContain(published.id);
    expect(anonList.json.map((a: { id: number }) => a.id)).not.toContain(draft.id);
    expect(anonList.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(anonList.headers.get('netlify-vary')).toMatch(/cookie=session/);

    const publishedOnly = await call(articles, '/api/articles?published=true', { headers: { cookie } });
    expect(publishedOnly.json.map((a: { id: number }) => a.id)).not.toContain(draft.id);

    const adminList = await call(articles, '/api/articles', { headers: { cookie } });
    expect(adminList.json.map((a: { id: number }) => a.id)).toEqual(expect.arrayContaining([draft.id, published.id]));
    expect(adminList.headers.get('cache-control')).toBe('no-store');

    expect((await get(draft.id)).status).toBe(404);
    expect((await get(draft.id, 'session=forged.token.value')).status).toBe(404);
    const adminDraft = await get(draft.id, cookie);
    expect(adminDraft.status).toBe(200);
    expect(adminDraft.json.isPublished).toBe(false);
    expect(adminDraft.headers.get('cache-control')).toBe('no-store');
    const anonPublished = await get(published.id);
    expect(anonPublished.status).toBe(200);
    expect(anonPublished.headers.get('netlify-cdn-cache-control')).toMatch(/s-maxage/);
  });

  it('refuses ?drafts=include without a session (401) rather than answering the published list', async () => {
    const { cookie } = await adminSession();
    const draft = (await create(cookie, payload({ title: `Listed draft ${RUN}`, isPublished: false }))).json;
    for (const headers of [{}, { cookie: 'session=forged.token.value' }] as Record<string, string>[]) {
      const r = await call(articles, '/api/articles?drafts=include&page=1&pageSize=12', { headers });
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Authentication required' });
    }
    const admin = await call(articles, '/api/articles?drafts=include&page=1&pageSize=12', { headers: { cookie } });
    expect(admin.status).toBe(200);
    expect(admin.json.items.map((a: { id: number }) => a.id)).toContain(draft.id);
    expect(admin.headers.get('cache-control')).toBe('no-store');
    expect(admin.headers.get('netlify-vary')).toBe('query=published|drafts|page|pageSize|search,cookie=session|__Host-session');
  });
});

describe('an article create sent again with its submissionId (the rules every edited resource shares: edited-resources.test.ts)', () => {
  it('answers a retry with a slug as the first send, not as a slug taken', async () => {
    const { cookie } = await adminSession();
    const body = payload({ title: `Slugged retry ${RUN}`, slug: `slugged-retry-${RUN}`, submissionId: crypto.randomUUID() });
    const first = await create(cookie, body);
    expect(first.status).toBe(201);
    const retry = await create(cookie, body);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual(first.json);
  });
});

describe('an article whose slug changes keeps its old address', () => {
  const put = (cookie: string, id: number, body: unknown) =>
    call(articles, `/api/articles/${id}`, { method: 'PUT', params: { id: String(id) }, headers: { cookie }, body });
  const movedTo = async (slug: string) => (await findPublishedArticleByFormerSlug(getDb(), slug)) ?? null;

  it('answers each former slug with the article, until another article takes the slug or the article is gone', async () => {
    const { cookie } = await adminSession();
    const first = `first-${RUN}`;
    const second = `second-slug-${RUN}`;
    const third = `third-slug-${RUN}`;
    const { id } = (await create(cookie, payload({ slug: first }))).json;
    expect(await movedTo(first)).toBeNull();

    expect((await put(cookie, id, payload({ slug: second }))).status).toBe(200);
    expect((await put(cookie, id, payload({ slug: third, title: `Renamed ${RUN}` }))).status).toBe(200);
    expect(await movedTo(first)).toEqual({ id, slug: third });
    expect(await movedTo(second)).toEqual({ id, slug: third });
    // A save that keeps the slug records nothing; the live slug is never a former one.
    expect((await put(cookie, id, payload({ slug: third, title: `Again ${RUN}` }))).status).toBe(200);
    expect(await movedTo(third)).toBeNull();

    // Another article takes a former slug: its page is that article's, and when it gives the slug
    // up in turn, the slug leads to it.
    const other = (await create(cookie, payload({ slug: first, title: `Other ${RUN}` }))).json;
    expect(await findPublishedArticleByIdOrSlug(getDb(), first)).toMatchObject({ id: other.id, slug: first });
    expect((await put(cookie, other.id, payload({ slug: `other-${RUN}` }))).status).toBe(200);
    expect(await movedTo(first)).toEqual({ id: other.id, slug: `other-${RUN}` });

    // A draft's old address leads nowhere a visitor may go; a deleted article's former slugs go with it.
    expect((await put(cookie, id, payload({ slug: third, isPublished: false }))).status).toBe(200);
    expect(await movedTo(second)).toBeNull();
    expect((await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id: String(id) }, headers: { cookie } })).json).toEqual({ ok: true });
    expect(await getDb().selectFrom('articleFormerSlugs').select('slug').where('articleId', '=', id).execute()).toEqual([]);
  });

  it('reads no former slug for a key that is not a slug', async () => {
    expect(await movedTo('42')).toBeNull();
    expect(await movedTo(`First-${RUN}`)).toBeNull();
  });
});

describe("the CDN's purge API taking a request and never answering it", () => {
  it('each write is answered once its change is stored, not held until the function is cut off', async () => {
    // Netlify's API on a bad day: the purge request is taken and nothing comes back.
    const held = new Set<http.ServerResponse>();
    const api = http.createServer((_req, res) => void held.add(res));
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const saved = { ...process.env };
    Object.assign(process.env, {
      NETLIFY_API_URL: `http://127.0.0.1:${(api.address() as net.AddressInfo).port}`,
      NETLIFY_PURGE_API_TOKEN: 'purge-token',
      SITE_ID: 'site-id',
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { cookie } = await adminSession();
      const created = await create(cookie, payload({ title: `Purge held ${RUN}` }));
      expect(created.status).toBe(201);
      const { id } = created.json;
      const updated = await call(articles, `/api/articles/${id}`, { method: 'PUT', body: payload({ title: `Purge held, edited ${RUN}` }), params: { id: String(id) }, headers: { cookie } });
      expect({ status: updated.status, title: updated.json.title }).toEqual({ status: 200, title: `Purge held, edited ${RUN}` });
      const deleted = await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id: String(id) }, headers: { cookie } });
      expect({ status: deleted.status, body: deleted.json }).toEqual({ status: 200, body: { ok: true } });
      expect(held.size).toBe(3);
      expect(logged.mock.calls.map((c) => String(c[0]))).toEqual(Array(3).fill("[cdn] purging 'articles' failed:"));
    } finally {
      logged.mockRestore();
      process.env = saved;
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  }, 20_000);
});
