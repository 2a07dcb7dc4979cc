// The one start-up of the local services, shared by `npm start`, `npm run dev`, the benchmarks and
// the tests, always in the same order:
//   1. database: the given DATABASE_URL, or the embedded PGlite (under DATA_DIR, or in memory);
//      then migrations, the seed, the first admin and any caller's own set-up;
//   2. blobs: Netlify Blobs' own server, announced through NETLIFY_BLOBS_CONTEXT;
//   3. functions and 4. site: the built site's handler (functions, static files, on-demand pages)
//      on an HTTP server, when the caller serves the build (start, bench, e2e).
// Each step reads what the previous ones set up; `stop()` ends them in reverse.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBlobsServer } from './blobs-server.mjs';
import { buildIfNeeded } from './build-if-needed.mjs';
import { startDatabase } from './database-env.mjs';
import { serveHttp } from './http-server.mjs';
import { localSessionSecret } from './local-secrets.mjs';
import { prepareDatabase } from './prepare-database.mjs';
import { assertLambdaModuleFlags, projectRoot } from './runtime-env.mjs';
import { createSiteHandler } from './site-handler.mjs';

/**
 * @typedef {object} LocalServicesOptions
 * @property {string} [dataDir] where the embedded database, blobs and the local session secret
 *   live; omitted: an in-memory database and a temporary blob folder, gone at stop()
 * @property {string | null} [databaseUrl] a Postgres to use instead of the embedded one; omitted:
 *   DATABASE_URL (or NETLIFY_DATABASE_URL) when set; null: the embedded one whatever the environment says
 * @property {boolean} [inMemoryDatabase] the embedded database in memory even with a dataDir (tests)
 * @property {{ email?: string, password?: string }} [admin] creates the first admin if none exists
 * @property {(database: { databaseUrl: string, wsProxy?: string }) => Promise<void>} [afterDatabase]
 *   the caller's own set-up, before anything else starts (the e2e suite's second admin)
 * @property {boolean} [build] build the site first when its sources changed
 * @property {{ port: number, hosts?: string[], trustProxy?: boolean }} [site] serve the built site
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
    await prepareDatabase({ databaseUrl: database.databaseUrl, wsProxy: database.wsProxy, adminEmail: admin?.email, adminPassword: admin?.password, log });
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
      ...(database.wsProxy ? { DATABASE_WS_PROXY: database.wsProxy } : {}),
      NETLIFY_BLOBS_CONTEXT: blobs.context,
      SESSION_SECRET: process.env.SESSION_SECRET || (dataDir ? localSessionSecret(dataDir) : crypto.randomBytes(48).toString('base64url')),
    };
    if (!site) return { env, embedded: database.embedded, stop };

    // 3. Functions and 4. site, in this process: they read the environment per request.
    Object.assign(process.env, env);
    const handler = await createSiteHandler();
    stops.push(handler.stop);
    const server = await serveHttp(handler.handle, site);
    stops.push(server.stop);
    return { env, embedded: database.embedded, port: server.port, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
