// The one start-up of the local services, shared by `npm start`, `npm run dev`, the benchmarks and
// the tests, always in the same order:
//   1. database: the given DATABASE_URL, or the embedded PGlite (under DATA_DIR, or in memory);
//      then migrations (the catalogue's first rows among them), the first admin and any caller's own set-up;
//   2. blobs: Netlify Blobs' own server, announced through NETLIFY_BLOBS_CONTEXT;
//   3. functions and 4. site: the built site's handler (functions, static files, on-demand pages)
//      behind the CDN's cache and its purge API, on an HTTP server, when the caller serves the
//      build (start, bench, e2e).
// Each step reads what the previous ones set up; `stop()` ends them in reverse.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBlobsServer } from './blobs-server.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startDatabase } from './database-env.mjs';
import { startPurgeApi } from './durable-cache.mjs';
import { serveHttp } from './http-server.mjs';
import { localSessionSecret } from './local-secrets.mjs';
import { prepareDatabase } from './prepare-database.mjs';
import { assertLambdaModuleFlags, projectRoot } from './runtime-env.mjs';
import { createSiteHandler } from './site-handler.mjs';
import { readEnv } from '../../src/server/env.ts';

/**
 * @typedef {object} LocalServicesOptions
 * @property {string} [dataDir] where the embedded database, blobs and the local session secret
 *   live; omitted: an in-memory database and a temporary blob folder, gone at stop()
 * @property {string | null} [databaseUrl] a Postgres to use instead of the embedded one; omitted:
 *   the configured one (src/server/db/database-url.ts) when set; null: the embedded one whatever the environment says
 * @property {boolean} [inMemoryDatabase] the embedded database in memory even with a dataDir (tests)
 * @property {{ username?: string, password?: string }} [admin] creates the first admin if none exists
 * @property {(database: { databaseUrl: string, wsProxy?: string }) => Promise<void>} [afterDatabase]
 *   the caller's own set-up, before anything else starts (the e2e suite's other admins)
 * @property {boolean} [build] build the site first when its sources changed
 * @property {{ port: number, hosts?: string[], trustProxy?: import('./http-server.mjs').TrustProxyOption, cdnCache?: boolean }} [site] serve the built site
 *   (behind the CDN's cache unless `cdnCache` is false: a benchmark of uncached renders)
 * @property {(message: string) => void} [log]
 */

/**
 * @param {LocalServicesOptions} options
 * @returns {Promise<{
 *   env: Record<string, string>,
 *   embedded: boolean,
 *   port?: number,
 *   stop: () => Promise<void>,
 * }>}
 */
export async function startLocalServices({ dataDir, databaseUrl, inMemoryDatabase = false, admin, afterDatabase, build = false, site, log = console.log }) {
  const stops = [];
  const stop = async () => {
    for (const step of stops.reverse()) {
      try {
        await step();
      } catch (err) {
        console.error(err);
      }
    }
  };
  if (site) assertLambdaModuleFlags();
  try {
    if (build) await buildIfNeeded(projectRoot, { log });

    // 1. Database.
    const database = await startDatabase({
      dataDir: inMemoryDatabase ? undefined : dataDir,
      // undefined lets startDatabase read the environment; '' names no server.
      ...(databaseUrl === undefined ? {} : { databaseUrl: databaseUrl ?? '' }),
    });
    stops.push(database.stop);
    await prepareDatabase({
      databaseUrl: database.databaseUrl,
      wsProxy: database.wsProxy,
      migrate: !database.migratedByNetlify,
      adminUsername: admin?.username,
      adminPassword: admin?.password,
      log,
    });
    await afterDatabase?.({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy });

    // 2. Blobs.
    let blobDir = dataDir && path.join(dataDir, 'blobs');
    if (!blobDir) {
      const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'site-blobs-'));
      stops.push(async () => fs.rmSync(temporary, { recursive: true, force: true }));
      blobDir = temporary;
    }
    const blobs = await startBlobsServer({ directory: blobDir });
    stops.push(blobs.stop);

    /** What functions and pages read, as Netlify sets it on the platform. */
    const env = {
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      DATABASE_URL: database.databaseUrl,
      // Blank, so that the database started here wins over one the shell names (database-url.ts).
      NETLIFY_DB_URL: '',
      NETLIFY_DATABASE_URL: '',
      ...(database.wsProxy ? { DATABASE_WS_PROXY: database.wsProxy } : {}),
      ...(database.sqlEndpoint ? { DATABASE_SQL_ENDPOINT: database.sqlEndpoint } : {}),
      NETLIFY_BLOBS_CONTEXT: blobs.context,
      SESSION_SECRET: process.env.SESSION_SECRET || (dataDir ? localSessionSecret(dataDir) : crypto.randomBytes(48).toString('base64url')),
    };
    readEnv({ ...process.env, ...env });
    if (!site) return { env, embedded: database.embedded, stop };

    // 3. Functions and 4. site, in this process: they read the environment per request.
    Object.assign(process.env, env);
    const handler = await createSiteHandler({ cdnCache: site.cdnCache ?? true });
    stops.push(handler.stop);
    if (handler.cache) {
      const purgeApi = await startPurgeApi(handler.cache);
      stops.push(purgeApi.stop);
      Object.assign(process.env, purgeApi.env);
      // Gone with the API, so that later code in this process (a test run) does not call a closed port.
      stops.push(async () => {
        for (const name of Object.keys(purgeApi.env)) delete process.env[name];
      });
    }
    const server = await serveHttp(handler.handle, site);
    stops.push(server.stop);
    return { env, embedded: database.embedded, port: server.port, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
