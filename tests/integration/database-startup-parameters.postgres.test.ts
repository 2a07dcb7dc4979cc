/**
 * What a request's connections carry when they open. The server's statement limit rides on the
 * startup message, where it costs no round trip; a transaction-mode pooler (PgBouncer) refuses a
 * startup parameter it does not know ('unsupported startup parameter'), failing every connection.
 * So only a database known to take it gets one (src/server/db/database-url.ts,
 * takesStartupParameters): not Netlify Database, whose connection string Netlify chooses, pooled
 * or not. Read on the run's own database, as the server sees each session: on PostgreSQL only, since
 * the embedded PGlite applies no startup parameter at all.
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDb, getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { withEnv } from '../support/with-env.ts';

/** The statement limit of the session a request's query runs on. */
const sessionStatementLimit = () =>
  withRequestDatabase(async () => (await sql<{ limit: string }>`select current_setting('statement_timeout') as limit`.execute(getDb())).rows[0]!.limit);

beforeEach(async () => {
  await closeDb();
});

describe("a request's database sessions", () => {
  it('on DATABASE_URL run under the 4 s statement limit, set as the session opens', async () => {
    expect(await sessionStatementLimit()).toBe('4s');
  });

  it("on Netlify Database carry no startup parameter: the server's own statement limit holds", async () => {
    const limit = await withEnv({ NETLIFY_DB_URL: process.env.DATABASE_URL! }, sessionStatementLimit);
    expect(limit).toBe('0');
  });
});
