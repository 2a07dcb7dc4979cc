// Resolves the database for a local process: the configured DATABASE_URL (with the WebSocket
// proxy a plain Postgres needs), or the embedded PGlite under DATA_DIR.
import { startEmbeddedPostgres } from './embedded-postgres.mjs';
import { startWsProxy } from './ws-proxy.mjs';

const isNeonHost = (url) => /\.neon\.tech$/i.test(new URL(url).hostname);

export async function startDatabase({ dataDir, databaseUrl = process.env.DATABASE_URL || process.env.NETLIFY_DATABASE_URL }) {
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
