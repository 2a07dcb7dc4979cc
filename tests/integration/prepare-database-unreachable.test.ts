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
let full: net.Server;
let fullBridge: Awaited<ReturnType<typeof startWsProxy>>;

const errorField = (type: string, value: string) => Buffer.from(`${type}${value}\0`);

beforeAll(async () => {
  // Accepts a connection and closes it at once: a database that is down behind a pooler or port forward
  // that still accepts (so the start-up's reachability check passes).
  closed = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  port = (closed.address() as net.AddressInfo).port;
  // The bridge `npm start` puts before a plain PostgreSQL (scripts/lib/database-env.mjs).
  bridge = await startWsProxy({ target: `127.0.0.1:${port}` });
  // A running server at its max_connections: it answers every start-up with SQLSTATE 53300.
  full = net.createServer((socket) =>
    socket.once('data', () => {
      const body = Buffer.concat([errorField('S', 'FATAL'), errorField('V', 'FATAL'), errorField('C', '53300'), errorField('M', 'sorry, too many clients already'), Buffer.from([0])]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length + 4);
      socket.end(Buffer.concat([Buffer.from('E'), length, body]));
    }),
  );
  await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
  fullBridge = await startWsProxy({ target: `127.0.0.1:${(full.address() as net.AddressInfo).port}` });
});
afterAll(async () => {
  await bridge?.stop();
  await fullBridge?.stop();
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  await new Promise<void>((resolve) => full.close(() => resolve()));
});

it('names the server that did not answer, without the password, as a server not running is named', async () => {
  const databaseUrl = `postgres://site:s3cret-pass@127.0.0.1:${port}/leads`;
  const failure = await prepareDatabase({ databaseUrl, wsProxy: bridge.proxy, log: () => {} }).then(
    () => undefined,
    (err: Error) => err,
  );
  expect(failure?.message).toBe(`No PostgreSQL server answers at 127.0.0.1:${port} (Connection terminated unexpectedly): start it, or correct the host and port of the connection string.`);
}, 30_000);

it('leaves the words of a server that did answer (too many clients) as it said them: it is running, at the right host and port', async () => {
  const databaseUrl = `postgres://site:s3cret-pass@127.0.0.1:${(full.address() as net.AddressInfo).port}/leads`;
  const failure = await prepareDatabase({ databaseUrl, wsProxy: fullBridge.proxy, log: () => {} }).then(
    () => undefined,
    (err: Error) => err,
  );
  expect(failure?.message).toBe('sorry, too many clients already');
}, 30_000);
