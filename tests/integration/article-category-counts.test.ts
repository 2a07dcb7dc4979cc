/**
 * The published count of each category, kept by the triggers of migration 0022 on every write to
 * articles, on a database of this file's own (its counts are exact): each kind of statement, one
 * row or many at once, leaves the counts a grouped count of the articles gives.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import { listPublishedArticleCardPage, listPublishedArticleLinks } from '../../src/server/repositories/articles.ts';
import { useOwnDatabase } from '../support/own-database.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;
let connection: ReturnType<typeof createDb>;

beforeAll(async () => {
  own = await useOwnDatabase();
  connection = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY);
});
afterAll(async () => {
  await connection?.db.destroy();
  await own?.stop();
});
beforeEach(async () => {
  // Truncated (its trigger empties the counts): each test starts from no article and no count.
  await sql`truncate articles cascade`.execute(connection.db);
});

const LEADERSHIP = 'Thought Leadership';
const TRENDS = 'Industry Trends & Insights';
const EVENTS = 'Events & Announcements';

/** The table's rows, every category it holds with its count (0 included). */
async function kept(): Promise<Record<string, number>> {
  const rows = await connection.db.selectFrom('articleCategoryCounts').select(['category', 'published']).orderBy('category').execute();
  return Object.fromEntries(rows.map((r) => [r.category, r.published]));
}

/** The counts as the articles themselves give them: what the table must agree with above 0. */
async function counted(): Promise<Record<string, number>> {
  const { rows } = await sql<{ category: string; n: number }>`
    select category, count(*)::int as n from articles where is_published group by category order by category`.execute(connection.db);
  return Object.fromEntries(rows.map((r) => [r.category, r.n]));
}

/** The i of a 'Bulk i' article. */
const bulkNumber = sql`split_part(title, ' ', 2)::int`;

async function insert(title: string, category: string, isPublished = true): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into articles (title, description, read_time, category, is_published) values (${title}, 'd', '1 min read', ${category}, ${isPublished})
    returning id`.execute(connection.db);
  return rows[0]!.id;
}

describe('article_category_counts', () => {
  it('counts a published article when it is inserted, and not a draft', async () => {
    await insert('One', LEADERSHIP);
    await insert('Draft', TRENDS, false);
    expect(await kept()).toEqual({ [LEADERSHIP]: 1 });
    expect(await counted()).toEqual({ [LEADERSHIP]: 1 });
  });

  it('follows an article published, unpublished and published again', async () => {
    const id = await insert('Draft', TRENDS, false);
    await sql`update articles set is_published = true where id = ${id}`.execute(connection.db);
    expect(await kept()).toEqual({ [TRENDS]: 1 });
    await sql`update articles set is_published = false where id = ${id}`.execute(connection.db);
    expect(await kept()).toEqual({ [TRENDS]: 0 });
    await sql`update articles set is_published = true where id = ${id}`.execute(connection.db);
    expect(await kept()).toEqual({ [TRENDS]: 1 });
    // An edit that changes neither its category nor its state changes no count.
    await sql`update articles set title = 'Renamed' where id = ${id}`.execute(connection.db);
    expect(await kept()).toEqual({ [TRENDS]: 1 });
  });

  it('moves a published article from its category to the new one, and leaves a draft\'s move uncounted', async () => {
    const id = await insert('Moving', LEADERSHIP);
    const draft = await insert('Draft', LEADERSHIP, false);
    await sql`update articles set category = ${EVENTS} where id = ${id}`.execute(connection.db);
    await sql`update articles set category = ${TRENDS} where id = ${draft}`.execute(connection.db);
    expect(await kept()).toEqual({ [LEADERSHIP]: 0, [EVENTS]: 1 });
  });

  it('takes a deleted article out of its count', async () => {
    const id = await insert('Gone', EVENTS);
    await insert('Stays', EVENTS);
    await sql`delete from articles where id = ${id}`.execute(connection.db);
    expect(await kept()).toEqual({ [EVENTS]: 1 });
  });

  it('counts a statement of many rows in many categories once per category', async () => {
    await sql`insert into articles (title, description, read_time, category, is_published)
      select 'Bulk ' || i, 'd', '1 min read', (array[${LEADERSHIP}, ${TRENDS}, ${EVENTS}])[1 + i % 3], i % 4 <> 0
      from generate_series(1, 60) i`.execute(connection.db);
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual({ [EVENTS]: 15, [LEADERSHIP]: 15, [TRENDS]: 15 });

    // One update that publishes some, unpublishes others and moves a third part between categories.
    await sql`update articles set is_published = not is_published,
      category = case when ${bulkNumber} % 5 = 0 then ${EVENTS} else category end`.execute(connection.db);
    expect(await kept()).toEqual({ [EVENTS]: 7, [LEADERSHIP]: 4, [TRENDS]: 4 });
    expect(await counted()).toEqual(await kept());

    await sql`delete from articles where ${bulkNumber} % 8 = 0`.execute(connection.db);
    expect(await kept()).toEqual({ [EVENTS]: 3, [LEADERSHIP]: 2, [TRENDS]: 3 });
    expect(await counted()).toEqual(await kept());
  });

  it('empties the counts when the articles are truncated, and counts from there', async () => {
    await insert('One', LEADERSHIP);
    await insert('Two', TRENDS);
    await sql`truncate articles cascade`.execute(connection.db);
    expect(await kept()).toEqual({});
    await insert('Three', TRENDS);
    expect(await kept()).toEqual({ [TRENDS]: 1 });
  });

  it('is what the Insights list and the sitemap read: a category at 0 is absent from the list', async () => {
    await insert('One', LEADERSHIP);
    const unpublished = await insert('Two', TRENDS);
    await sql`update articles set is_published = false where id = ${unpublished}`.execute(connection.db);
    // Counts the articles could not give: the list and the sitemap read the kept ones.
    await sql`update article_category_counts set published = 7 where category = ${LEADERSHIP}`.execute(connection.db);
    const page = await listPublishedArticleCardPage(connection.db, { category: null, page: 1, pageSize: 10 });
    expect(page.countsByCategory).toEqual({ [LEADERSHIP]: 7 });
    expect((await listPublishedArticleLinks(connection.db, { offset: 0, limit: 10 })).total).toBe(7);
    await sql`delete from article_category_counts`.execute(connection.db);
    expect((await listPublishedArticleLinks(connection.db, { offset: 0, limit: 10 })).total).toBe(0);
  });
});
