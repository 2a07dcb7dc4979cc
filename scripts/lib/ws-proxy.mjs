// The database bridge, so the Neon serverless driver can reach a plain Postgres (the embedded
// PGlite socket, or CI's server) as it reaches Neon: its WebSocket protocol (Postgres over a
// WebSocket, at `/{secret}/v2`: the driver's Pool) relayed to the database's TCP port, and Neon's
// HTTP query endpoint (one statement a POST, at `/{secret}/sql`: the driver's neon(); see
// sql-over-http.mjs). DATABASE_WS_PROXY names the first, DATABASE_SQL_ENDPOINT the second.
//
// It listens on loopback, so any web page the developer opens could try it too (a page may open a
// WebSocket to 127.0.0.1, or post to it). Three locks keep it a bridge to one database and nothing
// else:
//   - a request carrying an Origin header is refused: browsers always send one with an upgrade or
//     a POST, while the driver in Node sends none;
//   - the path must hold a random secret, which only the processes told DATABASE_WS_PROXY know;
//   - it reaches the one database address it was started for, whatever `?address=` or the
//     connection string asks.
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { WebSocketServer } from 'ws';
import { createSqlOverHttp } from './sql-over-http.mjs';

/**
 * @param {{ target: string, port?: number, onClientMessage?: (type: string) => void, onConnection?: () => void, onHttpQuery?: () => void }} options
 *   target: the database's `host:port` (loopback or a host of the developer's choosing, never one
 *   a client names); onClientMessage: told the type of each message a WebSocket client sends once
 *   the start-up is done ('Q' a simple query, 'E' an extended one's Execute...): the benchmarks
 *   count statements by it, on the bridge the driver already passes, so counting adds no hop of its
 *   own; onConnection: told of each WebSocket connection bridged; onHttpQuery: told of each
 *   statement posted to the HTTP endpoint
 */
export async function startWsProxy({ target, port = 0, onClientMessage, onConnection, onHttpQuery }) {
  const cut = target.lastIndexOf(':');
  const targetHost = target.slice(0, cut).replace(/^\[|\]$/g, '');
  const targetPort = Number(target.slice(cut + 1));
  if (!targetHost || !Number.isInteger(targetPort) || targetPort < 1 || targetPort > 65535) {
    throw new Error(`ws-proxy: the target must be host:port, not "${target}"`);
  }
  const secret = crypto.randomBytes(24).toString('base64url');
  const path = `/${secret}/v2`;
  const sqlPath = `/${secret}/sql`;
  const sqlOverHttp = createSqlOverHttp({ host: targetHost, port: targetPort, onQuery: onHttpQuery });
  const namesTarget = (/** @type {URL} */ url) => sameAddress(`${url.hostname}:${url.port || 5432}`, targetHost, targetPort);

  const server = http.createServer((req, res) => {
    if (req.headers.origin !== undefined) return void res.writeHead(403).end();
    if (req.url !== sqlPath) return void res.writeHead(404).end();
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    sqlOverHttp.answer(req, res, namesTarget).catch(() => {
      if (!res.headersSent) res.writeHead(400).end();
      else res.destroy();
    });
  });
  const wss = new WebSocketServer({
    server,
    verifyClient: ({ req }, done) => {
      const url = new URL(req.url ?? '/', 'http://proxy');
      if (req.headers.origin !== undefined) return done(false, 403, 'Forbidden');
      if (url.pathname !== path) return done(false, 404, 'Not Found');
      // The driver names the address it was given; anything else is not this database.
      const address = url.searchParams.get('address');
      if (address !== null && !sameAddress(address, targetHost, targetPort)) return done(false, 403, 'Forbidden');
      done(true);
    },
  });
  wss.on('connection', (ws) => {
    onConnection?.();
    const socket = net.connect(targetPort, targetHost);
    socket.setNoDelay(true); // small protocol messages: no Nagle delay on loopback
    socket.on('data', (chunk) => ws.readyState === ws.OPEN && ws.send(chunk));
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    let terminated = false;
    const read = clientMessages((type) => {
      if (type === 'X') terminated = true;
      onClientMessage?.(type);
    });
    ws.on('message', (data) => {
      const chunk = /** @type {Buffer} */ (data);
      socket.write(chunk);
      read(chunk);
      // A Postgres server closes the connection after the client's Terminate; PGlite's socket
      // server does not, and the client's process would then never exit. Close it here.
      if (terminated) socket.end();
    });
    ws.on('close', () => socket.destroy());
    ws.on('error', () => socket.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    /** The value for DATABASE_WS_PROXY (the driver appends `?address=host:port`). */
    proxy: `127.0.0.1:${actual}${path}`,
    /** The value for DATABASE_SQL_ENDPOINT: where the driver posts its HTTP queries. */
    sqlEndpoint: `http://127.0.0.1:${actual}${sqlPath}`,
    async stop() {
      for (const client of wss.clients) client.terminate();
      server.closeAllConnections();
      await new Promise((resolve) => wss.close(() => server.close(() => resolve(undefined))));
      await sqlOverHttp.close();
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** `host:port` names the target (loopback names count as one another). */
function sameAddress(address, host, port) {
  const cut = address.lastIndexOf(':');
  const h = address.slice(0, cut).replace(/^\[|\]$/g, '');
  const p = Number(address.slice(cut + 1));
  return p === port && (h === host || (LOOPBACK.has(h) && LOOPBACK.has(host)));
}

/**
 * Follows the client's side of the Postgres protocol by message length (a start-up phase of
 * untyped messages, SSLRequest and the like being 8 bytes, then typed ones) and tells `onType` the
 * type of each typed message as its header arrives, however the stream is cut into chunks.
 * @param {(type: string) => void} onType
 * @returns {(chunk: Buffer) => void}
 */
export function clientMessages(onType) {
  let startup = true;
  let header = Buffer.alloc(0);
  let remaining = 0;
  return (chunk) => {
    let i = 0;
    while (i < chunk.length) {
      if (remaining > 0) {
        const n = Math.min(remaining, chunk.length - i);
        remaining -= n;
        i += n;
        continue;
      }
      const need = startup ? 4 : 5;
      const take = Math.min(need - header.length, chunk.length - i);
      header = Buffer.concat([header, chunk.subarray(i, i + take)]);
      i += take;
      if (header.length < need) break;
      const length = header.readInt32BE(startup ? 0 : 1);
      if (!startup) onType(String.fromCharCode(header[0]));
      if (startup && length !== 8) startup = false; // the StartupMessage; an 8-byte SSLRequest/GSSENCRequest comes before it
      remaining = length - 4;
      header = Buffer.alloc(0);
    }
  };
}
