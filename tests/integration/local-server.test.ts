/**
 * The local runtime's HTTP side (scripts/lib/http-server.mjs) over real loopback sockets: the
 * Request a function sees is the one the browser made (scheme, host and port from the Host header,
 * or from X-Forwarded-* only when told to trust a proxy), so the Origin check of a real function
 * accepts the site's own pages at any address and still refuses other sites.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import newsletter from '../../netlify/functions/newsletter.ts';
import services from '../../netlify/functions/services.ts';
import { serveHttp } from '../../scripts/lib/http-server.mjs';
import { getDb } from '../../src/server/db/client.ts';
import { parseTrustProxy } from '../../src/server/http/trusted-proxy.ts';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { PLAIN_PAGE_SECURITY_HEADERS } from '../../src/server/http/plain-page.ts';
import { answerHopByHop, expectRelayedWithoutHopByHop, HOP_BODY } from '../support/hop-by-hop-upstream.ts';
import { keepAliveGets } from '../support/keep-alive-gets.ts';
import { rawHttp as raw } from '../support/raw-http.ts';
import { uniqueIp } from '../support/unique.ts';
import { withEnv } from '../support/with-env.ts';

/** The API's security headers but HSTS, by their lower-case names as a raw answer's are read. */
const API_SECURITY_HEADERS_NO_HSTS = Object.fromEntries(Object.entries(API_SECURITY_HEADERS).filter(([name]) => name !== 'Strict-Transport-Security'));
const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** The fetched answer as the upstream sent it (its length, not chunked), HSTS only where `hsts` says. */
function expectFetchedAnswerWhole(r: Awaited<ReturnType<typeof raw>>, host: string, hsts: string | undefined) {
  expect([r.status, r.body], host).toEqual([400, FETCHED_BODY]);
  expect(r.headers['content-length'], host).toBe(String(Buffer.byteLength(FETCHED_BODY)));
  expect(r.headers['transfer-encoding'], host).toBeUndefined();
  expect(r.headers['strict-transport-security'], host).toBe(hsts);
}

/**
 * An origin the handler fetches /fetched from, as the image CDN's emulation fetches its answers:
 * a fetched Response's headers cannot be changed. It sends HSTS and a Content-Length.
 */
const FETCHED_BODY = 'Bad Request: fetched';
let upstream: http.Server;
let upstreamOrigin = '';
beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/hop-by-hop') return answerHopByHop(res);
    res.writeHead(400, {
      'Content-Type': 'text/plain',
      'Content-Length': Buffer.byteLength(FETCHED_BODY),
      'Strict-Transport-Security': SECURITY_HEADERS['Strict-Transport-Security'],
      // The upstream's connection only: the site's client keeps its own open.
      Connection: 'close',
    });
    res.end(FETCHED_BODY);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as net.AddressInfo).port}`;
});
afterAll(() => {
  upstream.closeAllConnections();
  return new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** Echoes what the handler was given, or hands /api/* to the real functions. */
async function handle(request: Request, context: { ip: string }): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === '/api/newsletter') return newsletter(request, { params: {}, ip: context.ip });
  if (pathname === '/api/services') return services(request, { params: {} });
  if (pathname === '/fetched') return fetch(upstreamOrigin);
  if (pathname === '/hop-by-hop') return fetch(`${upstreamOrigin}/hop-by-hop`);
  // Answers without a body: a redirect (whose headers cannot be changed), a 303 after a form
  // post, and the two statuses that never have one.
  if (pathname === '/moved') return Response.redirect(new URL('/elsewhere', request.url), 301);
  if (pathname === '/see-other') return new Response(null, { status: 303, headers: { Location: '/thanks' } });
  if (pathname === '/not-modified') return new Response(null, { status: 304, headers: { ETag: '"v1"' } });
  if (pathname === '/no-content') return new Response(null, { status: 204 });
  if (pathname === '/slow') return new Promise((resolve) => setTimeout(() => resolve(new Response('slow answer')), 300));
  return Response.json({ url: request.url, ip: context.ip, method: request.method });
}

const subscribe = (port: number, headers: string) => {
  const body = JSON.stringify({ email: `proxy.${crypto.randomBytes(4).toString('hex')}@example.com` });
  return raw(
    port,
    `POST /api/newsletter HTTP/1.1
     ${headers}
     Content-Type: application/json
     Content-Length: ${Buffer.byteLength(body)}`,
    body,
  );
};

describe('directly (no proxy trusted)', () => {
  let server: { port: number; stop: () => Promise<void> };
  beforeAll(async () => {
    server = await serveHttp(handle, { port: 0, hosts: ['127.0.0.1'] });
  });
  afterAll(() => server.stop());

  it('builds the URL from the Host header, at whatever address the site is opened', async () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', 'surgere.lan', '[::1]:8080']) {
      const r = await raw(server.port, `GET /echo?q=1 HTTP/1.1\nHost: ${host}`);
      expect(JSON.parse(r.body).url).toBe(`http://${host}/echo?q=1`);
    }
  });

  it('never reads a path beginning with // as another host', async () => {
    const r = await raw(server.port, 'GET //evil.example/api/services HTTP/1.1\nHost: 127.0.0.1:4321');
    expect(JSON.parse(r.body).url).toBe('http://127.0.0.1:4321//evil.example/api/services');
  });

  it('ignores X-Forwarded-* it was not told to trust, and reports the socket address', async () => {
    const r = await raw(server.port, 'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: evil.example\nX-Forwarded-Proto: https\nX-Forwarded-For: 203.0.113.9');
    expect(JSON.parse(r.body)).toMatchObject({ url: 'http://127.0.0.1:4321/echo', ip: '127.0.0.1' });
  });

  it('answers a malformed Host with a JSON 400 that carries no HSTS', async () => {
    // A host the server refuses to read is no host to hold to https.
    for (const host of ['a/b@c', 'www.surgere.example/x']) {
      const r = await raw(server.port, `GET /api/services HTTP/1.1\nHost: ${host}`);
      expect(r.status, host).toBe(400);
      expect(JSON.parse(r.body), host).toEqual({ error: 'Bad request' });
      expect(r.headers['content-security-policy'], host).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(r.headers['strict-transport-security'], host).toBeUndefined();
    }
  });

  it("accepts a post from the page's own origin at 127.0.0.1 and refuses another port, scheme or site", async () => {
    const own = await subscribe(server.port, 'Host: 127.0.0.1:4321\nOrigin: http://127.0.0.1:4321');
    expect(own.status).toBe(201);
    for (const origin of ['http://localhost:4321', 'http://127.0.0.1:4322', 'https://127.0.0.1:4321', 'https://attacker.example', 'null']) {
      const r = await subscribe(server.port, `Host: 127.0.0.1:4321\nOrigin: ${origin}`);
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toEqual({ error: 'Cross-site request refused' });
    }
  });

  it('sends HSTS to a host name, never to localhost, a name under it or an address, and the answer keeps its length either way', async () => {
    // A browser would pin every *.localhost to https, for two years, from one answer at localhost.
    // The header is dropped as Node writes the answer: a Response rebuilt without it went out chunked.
    for (const [host, hsts] of [
      ['www.surgere.example', SECURITY_HEADERS['Strict-Transport-Security']],
      ['127.0.0.1:4321', undefined],
      ['localhost:4321', undefined],
      ['LocalHost.', undefined],
      ['app.localhost:4321', undefined],
      ['[::1]:8080', undefined],
      ['192.168.1.20', undefined],
    ] as const) {
      const r = await raw(server.port, `GET /api/services HTTP/1.1\nHost: ${host}`);
      expect(r.status, host).toBe(200);
      expect(r.headers['strict-transport-security'], host).toBe(hsts);
      expect(r.headers['x-content-type-options'], host).toBe('nosniff');
      expect(r.headers['content-length'], host).toBe(String(Buffer.byteLength(r.body)));
      expect(r.headers['transfer-encoding'], host).toBeUndefined();
    }
  });

  it('drops HSTS from a fetched answer at an address without rebuilding it: its Content-Length stays, nothing is chunked', async () => {
    for (const [host, hsts] of [
      ['127.0.0.1:4321', undefined],
      ['localhost:4321', undefined],
      ['www.surgere.example', SECURITY_HEADERS['Strict-Transport-Security']],
    ] as const) {
      const r = await raw(server.port, `GET /fetched HTTP/1.1\nHost: ${host}`);
      expectFetchedAnswerWhole(r, host, hsts);
    }
  });

  it("sends a fetched answer without the upstream connection's hop-by-hop headers: Node's own frame it", async () => {
    // HTTP/1.0: no chunked encoding; the body runs to the close, as Node frames it for such a client.
    const r = await raw(server.port, 'GET /hop-by-hop HTTP/1.0\nHost: 127.0.0.1:4321');
    expectRelayedWithoutHopByHop(r);
  });

  it("keeps the client's connection open after fetched answers whose upstream closed its own, a chunked one too", async () => {
    // Both upstream answers come with Connection: close; /hop-by-hop's is chunked, with no length.
    const { get, close } = keepAliveGets(server.port);
    try {
      const first = await get('/fetched');
      const second = await get('/hop-by-hop');
      const third = await get('/fetched');
      expect([first.answer, second.answer, third.answer]).toEqual([
        [400, 'keep-alive', FETCHED_BODY],
        [200, 'keep-alive', HOP_BODY],
        [400, 'keep-alive', FETCHED_BODY],
      ]);
      expect([second.socket, third.socket]).toEqual([first.socket, first.socket]);
    } finally {
      close();
    }
  });

  it('frames an answer without a body as Content-Length: 0, never chunked; a 204 or 304 has neither', async () => {
    // Netlify's edge sends a redirect with its length, 0; the Node adapter writes the headers
    // before it ends the answer, which made Node announce a chunked body of no chunks.
    for (const [path, status, length] of [
      ['/moved', 301, '0'],
      ['/see-other', 303, '0'],
      ['/not-modified', 304, undefined],
      ['/no-content', 204, undefined],
    ] as const) {
      for (const version of ['1.1', '1.0']) {
        const r = await raw(server.port, `GET ${path} HTTP/${version}\nHost: 127.0.0.1:4321`);
        const label = `${path} HTTP/${version}`;
        expect([r.status, r.body], label).toEqual([status, '']);
        expect(r.headers['content-length'], label).toBe(length);
        expect(r.headers['transfer-encoding'], label).toBeUndefined();
      }
    }
  });

  it('answers HEAD on an API route with the GET headers and no body', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.request({ host: '127.0.0.1', port: server.port, method: 'HEAD', path: '/api/services' }, resolve).end(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).length).toBe(0);
  });

  it("keeps an idle keep-alive connection open past Node's 5 s, so a client reusing it is not reset", async () => {
    // An agent of one socket: both requests go over the same connection, the second after 6 s idle.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: net.Socket }>((resolve, reject) => {
        const req = http.get({ port: server.port, host: '127.0.0.1', path: '/echo', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket as net.Socket }));
        });
        req.on('error', reject);
      });
    try {
      const first = await get();
      await new Promise((resolve) => setTimeout(resolve, 6000));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  }, 15_000);

  it("answers a URL or headers past Node's limit with 431 in the site's shape: JSON under /api/, a plain page elsewhere", async () => {
    // Node's own answer was a bare status line: no body and none of the security headers.
    const long = 'a'.repeat(20_000);
    for (const [head, type, body] of [
      [`GET /api/services?q=${long} HTTP/1.1\nHost: www.surgere.example`, 'application/json; charset=utf-8', '{"error":"Request URL and headers are larger than 16 KB"}'],
      [`GET /api/services HTTP/1.1\nHost: www.surgere.example\nX-Padding: ${long}`, 'application/json; charset=utf-8', '{"error":"Request URL and headers are larger than 16 KB"}'],
      [`GET http://www.surgere.example/api/services?q=${long} HTTP/1.1\nHost: www.surgere.example`, 'application/json; charset=utf-8', '{"error":"Request URL and headers are larger than 16 KB"}'],
    ] as const) {
      const r = await raw(server.port, head);
      const label = head.slice(0, 40);
      expect([r.status, r.headers['content-type'], r.body], label).toEqual([431, type, body]);
      expect(r.headers, label).toMatchObject({ ...lowerCased(API_SECURITY_HEADERS_NO_HSTS), connection: 'close', 'cache-control': 'no-store', 'content-length': String(body.length) });
      expect(r.headers['strict-transport-security'], label).toBeUndefined();
    }
    const page = await raw(server.port, `GET /about?q=${long} HTTP/1.1\nHost: www.surgere.example`);
    expect([page.status, page.headers['content-type'], page.headers.connection]).toEqual([431, 'text/html; charset=utf-8', 'close']);
    // The plain page's own policy: the API's, allowing its inline rules by their hash.
    expect(page.headers).toMatchObject(lowerCased(Object.fromEntries(Object.entries(PLAIN_PAGE_SECURITY_HEADERS).filter(([name]) => name !== 'Strict-Transport-Security'))));
    expect(page.headers['content-security-policy']).toMatch(/^default-src 'none'; frame-ancestors 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='$/);
    expect(page.body).toContain('<h1>Request Header Fields Too Large</h1>\n<p>Request URL and headers are larger than 16 KB.</p>');
  });

  it('answers a malformed request with 400 in the same shape', async () => {
    const api = await raw(server.port, 'GET /api/services HTTP/1.1\nHost: www.surgere.example\nNo colon here');
    expect([api.status, api.headers['content-type'], api.headers.connection, api.body]).toEqual([400, 'application/json; charset=utf-8', 'close', '{"error":"Malformed HTTP request"}']);
    expect(api.headers).toMatchObject(lowerCased(API_SECURITY_HEADERS_NO_HSTS));
    const page = await raw(server.port, 'GET / HTTP/1.1\nHost: www.surgere.example\nNo colon here');
    expect([page.status, page.headers['content-type'], page.headers.connection]).toEqual([400, 'text/html; charset=utf-8', 'close']);
    expect(page.body).toContain('<p>Malformed HTTP request.</p>');
  });

  it('answers an HTTP/1.1 request with no Host in the same shape, not with Node\'s bare 400', async () => {
    const api = await raw(server.port, 'GET /api/services HTTP/1.1');
    expect([api.status, api.headers['content-type']]).toEqual([400, 'application/json; charset=utf-8']);
    expect(api.headers).toMatchObject(lowerCased(API_SECURITY_HEADERS_NO_HSTS));
    expect(api.body).toBe('{"error":"Bad request"}');
  });

  it('answers a request with two Host header lines with 400: which host it is for cannot be told', async () => {
    for (const head of ['GET /api/services HTTP/1.1\nHost: www.surgere.example\nHost: evil.example', 'GET /api/services HTTP/1.1\nHost: www.surgere.example\nhost: www.surgere.example']) {
      const api = await raw(server.port, head);
      expect([api.status, api.headers['content-type'], api.body], head).toEqual([400, 'application/json; charset=utf-8', '{"error":"Bad request"}']);
      expect(api.headers, head).toMatchObject(lowerCased(API_SECURITY_HEADERS_NO_HSTS));
      expect(api.headers['strict-transport-security'], head).toBeUndefined();
    }
  });

  it('answers a request whose body stops arriving with 408 once its time is up, in the same shape, instead of holding it open for good', async () => {
    // The handler waits for the whole body, as every form and API handler does.
    const stalled = await serveHttp(
      async (request) => {
        // An earlier request still being answered when the one behind it times out.
        if (new URL(request.url).pathname === '/slow') await new Promise((resolve) => setTimeout(resolve, 3000));
        return new Response(await request.text());
      },
      { port: 0, hosts: ['127.0.0.1'], requestTimeoutMs: 1500 },
    );
    const answerTo = (path: string, before = '') =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(stalled.port, '127.0.0.1');
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString('latin1')));
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        socket.write(`${before}POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
      });
    try {
      const [api, page] = await Promise.all([answerTo('/api/contacts'), answerTo('/contact')]);
      expect(api.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(api).toContain('\r\ncontent-type: application/json; charset=utf-8\r\n');
      expect(api.endsWith('\r\n\r\n{"error":"Request took too long to arrive"}')).toBe(true);
      expect(page.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(page).toContain('<p>Request took too long to arrive.</p>');
      // Behind a request still being answered, the 408 would be read as that one's answer: that
      // answer goes out whole, then the connection closes.
      const behind = await answerTo('/api/contacts', 'GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(behind.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(behind.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    } finally {
      await stalled.stop();
    }
  }, 15_000);

  it('writes nothing into an answer still being given when a request pipelined behind it is malformed: that answer goes out whole, then the connection closes', async () => {
    const received = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('latin1')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write('GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\nNo colon here\r\n\r\n');
    });
    expect(received.startsWith('HTTP/1.1 200 OK\r\n')).toBe(true);
    expect(received.endsWith('\r\n\r\nslow answer')).toBe(true);
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('compresses JSON with brotli or gzip when the client accepts it', async () => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip']] as const) {
      const r = await raw(server.port, `GET /api/services HTTP/1.1\nHost: 127.0.0.1:4321\nAccept-Encoding: ${accept}`);
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers.vary).toBe('Accept-Encoding');
    }
  });
});

describe('behind a proxy it trusts (TRUST_PROXY=1)', () => {
  let server: { port: number; stop: () => Promise<void> };
  beforeAll(async () => {
    server = await serveHttp(handle, { port: 0, hosts: ['127.0.0.1'], trustProxy: true });
  });
  afterAll(() => server.stop());

  it('takes the scheme and host the browser used from X-Forwarded-Proto and -Host, and the client from X-Forwarded-For', async () => {
    const r = await raw(
      server.port,
      'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: www.surgere.example\nX-Forwarded-Proto: https\nX-Forwarded-For: 198.51.100.1, 203.0.113.9',
    );
    expect(JSON.parse(r.body)).toEqual({ url: 'https://www.surgere.example/echo', ip: '203.0.113.9', method: 'GET' });
    const doubled = await raw(server.port, 'GET //evil.example/x HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: www.surgere.example');
    expect(JSON.parse(doubled.body).url).toBe('http://www.surgere.example//evil.example/x');
    // A proxy that appends its own values to the client's: the last ones are the proxy's.
    const appended = await raw(
      server.port,
      'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: evil.example, www.surgere.example\nX-Forwarded-Proto: http, https',
    );
    expect(JSON.parse(appended.body).url).toBe('https://www.surgere.example/echo');
  });

  it("accepts the browser's https origin through a TLS-terminating proxy and still refuses other sites", async () => {
    // A site at a public name sets SITE_URL: the welcome e-mail's links name it (src/server/mail/link-origin.ts).
    await withEnv({ SITE_URL: 'https://www.surgere.example' }, async () => {
      const forwarded = 'Host: 127.0.0.1:4321\nX-Forwarded-Host: www.surgere.example\nX-Forwarded-Proto: https';
      expect((await subscribe(server.port, `${forwarded}\nOrigin: https://www.surgere.example`)).status).toBe(201);
      expect((await subscribe(server.port, `${forwarded}\nOrigin: http://www.surgere.example`)).status).toBe(403);
      expect((await subscribe(server.port, `${forwarded}\nOrigin: https://attacker.example`)).status).toBe(403);
    });
  });

  it('counts a client the proxy writes with its port, or in brackets, as that address: a new connection is no new budget', async () => {
    // Some proxies (Azure's, IIS ARR) write the client as `address:port`; the port changes with
    // every connection the browser opens.
    const v4 = uniqueIp();
    const v6 = `2001:db8:${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}`;
    for (const [label, client] of [
      [v4, (i: number) => `${v4}:${40000 + i}`],
      [`${v6}::/64`, (i: number) => (i % 2 ? `[${v6}::${i + 1}]:${40000 + i}` : `[${v6}::${i + 1}]`)],
    ] as const) {
      const statuses = [];
      for (let i = 0; i < 21; i++) statuses.push((await subscribe(server.port, `Host: 127.0.0.1:4321\nX-Forwarded-For: ${client(i)}`)).status);
      expect(statuses, label).toEqual([...Array(20).fill(201), 429]);
    }
  });

  it('takes a forwarded host written with its default port, in capitals or with a trailing dot, as the browser named it', async () => {
    for (const [proto, host, url] of [
      ['http', 'www.surgere.example:80', 'http://www.surgere.example/echo'],
      ['https', 'www.surgere.example:443', 'https://www.surgere.example/echo'],
      ['https', 'www.surgere.example:80', 'https://www.surgere.example:80/echo'],
      ['http', '[::1]:80', 'http://[::1]/echo'],
      ['https', 'WWW.Surgere.Example.', 'https://www.surgere.example./echo'],
    ] as const) {
      const r = await raw(server.port, `GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: ${host}\nX-Forwarded-Proto: ${proto}`);
      expect(r.status, host).toBe(200);
      expect(JSON.parse(r.body).url, host).toBe(url);
    }
    // And a post from the page the browser shows there is the site's own.
    await withEnv({ SITE_URL: 'https://www.surgere.example' }, async () => {
      const forwarded = 'Host: 127.0.0.1:4321\nX-Forwarded-Host: www.surgere.example:80\nX-Forwarded-Proto: http';
      expect((await subscribe(server.port, `${forwarded}\nOrigin: http://www.surgere.example`)).status).toBe(201);
    });
  });

  it('takes the port the browser used from X-Forwarded-Port when the forwarded host names none, dropping a default one', async () => {
    // nginx's `proxy_set_header X-Forwarded-Host $host` writes the name alone; the port comes apart.
    for (const [proto, host, port, url] of [
      ['https', 'example.com', '8443', 'https://example.com:8443/echo'],
      ['http', 'example.com', '8080', 'http://example.com:8080/echo'],
      ['https', 'example.com', '443', 'https://example.com/echo'],
      ['http', 'example.com', '80', 'http://example.com/echo'],
      ['https', '[2001:db8::1]', '8443', 'https://[2001:db8::1]:8443/echo'],
      // A port written in the host is the one the browser used: it wins over X-Forwarded-Port.
      ['https', 'example.com:9443', '8443', 'https://example.com:9443/echo'],
      // A proxy that appends to the client's value: the last one is its own.
      ['https', 'example.com', '1, 8443', 'https://example.com:8443/echo'],
    ] as const) {
      const r = await raw(server.port, `GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: ${host}\nX-Forwarded-Proto: ${proto}\nX-Forwarded-Port: ${port}`);
      expect(r.status, `${host} ${port}`).toBe(200);
      expect(JSON.parse(r.body).url, `${host} ${port}`).toBe(url);
    }
    // Without X-Forwarded-Host, the Host the proxy passed on (nginx's `proxy_set_header Host $host`) takes the port.
    const hostOnly = await raw(server.port, 'GET /echo HTTP/1.1\nHost: example.com\nX-Forwarded-Proto: https\nX-Forwarded-Port: 8443');
    expect(JSON.parse(hostOnly.body).url).toBe('https://example.com:8443/echo');
  });

  it("accepts the browser's Origin with the forwarded port on a post, and refuses it without the port", async () => {
    await withEnv({ SITE_URL: 'https://example.com:8443' }, async () => {
      const forwarded = 'Host: 127.0.0.1:4321\nX-Forwarded-Host: example.com\nX-Forwarded-Proto: https\nX-Forwarded-Port: 8443';
      expect((await subscribe(server.port, `${forwarded}\nOrigin: https://example.com:8443`)).status).toBe(201);
      expect((await subscribe(server.port, `${forwarded}\nOrigin: https://example.com`)).status).toBe(403);
    });
  });

  it('takes a plain form post from the forwarded origin and names its port in the welcome e-mail of a sign-up at localhost or a name under it', async () => {
    // Without SITE_URL only this machine may name its own origin in a link; *.localhost is this machine too.
    for (const host of ['localhost', 'app.localhost']) {
      const email = `proxy.port.${crypto.randomBytes(4).toString('hex')}@example.com`;
      const body = `email=${encodeURIComponent(email)}&sourcePage=%2Finsights`;
      const r = await raw(
        server.port,
        `POST /api/newsletter HTTP/1.1
         Host: 127.0.0.1:4321
         X-Forwarded-Host: ${host}
         X-Forwarded-Proto: https
         X-Forwarded-Port: 8443
         Origin: https://${host}:8443
         Content-Type: application/x-www-form-urlencoded
         Content-Length: ${Buffer.byteLength(body)}`,
        body,
      );
      // The post was the site's own (its Origin matched), and the way back is a path: the browser stays at the proxy.
      expect([r.status, r.headers.location], host).toEqual([303, '/insights#newsletter-subscribed']);
      const welcome = await getDb()
        .selectFrom('outbox')
        .innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
        .select('outbox.payload')
        .where('subscribers.email', '=', email)
        .executeTakeFirstOrThrow();
      const link = /https?:\/\/[^\s"]+\/api\/newsletter\/unsubscribe/.exec(JSON.stringify(welcome.payload))?.[0];
      expect(link, host).toBe(`https://${host}:8443/api/newsletter/unsubscribe`);
    }
  });

  it('sends no HSTS through an https proxy at localhost, and sends it at a public name', async () => {
    const at = (host: string) => raw(server.port, `GET /api/services HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: ${host}\nX-Forwarded-Proto: https\nX-Forwarded-Port: 8443`);
    expect((await at('localhost')).headers['strict-transport-security']).toBeUndefined();
    expect((await at('[::1]')).headers['strict-transport-security']).toBeUndefined();
    expect((await at('www.surgere.example')).headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  it('never reads the standard Forwarded header, which a proxy setting X-Forwarded-* may pass on from the client', async () => {
    const alone = await raw(server.port, 'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nForwarded: for=203.0.113.9;host=evil.example;proto=https');
    expect(JSON.parse(alone.body)).toEqual({ url: 'http://127.0.0.1:4321/echo', ip: '127.0.0.1', method: 'GET' });
    const beside = await raw(server.port, 'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nForwarded: host=evil.example;proto=http\nX-Forwarded-Host: www.surgere.example\nX-Forwarded-Proto: https');
    expect(JSON.parse(beside.body).url).toBe('https://www.surgere.example/echo');
  });

  it('answers 400 to a malformed forwarded port', async () => {
    for (const port of ['0', '65536', '84a3', '-1', '']) {
      const r = await raw(server.port, `GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: example.com\nX-Forwarded-Port: ${port}`);
      expect(r.status, port).toBe(port === '' ? 200 : 400);
    }
  });

  it('sends a fetched answer at a forwarded host name with HSTS and its Content-Length, at localhost without HSTS', async () => {
    for (const [host, hsts] of [
      ['example.com', SECURITY_HEADERS['Strict-Transport-Security']],
      ['app.localhost', undefined],
    ] as const) {
      const r = await raw(server.port, `GET /fetched HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: ${host}\nX-Forwarded-Proto: https`);
      expectFetchedAnswerWhole(r, host, hsts);
    }
  });

  it('answers a malformed forwarded header with a 400 that carries no HSTS, even where the Host is a name', async () => {
    const r = await raw(server.port, 'GET /echo HTTP/1.1\nHost: www.surgere.example\nX-Forwarded-Proto: gopher');
    expect(r.status).toBe(400);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers 400 to a malformed forwarded host or scheme', async () => {
    for (const header of [
      'X-Forwarded-Host: evil.example/path',
      'X-Forwarded-Host: user@evil.example',
      'X-Forwarded-Host: evil.example?x',
      'X-Forwarded-Host: evil.example#x',
      'X-Forwarded-Host: ev\til.example',
      'X-Forwarded-Host: evil.example:99999',
      'X-Forwarded-Host: evil.example:',
      'X-Forwarded-Proto: gopher',
    ]) {
      const r = await raw(server.port, `GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\n${header}`);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({ error: 'Bad request' });
    }
  });
});

describe('behind the proxies TRUST_PROXY lists', () => {
  const servers: { port: number; stop: () => Promise<void> }[] = [];
  const serve = async (trustProxy: string) => {
    const server = await serveHttp(handle, { port: 0, hosts: ['127.0.0.1'], trustProxy: parseTrustProxy(trustProxy) });
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.stop())));
  const forged = 'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Host: evil.example\nX-Forwarded-Proto: https\nX-Forwarded-Port: 8443\nX-Forwarded-For: 203.0.113.9';

  it('ignores X-Forwarded-* from a peer it does not list, as if no proxy were trusted', async () => {
    const server = await serve('192.0.2.1, 10.0.0.0/8');
    const r = await raw(server.port, forged);
    expect(JSON.parse(r.body)).toEqual({ url: 'http://127.0.0.1:4321/echo', ip: '127.0.0.1', method: 'GET' });
    // Nor is a malformed forwarded value its concern: the headers are not read at all.
    expect((await raw(server.port, 'GET /echo HTTP/1.1\nHost: 127.0.0.1:4321\nX-Forwarded-Proto: gopher')).status).toBe(200);
  });

  it('reads them from a listed peer, and walks X-Forwarded-For past the listed proxies', async () => {
    const server = await serve('loopback, 10.0.0.0/8');
    const r = await raw(server.port, `${forged.replace('203.0.113.9', '192.0.2.99, 203.0.113.9, 10.0.0.5')}`);
    expect(JSON.parse(r.body)).toEqual({ url: 'https://evil.example:8443/echo', ip: '203.0.113.9', method: 'GET' });
  });
});
