/**
 * The project's migrator through a transaction-mode pooler, as an own Neon's pooled DATABASE_URL
 * reaches production from the Netlify build (PostgreSQL pass only: the embedded database has one
 * session for every connection, so nothing a session keeps can be left on another).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/server/db/client.ts';
import { migrateToLatest, readMigrations } from '../../src/server/db/migrate.ts';
import { useOwnDatabase } from '../support/own-database.ts';
import { behindTransactionPooler } from '../support/transaction-pooler.ts';

let own: Awaited<ReturnType<typeof useOwnDatabase>>;

beforeAll(async () => {
  own = await useOwnDatabase({ migrated: false });
});
afterAll(async () => {
  await own?.stop();
});

describe('migrateToLatest behind a transaction-mode pooler (Neon\'s -pooler endpoint)', () => {
  it('applies every migration once and leaves no lock on a server session it will never see again', async () => {
    const pooled = behindTransactionPooler(own.databaseUrl, process.env.DATABASE_WS_PROXY);
    const { db: direct } = createDb(own.databaseUrl, process.env.DATABASE_WS_PROXY);
    try {
      const names = (await readMigrations()).map((m) => m.name);
      expect(await migrateToLatest(pooled)).toEqual(names);
      // The pooler's server sessions are all still open: a lock one of them kept is still held,
      // and would keep the next deploy's migrator waiting.
      const advisory = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks
        where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`.execute(direct);
      expect(advisory.rows[0]!.n).toBe(0);
      const recorded = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(direct);
      expect(recorded.rows.map((r) => r.name)).toEqual(names);
      // Run again through the pooler: nothing is pending, nothing applied twice.
      expect(await migrateToLatest(pooled)).toEqual([]);
    } finally {
      await pooled.destroy();
      await direct.destroy();
    }
  });
});
