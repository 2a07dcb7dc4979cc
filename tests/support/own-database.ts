/**
 * A freshly migrated database of one test file's own, for tests that must know exactly what a
 * table holds (counts, page boundaries) while other files write to the run's shared database. On
 * the embedded run a second in-memory PGlite; with TEST_DATABASE_URL a new database on that server,
 * dropped again at the end. It becomes the process's database (DATABASE_URL), so functions called
 * in the file use it too: call it before anything else touches the database. With
 * `{ migrated: false }` it starts empty, for a test of the migrations themselves.
 */
import { closeDb, configureNeonProxy } from '../../src/server/db/client.ts';
import { resetEnvCache } from '../../src/server/env.ts';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { createScratchDatabase } from '../../scripts/lib/scratch-database.mjs';

export async function useOwnDatabase({ migrated = true } = {}): Promise<{ databaseUrl: string; stop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let stop: () => Promise<void>;
  if (server) {
    configureNeonProxy(process.env.DATABASE_WS_PROXY); // the run's bridge reaches the same server
    const scratch = await createScratchDatabase(server, 'site_own');
    databaseUrl = scratch.databaseUrl;
    stop = async () => {
      await closeDb();
      await scratch.drop();
    };
  } else {
    const pg = await startEmbeddedPostgres();
    databaseUrl = pg.databaseUrl;
    process.env.DATABASE_WS_PROXY = pg.wsProxy;
    process.env.DATABASE_SQL_ENDPOINT = pg.sqlEndpoint;
    stop = async () => {
      await closeDb();
      await pg.stop();
    };
  }
  if (migrated) await prepareDatabase({ databaseUrl, wsProxy: process.env.DATABASE_WS_PROXY, log: () => {} });
  await closeDb();
  process.env.DATABASE_URL = databaseUrl;
  resetEnvCache();
  return { databaseUrl, stop };
}
