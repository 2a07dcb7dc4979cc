/**
 * The loopback WebSocket bridge to the database (scripts/lib/ws-proxy.mjs), against a real TCP
 * server standing in for Postgres: it relays for the driver (no Origin, the secret path, the one
 * target) and for nothing a web page or a stray client could ask.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'kysely';
import { clientMessages, startWsProxy } from '../../scripts/lib/ws-proxy.mjs';
import { createDb } from '../../src/server/db/client.ts';

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

describe("the bridge after the client's Terminate", () => {
  it('closes the connection as a Postgres server does (PGlite keeps it open, and the client process would never exit)', async () => {
    // A server that, like PGlite's socket server, never closes a connection itself.
    const received: Buffer[] = [];
    let ended!: () => void;
    const endedByBridge = new Promise<void>((resolve) => (ended = resolve));
    const server = net.createServer((socket) => {
      socket.on('data', (chunk) => received.push(chunk));
      socket.on('end', () => ended());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const proxy = await startWsProxy({ target: `127.0.0.1:${port}` });
    try {
      const ws = new WebSocket(`ws://${proxy.proxy}?address=127.0.0.1:${port}`);
      const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
      await new Promise((resolve) => ws.on('open', resolve));
      // StartupMessage (length, protocol 3.0, user=postgres, NUL), then a query: 'Q' and "SELECT 'X'".
      const params = Buffer.from('user\0postgres\0\0');
      const startup = Buffer.alloc(8);
      startup.writeInt32BE(8 + params.length, 0);
      startup.writeInt32BE(196608, 4);
      const text = Buffer.from("SELECT 'X'\0");
      const query = Buffer.alloc(5);
      query.write('Q', 0);
      query.writeInt32BE(4 + text.length, 1);
      ws.send(Buffer.concat([startup, params]));
      ws.send(Buffer.concat([query, text]));
      const terminate = Buffer.from([0x58, 0, 0, 0, 4]);
      ws.send(terminate);
      await endedByBridge;
      await closed;
      expect(Buffer.concat(received).subarray(-5).equals(terminate)).toBe(true);
    } finally {
      await proxy.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("what the bridge reads of the client's messages (the benchmarks' statement counts)", () => {
  /** A typed message: its type, its length and `body`. */
  const message = (type: string, body = Buffer.alloc(0)) => {
    const head = Buffer.alloc(5);
    head.write(type, 0);
    head.writeInt32BE(4 + body.length, 1);
    return Buffer.concat([head, body]);
  };

  it('names each typed message after the start-up, however the stream is cut', () => {
    const sslRequest = Buffer.alloc(8);
    sslRequest.writeInt32BE(8, 0);
    sslRequest.writeInt32BE(80877103, 4);
    const params = Buffer.from('user\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196608, 4);
    const stream = Buffer.concat([
      sslRequest,
      startup,
      params,
      message('Q', Buffer.from("select 'Q E'\0")),
      message('P', Buffer.from('\0select $1\0\0\0')),
      message('B', Buffer.alloc(12)),
      message('E', Buffer.alloc(5)),
      message('S'),
      message('X'),
    ]);
    for (const size of [1, 3, 7, stream.length]) {
      const types: string[] = [];
      const read = clientMessages((type: string) => types.push(type));
      for (let i = 0; i < stream.length; i += size) read(stream.subarray(i, i + size));
      expect(types).toEqual(['Q', 'P', 'B', 'E', 'S', 'X']);
    }
  });

  it("counts a real driver's statements and connections", async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const types: string[] = [];
    let connections = 0;
    const bridge = await startWsProxy({ target: `${target.hostname}:${target.port || 5432}`, onClientMessage: (type: string) => types.push(type), onConnection: () => (connections += 1) });
    const { db } = createDb(process.env.DATABASE_URL!, bridge.proxy);
    try {
      await sql`select 1`.execute(db);
      await sql`select ${2}::int as n`.execute(db);
      expect(types.filter((type) => type === 'Q' || type === 'E')).toHaveLength(2);
      expect(connections).toBe(1);
    } finally {
      await db.destroy();
      await bridge.stop();
    }
  });
});
