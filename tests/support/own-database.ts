/**
 * A freshly migrated database of one test file's own, for tests that must know exactly what a
 * table holds (counts, page boundaries) while other files write to the run's shared database. On
 * the embedded run a second in-memory PGlite; with TEST_DATABASE_URL a new database on that server,
 * dropped again at the end. It becomes the process's database (DATABASE_URL), so functions called
 * in the file use it too: call it before anything else touches the database. With
 * `{ migrated: false }` it starts empty, for a test of the migrations themselves.
 */
import crypto from 'node:crypto';
import { Pool } from '@neondatabase/serverless';
import { closeDb, configureNeonProxy } from '../../src/server/db/client.ts';
import { resetEnvCache } from '../../src/server/env.ts';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';

export async function useOwnDatabase({ migrated = true } = {}): Promise<{ databaseUrl: string; stop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let stop: () => Promise<void>;
  if (server) {
    const name = `site_own_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
    configureNeonProxy(process.env.DATABASE_WS_PROXY); // the run's bridge reaches the same server
    const admin = new Pool({ connectionString: server });
    admin.on('error', () => {});
    await admin.query(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    stop = async () => {
      await closeDb();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const pg = await startEmbeddedPostgres();
    databaseUrl = pg.databaseUrl;
    process.env.DATABASE_WS_PROXY = pg.wsProxy;
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
