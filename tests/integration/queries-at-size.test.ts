// How the admin lists read, on a database of this file's own: each answer is the one the plain
// query gives (every page, filter and tie in time), and each reads what its page needs rather than
// what grows with the table. Plans are pinned by what they read (rows, loops, which index), never
// by time: at 200,000 enquiries these are the differences between a few milliseconds and a second.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { listArticlePage, listPublishedArticleCardPage, listPublishedArticleLinks, listPublishedArticleLinksUpTo } from '../../src/server/repositories/articles.ts';
import { enquiryExportExceeds, listEnquiries } from '../../src/server/repositories/enquiries.ts';
import { listSubscribers, subscriberExportExceeds } from '../../src/server/repositories/subscribers.ts';
import { useOwnDatabase } from '../support/own-database.ts';
import { plansOf, readsOf, type StatementPlan } from '../support/statement-plans.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
let connection: ReturnType<typeof createDb>;
const ROWS = 95;
const PAGE_SIZE = 10;

beforeAll(async () => {
  own = await useOwnDatabase();
  connection = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY);
  const { db } = connection;
  // Two leads a minute (so every page has ties in time, broken by id), each with a message; every
  // fifth enquiry's notice was sent again, so the latest of two is the one listed.
  await sql`insert into enquiries (first_name, last_name, email, phone, company, message, status, created_at)
    select 'Person', 'Number ' || i, 'person' || i || '@example.com', '1', (array['Acme', 'Globex', 'Initech'])[1 + i % 3], 'm',
      (array['new', 'handled', 'archived'])[1 + i % 3], timestamptz '2026-01-01T00:00:00Z' + (i / 2) * interval '1 minute'
    from generate_series(1, ${ROWS}) i`.execute(db);
  await sql`insert into outbox (kind, payload, status, enquiry_id)
    select 'enquiry-notice', '{}'::jsonb, 'failed', id from enquiries
    union all select 'enquiry-notice', '{}'::jsonb, 'sent', id from enquiries where id % 5 = 0`.execute(db);
  await sql`insert into subscribers (email, status, subscribed_at)
    select 'reader' || i || (array['@example.com', '@mail.example'])[1 + i % 2], case when i % 4 = 0 then 'unsubscribed' else 'subscribed' end,
      timestamptz '2026-01-01T00:00:00Z' + (i / 2) * interval '1 minute'
    from generate_series(1, ${ROWS}) i`.execute(db);
  await sql`insert into outbox (kind, payload, status, subscriber_id) select 'welcome', '{}'::jsonb, 'sent', id from subscribers`.execute(db);
  // Articles with bodies of some size, every fourth a draft, two published in each minute.
  await sql`insert into articles (title, description, content, read_time, slug, is_published, published_at)
    select 'Article ' || i, 'About growth ' || i, repeat('<p>A paragraph of the body.</p>', 200), '5 min read', 'article-at-size-' || i,
      i % 4 <> 0, timestamptz '2026-01-01T00:00:00Z' + (i / 2) * interval '1 minute'
    from generate_series(1, ${ROWS}) i`.execute(db);
  await sql`vacuum analyze`.execute(db);
});

afterAll(async () => {
  await connection?.db.destroy();
  await own?.stop();
});

/** The ids of one page as a plain ORDER BY ... OFFSET reads them: the answer every page must give. */
async function offsetPage(db: Kysely<Database>, table: 'enquiries' | 'subscribers', where: string, page: number): Promise<number[]> {
  const time = table === 'enquiries' ? 'created_at' : 'subscribed_at';
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.raw(where)}
    order by ${sql.ref(time)} desc, id desc limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`.execute(db);
  return rows.map((r) => r.id);
}

/** The statement of a list's page (the one that joins the outbox), of the two a list sends. */
const pageStatement = (plans: StatementPlan[]) => plans.find((p) => p.sql.includes('"outbox"'))!;

/** How many times a plan looked up a lead's latest message in the outbox. */
const messageLookups = (plan: StatementPlan) => readsOf(plan, 'outbox').reduce((n, node) => n + node.loops, 0);

describe('the Enquiries inbox at any page', () => {
  const filters = [
    { name: 'every enquiry', filter: {}, where: 'true' },
    { name: 'one status', filter: { status: 'handled' as const }, where: `status = 'handled'` },
    { name: 'a search', filter: { search: 'acme' }, where: `company ilike '%acme%'` },
  ];

  it.each(filters)('answers, for $name, each page OFFSET would, and nothing past the last', async ({ filter, where }) => {
    const { db } = connection;
    const total = Number((await sql<{ n: string }>`select count(*) as n from enquiries where ${sql.raw(where)}`.execute(db)).rows[0]!.n);
    const pages = Math.ceil(total / PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const listed = await listEnquiries(db, { ...filter, page, pageSize: PAGE_SIZE });
      expect(listed.total).toBe(total);
      expect(listed.items.map((e) => e.id)).toEqual(await offsetPage(db, 'enquiries', where, page));
    }
  });

  it('lists each enquiry with its latest notice on a deep page', async () => {
    const { db } = connection;
    const { items } = await listEnquiries(db, { page: 5, pageSize: PAGE_SIZE });
    expect(items.map((e) => [e.id, e.notice?.status])).toEqual((await offsetPage(db, 'enquiries', 'true', 5)).map((id) => [id, id % 5 === 0 ? 'sent' : 'failed']));
  });

  it.each(filters)("looks up, for $name, the notices of a deep page's own rows only, not of every row before it", async ({ filter }) => {
    const plans = await plansOf(connection.pool, (db) => listEnquiries(db, { ...filter, page: 3, pageSize: PAGE_SIZE }));
    expect(messageLookups(pageStatement(plans))).toBe(PAGE_SIZE);
  });
});

describe('the Subscribers list at any page', () => {
  const filters = [
    { name: 'every address', filter: {}, where: 'true' },
    { name: 'one status', filter: { status: 'subscribed' as const }, where: `status = 'subscribed'` },
    { name: 'a search', filter: { search: 'MAIL.example' }, where: `email ilike '%mail.example%'` },
  ];

  it.each(filters)('answers, for $name, each page OFFSET would, and nothing past the last', async ({ filter, where }) => {
    const { db } = connection;
    const total = Number((await sql<{ n: string }>`select count(*) as n from subscribers where ${sql.raw(where)}`.execute(db)).rows[0]!.n);
    const pages = Math.ceil(total / PAGE_SIZE);
    for (let page = 1; page <= pages + 1; page++) {
      const listed = await listSubscribers(db, { ...filter, page, pageSize: PAGE_SIZE });
      expect(listed.total).toBe(total);
      expect(listed.items.map((s) => s.id)).toEqual(await offsetPage(db, 'subscribers', where, page));
    }
  });

  it.each(filters)("looks up, for $name, the welcomes of a deep page's own rows only, not of every row before it", async ({ filter }) => {
    const plans = await plansOf(connection.pool, (db) => listSubscribers(db, { ...filter, page: 3, pageSize: PAGE_SIZE }));
    expect(messageLookups(pageStatement(plans))).toBe(PAGE_SIZE);
  });

  it('counts one status, and finds where its deep page starts, along an index of that status alone', async () => {
    const plans = await plansOf(connection.pool, (db) => listSubscribers(db, { status: 'unsubscribed', page: 2, pageSize: PAGE_SIZE }), ['enable_seqscan = off']);
    const indexesRead = (plan: StatementPlan) => [...new Set(readsOf(plan, 'subscribers').flatMap((n) => (n.index ? [n.index] : [])))].sort();
    const count = plans.find((p) => p !== pageStatement(plans))!;
    expect(indexesRead(count)).toEqual(['subscribers_status_order_idx']);
    expect(indexesRead(pageStatement(plans))).toContain('subscribers_status_order_idx');
  });
});

describe("the lists' search, anywhere in the text", () => {
  // Only a bitmap scan left to the planner, which needs an index that answers the condition: with
  // none, every plan is a disabled one and reads the table, as every search did before.
  const indexOnly = ['enable_seqscan = off', 'enable_indexscan = off', 'enable_indexonlyscan = off'];
  const tableReads = (plans: StatementPlan[], table: string) => plans.flatMap((p) => readsOf(p, table).map((n) => n.index ?? n.nodeType));

  it.each([
    { field: 'a name across first and last name', search: 'person number 4' },
    { field: 'an email', search: 'PERSON12@' },
    { field: 'a company', search: 'glob' },
  ])('finds $field in an enquiry along the trigram index, for the page and its count alike', async ({ search }) => {
    const plans = await plansOf(connection.pool, (db) => listEnquiries(db, { search, page: 1, pageSize: PAGE_SIZE }), indexOnly);
    expect(plans).toHaveLength(2);
    expect([...new Set(tableReads(plans, 'enquiries'))].sort()).toEqual(['Bitmap Heap Scan', 'enquiries_search_idx']);
  });

  it("finds a subscriber's address along the trigram index, for the page and its count alike", async () => {
    const plans = await plansOf(connection.pool, (db) => listSubscribers(db, { search: 'reader3', page: 1, pageSize: PAGE_SIZE }), indexOnly);
    expect(plans).toHaveLength(2);
    expect([...new Set(tableReads(plans, 'subscribers'))].sort()).toEqual(['Bitmap Heap Scan', 'subscribers_email_search_idx']);
  });

  it.each([
    { field: 'a title', search: 'ARTICLE 7' },
    { field: 'a description', search: 'growth 1' },
    { field: 'a slug', search: 'at-size-9' },
  ])('finds $field in an article along the trigram index, for the page and its count alike', async ({ search }) => {
    const plans = await plansOf(connection.pool, (db) => listArticlePage(db, { publishedOnly: false, search, page: 1, pageSize: PAGE_SIZE }), indexOnly);
    expect(plans).toHaveLength(1);
    expect([...new Set(tableReads(plans, 'articles'))].sort()).toEqual(['Bitmap Heap Scan', 'articles_search_idx']);
  });

  it('finds what the search finds without the index: each enquiry whose name, email or company holds the text', async () => {
    const { db } = connection;
    const found = await listEnquiries(db, { search: 'person number 4', page: 1, pageSize: 100 });
    const expected = await offsetPageOf(db, `(first_name || ' ' || last_name) ilike '%person number 4%'`);
    expect(found.items.map((e) => e.id)).toEqual(expected);
    expect(expected.length).toBe(11);
  });
});

/** Every enquiry `where` keeps, newest first. */
async function offsetPageOf(db: Kysely<Database>, where: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from enquiries where ${sql.raw(where)} order by created_at desc, id desc`.execute(db);
  return rows.map((r) => r.id);
}

describe("an export's size check", () => {
  // A list far past the budget is read only until the budget is passed, not to its end: summing
  // every row, each joined to its latest message, took 0.7-3 s to refuse 200,000 enquiries.
  const exceededAtOnce = { bytes: 0, perRow: 42 };
  const neverExceeded = { bytes: 1e12, perRow: 42 };
  const checkStatement = (plans: StatementPlan[]) => {
    expect(plans).toHaveLength(1);
    return plans[0]!;
  };

  it.each([
    { name: 'every enquiry', filter: {}, where: 'true' },
    { name: 'one status', filter: { status: 'handled' as const }, where: `status = 'handled'` },
    { name: 'a search', filter: { search: 'acme' }, where: `company ilike '%acme%'` },
  ])('reads, for $name, the notices of the rows up to the one that passes the budget, and every one when none does', async ({ filter, where }) => {
    const { db } = connection;
    const matching = Number((await sql<{ n: string }>`select count(*) as n from enquiries where ${sql.raw(where)}`.execute(db)).rows[0]!.n);
    expect(await enquiryExportExceeds(db, filter, exceededAtOnce)).toBe(true);
    expect(await enquiryExportExceeds(db, filter, neverExceeded)).toBe(false);
    // The running sum reads one row past the one it stands at (the window's look ahead): two for a
    // budget the newest row passes, against every matching row summed before.
    expect(messageLookups(checkStatement(await plansOf(connection.pool, (db) => enquiryExportExceeds(db, filter, exceededAtOnce))))).toBe(2);
    expect(messageLookups(checkStatement(await plansOf(connection.pool, (db) => enquiryExportExceeds(db, filter, neverExceeded))))).toBe(matching);
  });

  it('reads the same way for subscribers', async () => {
    const { db } = connection;
    expect(await subscriberExportExceeds(db, { status: 'all' }, exceededAtOnce)).toBe(true);
    expect(await subscriberExportExceeds(db, { status: 'all' }, neverExceeded)).toBe(false);
    expect(messageLookups(checkStatement(await plansOf(connection.pool, (db) => subscriberExportExceeds(db, { status: 'all' }, exceededAtOnce))))).toBe(2);
  });

  it('passes the budget exactly when the sum of every row does', async () => {
    const { db } = connection;
    // Each row as the check counts it: the whole row with its latest notice, as Postgres writes it.
    const { rows } = await sql<{ total: string }>`select sum(octet_length(x::text) + 42) as total from (
        select enquiries.*, message.status as message_status, message.attempts as message_attempts,
          message.last_error as message_last_error, message.sent_at as message_sent_at
        from enquiries left join lateral (select status, attempts, last_error, sent_at from outbox
          where enquiry_id = enquiries.id and kind = 'enquiry-notice' order by id desc limit 1) message on true) x`.execute(db);
    const total = Number(rows[0]!.total);
    expect(await enquiryExportExceeds(db, {}, { bytes: total - 1, perRow: 42 })).toBe(true);
    expect(await enquiryExportExceeds(db, {}, { bytes: total, perRow: 42 })).toBe(false);
  });
});

describe('the Articles list (the admin tab, GET /api/articles)', () => {
  const filters = [
    { name: 'every article, drafts too', filter: { publishedOnly: false }, where: 'true' },
    { name: 'the published ones', filter: { publishedOnly: true }, where: 'is_published' },
    { name: 'a search', filter: { publishedOnly: false, search: 'growth 1' }, where: `description ilike '%growth 1%'` },
  ];

  it.each(filters)('answers, for $name, each page OFFSET would, and nothing past the last', async ({ filter, where }) => {
    const { db } = connection;
    const { rows } = await sql<{ id: number }>`select id from articles where ${sql.raw(where)} order by published_at desc, id desc`.execute(db);
    const all = rows.map((r) => r.id);
    for (let page = 1; page <= Math.ceil(all.length / PAGE_SIZE) + 1; page++) {
      const listed = await listArticlePage(db, { ...filter, page, pageSize: PAGE_SIZE });
      expect(listed.total).toBe(all.length);
      expect(listed.items.map((a) => a.id)).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE));
    }
  });

  it.each([1, 4])("counts the list without holding its rows: page %i keeps no article beyond its own, bodies and all", async (page) => {
    const plans = await plansOf(connection.pool, (db) => listArticlePage(db, { publishedOnly: false, page, pageSize: PAGE_SIZE }));
    expect(plans).toHaveLength(1);
    // A window over the rows (count(*) over ()) read every article, its body too, to count them.
    expect(plans[0]!.nodes.map((n) => n.nodeType)).not.toContain('WindowAgg');
  });
});

describe('the sitemap', () => {
  it('answers each part as OFFSET would, with how many are published in all', async () => {
    const { db } = connection;
    const { rows } = await sql<{ id: number }>`select id from articles where is_published order by id`.execute(db);
    const all = rows.map((r) => r.id);
    for (const offset of [0, 30, 60, all.length, all.length + 30]) {
      const part = await listPublishedArticleLinks(db, { offset, limit: 30 });
      expect(part.total).toBe(all.length);
      expect(part.links.map((l) => l.id)).toEqual(all.slice(offset, offset + 30));
    }
  });

  it("lists every article in the sitemap's own file while they fit, and none once they do not", async () => {
    const { db } = connection;
    const { rows } = await sql<{ id: number; updatedAt: Date }>`select id, updated_at from articles where is_published order by id`.execute(db);
    const fits = await listPublishedArticleLinksUpTo(db, rows.length);
    expect(fits.total).toBe(rows.length);
    expect(fits.links.map((l) => [l.id, l.updatedAt.toISOString()])).toEqual(rows.map((r) => [r.id, r.updatedAt.toISOString()]));
    expect(await listPublishedArticleLinksUpTo(db, rows.length - 1)).toEqual({ links: [], total: rows.length });
  });

  it("reads no article for the sitemap's own file once they do not fit: its index names parts, not articles", async () => {
    const { db } = connection;
    const { rows } = await sql<{ n: string }>`select count(*) as n from articles where is_published`.execute(db);
    const plans = await plansOf(connection.pool, (db) => listPublishedArticleLinksUpTo(db, Number(rows[0]!.n) - 1), ['enable_seqscan = off']);
    expect(plans).toHaveLength(1);
    const reads = readsOf(plans[0]!, 'articles').map((n) => n.rows * n.loops);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.reduce((sum, n) => sum + n, 0)).toBe(0);
  });

  it('counts the published articles once, not as a window that reads every one of them for each part', async () => {
    const plans = await plansOf(connection.pool, (db) => listPublishedArticleLinks(db, { offset: 30, limit: 30 }));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.nodes.map((n) => n.nodeType)).not.toContain('WindowAgg');
  });
});

describe('the Insights list', () => {
  it("reads the categories' counts from the kept counts, and no article beyond its page's", async () => {
    // Seq scans off: the cards' page is then sought along its index, so an article read beyond
    // the page's (and the one after it) can only be the counts reading the articles, as they did.
    const plans = await plansOf(connection.pool, (db) => listPublishedArticleCardPage(db, { category: null, page: 1, pageSize: PAGE_SIZE }), ['enable_seqscan = off']);
    expect(plans).toHaveLength(1);
    const articlesRead = readsOf(plans[0]!, 'articles').map((n) => n.rows * n.loops);
    expect(Math.max(...articlesRead)).toBeLessThanOrEqual(PAGE_SIZE + 1);
    expect(readsOf(plans[0]!, 'article_category_counts').length).toBe(1);
  });
});
