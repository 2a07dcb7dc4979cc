// Resolves the database for a local process: the configured one (NETLIFY_DB_URL, DATABASE_URL or
// the deprecated NETLIFY_DATABASE_URL: src/server/db/database-url.ts), with the WebSocket proxy a
// plain Postgres needs, or the embedded PGlite under DATA_DIR.
import net from 'node:net';
import { connectionStringProblem, isLoopbackDatabase, isNeonHost, resolveDatabaseUrl } from '../../src/server/db/database-url.ts';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startWsProxy } from './ws-proxy.mjs';

function configuredTarget() {
  const target = resolveDatabaseUrl(process.env);
  const problem = target && connectionStringProblem(target);
  if (problem) throw new Error(problem);
  if (target?.warning) console.warn(target.warning);
  return target;
}

/**
 * @param {{ dataDir?: string, databaseUrl?: string }} options  databaseUrl: this one ('' for the
 *   embedded database); omitted: the configured one, whose migrations Netlify applies when it is a
 *   Netlify Database (`migratedByNetlify`: leave its migrations to its deploys, as `npm run db:migrate` does)
 */
export async function startDatabase({ dataDir, databaseUrl }) {
  const target = databaseUrl === undefined ? configuredTarget() : undefined;
  const migratedByNetlify = target?.source === 'netlify-database';
  databaseUrl ??= target?.url;
  if (databaseUrl) {
    // A Netlify Database answers the Neon driver whatever its host is called, as a Neon host does.
    if (isNeonHost(databaseUrl) || (migratedByNetlify && !isLoopbackDatabase(databaseUrl)) || process.env.DATABASE_WS_PROXY) {
      return {
        databaseUrl,
        // A blank variable (a .env line left empty) means none, as everywhere else.
        wsProxy: process.env.DATABASE_WS_PROXY || undefined,
        sqlEndpoint: process.env.DATABASE_SQL_ENDPOINT || undefined,
        embedded: false,
        migratedByNetlify,
        stop: async () => {},
      };
    }
    // A plain Postgres (a laptop's or CI's, or a Netlify Database's local stand-in): bridge the Neon driver's WebSocket and HTTP queries to its TCP port.
    const { hostname, port } = new URL(databaseUrl);
    await assertReachable(hostname, Number(port || 5432));
    const proxy = await startWsProxy({ target: `${hostname}:${port || 5432}` });
    return { databaseUrl, wsProxy: proxy.proxy, sqlEndpoint: proxy.sqlEndpoint, embedded: false, migratedByNetlify, stop: () => proxy.stop() };
  }
  const pg = await startEmbeddedPostgres({ dataDir });
  return { ...pg, embedded: true, migratedByNetlify: false };
}

/**
 * What a command says of a PostgreSQL server that does not answer: where (`host:port`, never the
 * password a connection string may hold), why, and what to do.
 * @param {string | undefined} where
 * @param {string} reason
 */
export const noDatabaseAnswers = (where, reason) =>
  `No PostgreSQL server answers${where ? ` at ${where}` : ''} (${reason}): start it, or correct the host and port of the connection string.`;

/**
 * Through the bridge, a server that is not running reaches the driver as a closed WebSocket, which
 * it reports as 'Connection terminated unexpectedly': nothing says which server or why. One TCP
 * connection first turns that into the address and the system's reason.
 */
async function assertReachable(hostname, port, timeoutMs = 5000) {
  // hostname as URL gives it: an IPv6 address in brackets, as it is written before a port.
  const where = `${hostname}:${port}`;
  await new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port });
    const fail = (reason) => {
      socket.destroy();
      reject(new Error(noDatabaseAnswers(where, reason)));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs / 1000} s`));
    socket.once('error', (err) => fail(err.message));
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
  });
}
