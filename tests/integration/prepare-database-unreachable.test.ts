/**
 * A start-up whose database does not answer says which database, never its password: the bare
 * driver message ('Connection terminated unexpectedly') named no connection at all.
 */
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/lib/prepare-database.mjs';
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';

let closed: net.Server;
let port: number;
let bridge: Awaited<ReturnType<typeof startWsProxy>>;

beforeAll(async () => {
  // Accepts a connection and closes it at once: a database that is down behind a pooler or port forward
  // that still accepts (so the start-up's reachability check passes).
  closed = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  port = (closed.address() as net.AddressInfo).port;
  // The bridge `npm start` puts before a plain PostgreSQL (scripts/lib/database-env.mjs).
  bridge = await startWsProxy({ target: `127.0.0.1:${port}` });
});
afterAll(async () => {
  await bridge?.stop();
  await new Promise<void>((resolve) => closed.close(() => resolve()));
});

it('names the server that did not answer, without the password, as a server not running is named', async () => {
  const databaseUrl = `postgres://site:s3cret-pass@127.0.0.1:${port}/leads`;
  const failure = await prepareDatabase({ databaseUrl, wsProxy: bridge.proxy, log: () => {} }).then(
    () => undefined,
    (err: Error) => err,
  );
  expect(failure?.message).toBe(`No PostgreSQL server answers at 127.0.0.1:${port} (Connection terminated unexpectedly): start it, or correct the host and port of the connection string.`);
}, 30_000);
