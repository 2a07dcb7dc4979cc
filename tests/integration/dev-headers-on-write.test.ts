/**
 * The write-time header filter `npm run dev` adds to astro dev (scripts/lib/headers-on-write-plugin.mjs), over real
 * loopback sockets: the plugin's request listener ahead of a plain Node server's own that writes answers the
 * two ways the dev server does: a page with writeHead's headers (Astro), a function's answer header
 * by header with setHeader (the Netlify plugin), relayed from a fetched Response.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { headersOnWritePlugin } from '../../scripts/lib/headers-on-write-plugin.mjs';
import { SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { answerHopByHop, expectRelayedWithoutHopByHop, HOP_BODY } from '../support/hop-by-hop-upstream.ts';
import { keepAliveGets } from '../support/keep-alive-gets.ts';
import { rawHttp as raw } from '../support/raw-http.ts';

const HSTS = SECURITY_HEADERS['Strict-Transport-Security'];
const PAGE = '<!doctype html><title>page</title>';
const SIZED_BODY = 'a fetched answer with its length';

/** An origin a function fetches from: one answer with hop-by-hop headers and a chunked body, one with a length. */
let upstream: http.Server;
let upstreamOrigin = '';
/** The dev server: the plugin's middleware, then the page or function that answers. */
let dev: http.Server;
let devPort = 0;

/** A function's answer written as @netlify/vite-plugin writes it: each header with setHeader, then the body. */
async function writeAsNetlifyDev(answer: Response, res: http.ServerResponse) {
  res.statusCode = answer.status;
  answer.headers.forEach((value, name) => res.setHeader(name, value));
  if (answer.body) for await (const chunk of answer.body) res.write(chunk);
  res.end();
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/hop-by-hop') return answerHopByHop(res);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(SIZED_BODY), 'Strict-Transport-Security': HSTS, Connection: 'close' });
    res.end(SIZED_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;

  dev = http.createServer((req, res) => {
    if (req.url === '/astro-redirect') {
      // astro dev's own answer to a path with a trailing slash, from a middleware it puts ahead of Vite's.
      res.writeHead(301, { Location: '/insights', 'Content-Type': 'text/html', 'Content-Length': String(Buffer.byteLength(PAGE)) });
      res.end(PAGE);
      return;
    }
    if (req.url === '/astro-refusal') {
      // Its origin check's refusal: a status and a body, no headers of its own.
      res.statusCode = 403;
      res.end('Cross-site POST form submissions are forbidden');
      return;
    }
    if (req.url === '/page') {
      res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/html', 'Content-Length': String(Buffer.byteLength(PAGE)) });
      res.end(PAGE);
      return;
    }
    const path = req.url === '/relayed/hop-by-hop' ? '/hop-by-hop' : '/sized';
    void fetch(`${upstreamOrigin}${path}`).then((answer) => writeAsNetlifyDev(answer, res));
  });
  // Vite hands the hook its dev server; the plugin only listens to its HTTP server's requests.
  const configureServer = headersOnWritePlugin().configureServer as unknown as (server: Pick<ViteDevServer, 'httpServer'>) => void;
  configureServer({ httpServer: dev });
  expect(dev.listeners('request')).toHaveLength(2);
  await new Promise<void>((resolve) => dev.listen(0, '127.0.0.1', resolve));
  devPort = (dev.address() as net.AddressInfo).port;
});
afterAll(async () => {
  for (const server of [dev, upstream]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

it('sends HSTS to a host name only, on a page and on a relayed answer alike, and each keeps its length', async () => {
  for (const target of ['/page', '/relayed/sized']) {
    for (const [host, hsts] of [
      ['www.surgere.example', HSTS],
      ['localhost:4321', undefined],
      ['app.localhost:4321', undefined],
      ['127.0.0.1:4321', undefined],
      ['[::1]:4321', undefined],
      ['user@www.surgere.example', undefined],
    ] as const) {
      const r = await raw(devPort, `GET ${target} HTTP/1.1\nHost: ${host}`);
      const label = `${target} at ${host}`;
      expect([r.status, r.body], label).toEqual([200, target === '/page' ? PAGE : SIZED_BODY]);
      expect(r.headers['strict-transport-security'], label).toBe(hsts);
      expect(r.headers['content-length'], label).toBe(String(Buffer.byteLength(r.body)));
      expect(r.headers['transfer-encoding'], label).toBeUndefined();
    }
  }
});

it("sends the security headers on astro dev's own redirects and refusals, HSTS at a host name only, and leaves a page's own as they are", async () => {
  const WITHOUT_HSTS = Object.fromEntries(Object.entries(SECURITY_HEADERS).filter(([name]) => name !== 'Strict-Transport-Security').map(([name, value]) => [name.toLowerCase(), value]));
  for (const [target, status] of [['/astro-redirect', 301], ['/astro-refusal', 403]] as const) {
    for (const [host, hsts] of [['127.0.0.1:4321', undefined], ['www.surgere.example', HSTS]] as const) {
      const r = await raw(devPort, `GET ${target} HTTP/1.1\nHost: ${host}`);
      const label = `${target} at ${host}`;
      expect(r.status, label).toBe(status);
      expect(r.headers, label).toMatchObject(WITHOUT_HSTS);
      expect(r.headers['strict-transport-security'], label).toBe(hsts);
    }
  }
  const page = await raw(devPort, 'GET /page HTTP/1.1\nHost: 127.0.0.1:4321');
  expect(page.headers['content-security-policy']).toBe(SECURITY_HEADERS['Content-Security-Policy']);
});

it("relays a function's answer without the upstream connection's hop-by-hop headers: Node's own frame it", async () => {
  // HTTP/1.0: no chunked encoding; the body runs to the close, as Node frames it for such a client.
  const r = await raw(devPort, 'GET /relayed/hop-by-hop HTTP/1.0\nHost: 127.0.0.1:4321');
  expectRelayedWithoutHopByHop(r);
});

it("keeps the client's connection open after relayed answers whose upstream closed its own", async () => {
  const { get, close } = keepAliveGets(devPort);
  try {
    const first = await get('/relayed/sized');
    const second = await get('/relayed/hop-by-hop');
    const third = await get('/relayed/sized');
    expect([first.answer, second.answer, third.answer]).toEqual([
      [200, 'keep-alive', SIZED_BODY],
      [200, 'keep-alive', HOP_BODY],
      [200, 'keep-alive', SIZED_BODY],
    ]);
    expect([second.socket, third.socket]).toEqual([first.socket, first.socket]);
  } finally {
    close();
  }
});
