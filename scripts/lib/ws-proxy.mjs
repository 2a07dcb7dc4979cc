// A WebSocket-to-TCP bridge so the Neon serverless driver (which speaks Postgres over WebSocket)
// can reach a plain Postgres: the embedded PGlite socket, or CI's server. Loopback targets only:
// it must never become an open relay.
import http from 'node:http';
import net from 'node:net';
import { WebSocketServer } from 'ws';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startWsProxy({ port = 0 } = {}) {
  const server = http.createServer((_req, res) => {
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: '/v2' });
  wss.on('connection', (ws, req) => {
    const address = new URL(req.url ?? '/', 'http://proxy').searchParams.get('address') ?? '';
    const cut = address.lastIndexOf(':');
    const host = address.slice(0, cut).replace(/^\[|\]$/g, '');
    const targetPort = Number(address.slice(cut + 1));
    if (!LOOPBACK.has(host) || !Number.isInteger(targetPort)) {
      ws.close(1008, 'only loopback targets are allowed');
      return;
    }
    const socket = net.connect(targetPort, host);
    socket.setNoDelay(true); // small protocol messages: no Nagle delay on loopback
    socket.on('data', (chunk) => ws.readyState === ws.OPEN && ws.send(chunk));
    socket.on('close', () => ws.close());
    socket.on('error', () => ws.close());
    ws.on('message', (data) => socket.write(data));
    ws.on('close', () => socket.destroy());
    ws.on('error', () => socket.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
  return {
    /** The value for DATABASE_WS_PROXY. */
    proxy: `127.0.0.1:${actual}/v2`,
    async stop() {
      for (const client of wss.clients) client.terminate();
      await new Promise((resolve) => wss.close(() => server.close(() => resolve(undefined))));
    },
  };
}
