import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from '@neondatabase/serverless';
import type { TestProject } from 'vitest/node';
import { configureNeonProxy } from '../../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs';
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';
import { startBlobsServer } from '../../scripts/lib/blobs-server.mjs';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';

/**
 * One freshly migrated and seeded database for the run: an in-memory PGlite by default, or a new
 * database on the server TEST_DATABASE_URL names (CI's PostgreSQL), reached through the Neon
 * driver either way, as in production.
 */
export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl: string;
  let wsProxy: string;
  const serverUrl = process.env.TEST_DATABASE_URL;
  let label: string;

  if (serverUrl) {
    const proxy = await startWsProxy();
    stops.push(() => proxy.stop());
    wsProxy = proxy.proxy;
    configureNeonProxy(wsProxy);
    const name = `site_test_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new Pool({ connectionString: serverUrl });
    // Dropping the database closes sockets under the pool; that is expected, not a failure.
    admin.on('error', () => {});
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    label = `PostgreSQL server (${url.host}, database ${name})`;
    stops.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
  } else {
    const pg = await startEmbeddedPostgres();
    stops.push(() => pg.stop());
    databaseUrl = pg.databaseUrl;
    wsProxy = pg.wsProxy;
    label = 'embedded PGlite (in memory)';
  }
  console.log(`[tests] database: ${label}`);

  await prepareDatabase({ databaseUrl, wsProxy, log: () => {} });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-data-'));
  stops.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // Netlify Blobs as on the platform and in the local runtime: a blob server announced through
  // NETLIFY_BLOBS_CONTEXT.
  const blobs = await startBlobsServer({ directory: path.join(dataDir, 'blobs') });
  stops.push(blobs.stop);

  project.provide('testEnv', {
    DATABASE_URL: databaseUrl,
    DATABASE_WS_PROXY: wsProxy,
    SESSION_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    NETLIFY_BLOBS_CONTEXT: blobs.context,
    TEST_DATABASE_LABEL: label,
  });

  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}
