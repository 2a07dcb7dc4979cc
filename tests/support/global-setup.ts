import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { configureNeonProxy } from '../../src/server/db/client.ts';
import { startLocalServices } from '../../scripts/lib/local-services.mjs';
import { createScratchDatabase } from '../../scripts/lib/scratch-database.mjs';
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';

/**
 * One freshly migrated and seeded database for the run, and a blob server under a temporary
 * DATA_DIR, through the local runtime's own start-up (scripts/lib/local-services.mjs): an in-memory
 * PGlite by default, or a new database on the server TEST_DATABASE_URL names (CI's PostgreSQL),
 * reached through the Neon driver either way, as in production.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  // Never the DATABASE_URL of the shell that runs the tests: the embedded database unless told.
  let databaseUrl: string | null = null;
  let label = 'embedded PGlite (in memory)';
  let dropDatabase: (() => Promise<void>) | undefined;
  let adminProxy: Awaited<ReturnType<typeof startWsProxy>> | undefined;

  if (serverUrl) {
    // The run's own database, created (and dropped) through the same driver path.
    const server = new URL(serverUrl);
    adminProxy = await startWsProxy({ target: `${server.hostname}:${server.port || 5432}` });
    configureNeonProxy(adminProxy.proxy);
    const scratch = await createScratchDatabase(serverUrl, 'site_test');
    dropDatabase = scratch.drop;
    databaseUrl = scratch.databaseUrl;
    label = `PostgreSQL server (${server.host}, database ${scratch.name})`;
  }
  console.log(`[tests] database: ${label}`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-data-'));
  const services = await startLocalServices({ dataDir, inMemoryDatabase: true, databaseUrl, log: () => {} });
  project.provide('testEnv', { ...services.env, TEST_DATABASE_LABEL: label });

  return async () => {
    // The database goes first, while every bridge is up: the driver's proxy setting is
    // process-wide, so the admin pool may reconnect through the run's own bridge.
    await dropDatabase?.();
    await services.stop();
    await adminProxy?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
  }
}
