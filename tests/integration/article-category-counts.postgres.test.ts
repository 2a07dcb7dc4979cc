/**
 * Publishing in two categories at once from separate sessions (this file runs in the PostgreSQL
 * pass only: vitest.config.ts; the embedded database has one session for every connection): the
 * counts' triggers of migration 0022 lock each category's row in the same order, so statements
 * that touch both categories wait on each other rather than deadlock, and no change is lost.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
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

const LEADERSHIP = 'Thought Leadership';
const TRENDS = 'Industry Trends & Insights';

async function kept(): Promise<Record<string, number>> {
  const rows = await connection.db.selectFrom('articleCategoryCounts').select(['category', 'published']).orderBy('category').execute();
  return Object.fromEntries(rows.map((r) => [r.category, r.published]));
}

describe('article_category_counts under concurrent writes', () => {
  it('keeps every publish and unpublish of sessions writing both categories at once, in opposite orders', async () => {
    const { db } = connection;
    await sql`truncate articles cascade`.execute(db);
    // Forty drafts, half in each category; each session publishes and unpublishes its own twenty
    // in statements that touch both categories, listing them in opposite orders.
    await sql`insert into articles (title, description, read_time, category, is_published)
      select 'Session ' || (i % 2) || ' article ' || i, 'd', '1 min read', case when i % 4 < 2 then ${LEADERSHIP} else ${TRENDS} end, false
      from generate_series(0, 39) i`.execute(db);
    const session = async (n: 0 | 1) => {
      const mine = sql`title like ${`Session ${n} article %`}`;
      for (let round = 0; round < 15; round++) {
        await db.transaction().execute(async (trx) => {
          const order = n === 0 ? sql`category asc` : sql`category desc`;
          await sql`update articles set is_published = not is_published where id in (select id from articles where ${mine} order by ${order})`.execute(trx);
          await sql`select pg_sleep(0.01)`.execute(trx);
        });
      }
    };
    await Promise.all([session(0), session(1)]);
    // Fifteen flips each: every article ends published.
    expect(await kept()).toEqual({ [TRENDS]: 20, [LEADERSHIP]: 20 });
  });

  it('makes a second session publishing in the same categories wait for the first to commit, then adds to its counts', async () => {
    const { db } = connection;
    await sql`truncate articles cascade`.execute(db);
    const publish = (trx: typeof db, first: string, second: string) =>
      sql`insert into articles (title, description, read_time, category) values ('A', 'd', '1 min read', ${first}), ('B', 'd', '1 min read', ${second})`.execute(trx);
    const waitingOnLock = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n;
    let second: Promise<unknown> | undefined;
    await db.transaction().execute(async (trx) => {
      await publish(trx, TRENDS, LEADERSHIP);
      second = publish(db, LEADERSHIP, TRENDS);
      await expect.poll(waitingOnLock, { timeout: 5_000 }).toBe(1);
    });
    await second;
    expect(await kept()).toEqual({ [TRENDS]: 2, [LEADERSHIP]: 2 });
  });
});
