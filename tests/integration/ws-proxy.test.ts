/**
 * The loopback WebSocket bridge to the database (scripts/lib/ws-proxy.mjs), against a real TCP
 * server standing in for Postgres: it relays for the driver (no Origin, the secret path, the one
 * target) and for nothing a web page or a stray client could ask.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startWsProxy } from '../../scripts/lib/ws-proxy.mjs';

/** A TCP server that answers every chunk with `echo:` and the chunk. */
async function echoServer() {
  const server = net.createServer((socket) => socket.on('data', (chunk) => socket.write(Buffer.concat([Buffer.from('echo:'), chunk]))));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Opens a WebSocket and either exchanges one message or reports the refused upgrade's status. */
function exchange(url: string, headers: Record<string, string> = {}): Promise<{ reply: string } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.on('open', () => ws.send('hello'));
    ws.on('message', (data) => {
      resolve({ reply: data.toString() });
      ws.close();
    });
    ws.on('error', (err) => reject(err));
  });
}

describe('the WebSocket bridge to the database', () => {
  let database: Awaited<ReturnType<typeof echoServer>>;
  let other: Awaited<ReturnType<typeof echoServer>>;
  let proxy: Awaited<ReturnType<typeof startWsProxy>>;
  beforeAll(async () => {
    database = await echoServer();
    other = await echoServer();
    proxy = await startWsProxy({ target: `127.0.0.1:${database.port}` });
  });
  afterAll(async () => {
    await proxy.stop();
    await database.stop();
    await other.stop();
  });

  const url = (address: string, path = proxy.proxy) => `ws://${path}?address=${address}`;

  it('relays the driver (no Origin, the secret path) to its database', async () => {
    expect(await exchange(url(`127.0.0.1:${database.port}`))).toEqual({ reply: 'echo:hello' });
    expect(await exchange(url(`localhost:${database.port}`))).toEqual({ reply: 'echo:hello' });
  });

  it('refuses an upgrade that carries an Origin, as every browser sends', async () => {
    expect(await exchange(url(`127.0.0.1:${database.port}`), { Origin: 'https://any-page.example' })).toEqual({ refused: 403 });
    expect(await exchange(url(`127.0.0.1:${database.port}`), { Origin: 'http://127.0.0.1:4321' })).toEqual({ refused: 403 });
  });

  it('answers 404 without the secret path', async () => {
    const port = new URL(`ws://${proxy.proxy}`).port;
    expect(await exchange(`ws://127.0.0.1:${port}/v2?address=127.0.0.1:${database.port}`)).toEqual({ refused: 404 });
    expect(proxy.proxy).toMatch(/^127\.0\.0\.1:\d+\/[\w-]{32}\/v2$/);
  });

  it('relays to no other port or host, whatever ?address= names', async () => {
    expect(await exchange(url(`127.0.0.1:${other.port}`))).toEqual({ refused: 403 });
    expect(await exchange(url(`10.0.0.1:${database.port}`))).toEqual({ refused: 403 });
  });

  it('refuses to start without a database address', async () => {
    await expect(startWsProxy({ target: 'no-port' })).rejects.toThrow(/host:port/);
  });
});
