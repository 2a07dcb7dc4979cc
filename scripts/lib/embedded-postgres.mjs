// The embedded database of the local runtime and of the default test run: PGlite (Postgres in
// WebAssembly) on disk, served over the Postgres wire protocol on loopback, so the app reaches it
// through the very driver path it uses against Neon in production.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { isRunning } from './process-running.mjs';
import { startWsProxy } from './ws-proxy.mjs';

/** PGlite corrupts a data folder that two processes write; refuse clearly instead. */
function takeLock(dir) {
  const lock = path.join(dir, 'owner.pid');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && isRunning(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid} (npm start or npm run dev?). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (Number(fs.readFileSync(lock, 'utf8')) === process.pid) fs.rmSync(lock);
    } catch {
      /* already gone */
    }
  };
}

/**
 * Postgres fills each new 16 MB WAL segment with zeros before writing to it, so that the space is
 * known to be there when it syncs. PGlite never syncs (it runs with fsync off), and in memory the
 * zeros are written through a growing buffer: every few thousand writes, one of them stalled the
 * whole database for a quarter of a second. A start parameter, so no session can reset it.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'];

/**
 * The extensions the migrations create, as Neon and PostgreSQL's contrib offer them: PGlite has
 * only those loaded at start (pg_trgm: the trigram indexes of the admin lists' search).
 */
const EXTENSIONS = { pg_trgm };

/**
 * @param {{ dataDir?: string }} options  dataDir: folder for the database files; omit for an
 *   in-memory database (tests).
 */
export async function startEmbeddedPostgres({ dataDir } = {}) {
  let releaseLock = () => {};
  let pg;
  if (dataDir) {
    const dir = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = takeLock(path.resolve(dataDir));
    pg = new PGlite(dir, { startParams: START_PARAMS, extensions: EXTENSIONS });
  } else {
    pg = new PGlite({ startParams: START_PARAMS, extensions: EXTENSIONS });
  }
  await pg.waitReady;
  // PGlite runs no autovacuum: refresh the planner's statistics and visibility map once at start,
  // before any client connects, so plans chosen for an empty table do not outlive its growth.
  await pg.exec('vacuum analyze');
  // Each bundle of the site's code (every function chunk, the on-demand function) opens up to 5
  // connections while it serves requests (src/server/db/client.ts), scripts and tests their own;
  // the socket server refuses any above this.
  const server = new PGLiteSocketServer({ db: pg, host: '127.0.0.1', port: 0, maxConnections: 256 });
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  const wsProxy = await startWsProxy({ target: `127.0.0.1:${port}` });
  return {
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    wsProxy: wsProxy.proxy,
    sqlEndpoint: wsProxy.sqlEndpoint,
    async stop() {
      await wsProxy.stop();
      await server.stop();
      await pg.close();
      releaseLock();
    },
  };
}
