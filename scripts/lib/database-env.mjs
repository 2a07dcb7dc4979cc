// Resolves the database for a local process: the configured one (NETLIFY_DB_URL, DATABASE_URL or
// the deprecated NETLIFY_DATABASE_URL: src/server/db/database-url.ts), with the WebSocket proxy a
// plain Postgres needs, or the embedded PGlite under DATA_DIR.
import { connectionStringProblem, resolveDatabaseUrl } from '../../src/server/db/database-url.ts';
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startWsProxy } from './ws-proxy.mjs';

const isNeonHost = (url) => /\.neon\.tech$/i.test(new URL(url).hostname);

function configuredUrl() {
  const target = resolveDatabaseUrl(process.env);
  const problem = target && connectionStringProblem(target);
  if (problem) throw new Error(problem);
  if (target?.warning) console.warn(target.warning);
  return target?.url;
}

export async function startDatabase({ dataDir, databaseUrl = configuredUrl() }) {
  if (databaseUrl) {
    if (isNeonHost(databaseUrl) || process.env.DATABASE_WS_PROXY) {
      return { databaseUrl, wsProxy: process.env.DATABASE_WS_PROXY, embedded: false, stop: async () => {} };
    }
    // A plain Postgres (a laptop's or CI's): bridge the Neon driver's WebSocket to its TCP port.
    const { hostname, port } = new URL(databaseUrl);
    const proxy = await startWsProxy({ target: `${hostname}:${port || 5432}` });
    return { databaseUrl, wsProxy: proxy.proxy, embedded: false, stop: () => proxy.stop() };
  }
  const pg = await startEmbeddedPostgres({ dataDir });
  return { ...pg, embedded: true };
}
