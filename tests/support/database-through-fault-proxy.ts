/**
 * Points this test process's database at a TCP fault proxy of its own, with the bridge the Neon
 * driver reaches a plain Postgres through (its WebSocket connections and HTTP queries), for tests that cut the connection or count it
 * on the wire; `restore()` stops both and points it back. The process must hold no database handle
 * when either is called (closeDb() first): a handle keeps the address it was made with.
 */
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';
import { resetEnvCache } from '../../src/server/env.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from './tcp-fault-proxy.ts';

export async function routeDatabaseThroughFaultProxy(): Promise<{ proxy: TcpFaultProxy; restore: () => Promise<void> }> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_WS_PROXY: process.env.DATABASE_WS_PROXY, DATABASE_SQL_ENDPOINT: process.env.DATABASE_SQL_ENDPOINT };
  const direct = new URL(saved.DATABASE_URL!);
  const proxy = await startTcpFaultProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const wsProxy = await startWsProxy({ target: `127.0.0.1:${proxy.port}` });
  const viaProxy = new URL(direct);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  process.env.DATABASE_URL = viaProxy.toString();
  process.env.DATABASE_WS_PROXY = wsProxy.proxy;
  process.env.DATABASE_SQL_ENDPOINT = wsProxy.sqlEndpoint;
  resetEnvCache();
  return {
    proxy,
    async restore() {
      await wsProxy.stop();
      await proxy.stop();
      Object.assign(process.env, saved);
      resetEnvCache();
    },
  };
}
