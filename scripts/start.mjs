// `npm start`: the production build served locally the way Netlify serves it (static files,
// functions at their config.path, the on-demand pages' function, Netlify Blobs) on embedded
// defaults: PGlite under DATA_DIR, a generated session secret, no account and no network.
import http from 'node:http';
import path from 'node:path';
import { buildIfNeeded } from './lib/build-if-needed.mjs';
import { startBlobsServer } from './lib/blobs-server.mjs';
import { startDatabase } from './lib/database-env.mjs';
import { localSessionSecret } from './lib/local-secrets.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { createSiteHandler } from './lib/site-handler.mjs';
import { localEnv, projectRoot } from './lib/runtime-env.mjs';

const started = Date.now();
const { dataDir, port } = localEnv();
const stops = [];

async function shutdown(code = 0) {
  for (const stop of stops.reverse()) {
    try {
      await stop();
    } catch (err) {
      console.error(err);
    }
  }
  process.exit(code);
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));

try {
  await buildIfNeeded(projectRoot);

  const db = await startDatabase({ dataDir });
  stops.push(db.stop);
  process.env.DATABASE_URL = db.databaseUrl;
  if (db.wsProxy) process.env.DATABASE_WS_PROXY = db.wsProxy;
  process.env.SESSION_SECRET ||= localSessionSecret(dataDir);
  await prepareDatabase({
    databaseUrl: db.databaseUrl,
    wsProxy: db.wsProxy,
    adminEmail: process.env.ADMIN_EMAIL,
    adminPassword: process.env.ADMIN_PASSWORD,
  });

  const blobs = await startBlobsServer({ directory: path.join(dataDir, 'blobs') });
  stops.push(blobs.stop);
  process.env.NETLIFY_BLOBS_CONTEXT = blobs.context;

  const site = await createSiteHandler({ port });
  stops.push(site.stop);

  // Loopback only, on both address families: browsers may resolve localhost to ::1 or 127.0.0.1.
  for (const host of ['127.0.0.1', '::1']) {
    const server = http.createServer(site.handler);
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, resolve);
      });
    } catch (err) {
      if (host === '::1' && err.code === 'EADDRNOTAVAIL') continue; // no IPv6 on this machine
      if (err.code === 'EADDRINUSE') throw new Error(`port ${port} is in use: stop what runs there or set PORT`);
      throw err;
    }
    stops.push(() => new Promise((r) => { server.closeAllConnections(); server.close(() => r(undefined)); }));
  }

  console.log(`\nSite ready at http://localhost:${port} (data in ${dataDir}; ${db.embedded ? 'embedded database' : 'DATABASE_URL'}; started in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`);
} catch (err) {
  console.error(`\nCould not start the site: ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
}
