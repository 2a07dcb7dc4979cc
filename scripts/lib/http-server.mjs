// Node's HTTP server in front of a Fetch handler, for the local runtime and the tests.
//
// The Request is what the browser sent: @hono/node-server's request listener builds its URL from
// the Host header and the raw request target (never parsing a path such as `//other-host` as an
// authority, refusing a malformed Host with 400), streams bodies with backpressure and cleans up
// after aborted or unread ones, and answers HEAD without a body. Behind a reverse proxy that
// terminates TLS or renames the host, `trustProxy` (TRUST_PROXY: src/server/http/trusted-proxy.ts)
// lets X-Forwarded-Proto, -Host and -Port say what the browser used, and X-Forwarded-For who it
// is, when the peer is a proxy it names; otherwise they are ignored, since any client can send
// them. The standard Forwarded header is never read (docs/behind-a-proxy.md). Text answers are
// compressed with brotli or gzip as Netlify's CDN does (the `compression` middleware:
// compressible types, 1 KB and more), as they stream out; static files come already compressed
// (scripts/lib/stored-encodings.mjs). HSTS goes to host names only, and the hop-by-hop headers of
// a relayed answer are Node's own (headers-on-write.mjs). A request Node's parser refuses before
// any of this (headers or a URL past Node's limit, a malformed request line) is answered in the
// site's shape too (client-error.mjs).
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';
import { errorJson } from '../../src/server/http/respond.ts';
import { parseTrustProxy } from '../../src/server/http/trusted-proxy.ts';
import { sendsHsts } from '../../src/server/http/security-headers.ts';
import { answerClientError } from './client-error.mjs';
import { headersOnWrite } from './headers-on-write.mjs';

/** The Fetch standard's forbidden methods: no Request can be made with them, so none is rebuilt. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const BAD_REQUEST = () => errorJson(400, 'Bad request');

/**
 * Whether a request names its host more than once. HTTP refuses such a request (400), since which
 * host it is for cannot be told, and Node keeps the first while a proxy in front may have read the
 * other.
 * @param {string[]} rawHeaders name, value, name, value, ... as they arrived
 */
const hasSeveralHosts = (rawHeaders) => rawHeaders.filter((value, i) => i % 2 === 0 && value.toLowerCase() === 'host').length > 1;

/**
 * The last value of a comma-separated forwarding header, trimmed; undefined when absent. A proxy
 * either sets the header (one value) or appends its own to what the client sent, so the last one
 * is what the trusted proxy itself saw and a client cannot forge it.
 */
const last = (value) => value?.split(',').at(-1)?.trim() || undefined;

/**
 * `host` or `host:port`, nothing else (no user info, path, query or spaces). The name must read
 * back as written (a URL drops tabs and user info, and ends the host at a slash); the port is only
 * parsed, since a URL drops a scheme's default one: `example.com:80` is what some clients write for
 * `example.com`, and a browser's Host header with it is taken the same way.
 */
function isHost(value) {
  const name = value.toLowerCase().replace(/:\d+$/, '');
  try {
    const url = new URL(`http://${value}`);
    return url.hostname === name && url.pathname === '/' && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/**
 * `host` with the port the browser used: the one written in it, else X-Forwarded-Port's (nginx's
 * `$host` is the name alone, its port sent apart), else none, the scheme's default. A URL drops a
 * default port (443 for https, 80 for http), as the browser's Origin does.
 */
function withForwardedPort(host, port) {
  if (port === undefined || /:\d+$/.test(host)) return host;
  return `${host}:${port}`;
}

/** A TCP port as a proxy writes it: 1 to 65535, digits only. */
const isPort = (value) => /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535;

/**
 * The request as the browser made it to the proxy: the scheme, host and port from
 * X-Forwarded-Proto, -Host and -Port when present and well formed. Throws on a malformed value
 * (answered 400).
 */
function asForwarded(request) {
  const proto = last(request.headers.get('x-forwarded-proto'))?.toLowerCase();
  const host = last(request.headers.get('x-forwarded-host'));
  const port = last(request.headers.get('x-forwarded-port'));
  if (proto === undefined && host === undefined && port === undefined) return request;
  if (proto !== undefined && proto !== 'http' && proto !== 'https') throw new Error(`X-Forwarded-Proto ${proto}`);
  if (host !== undefined && !isHost(host)) throw new Error(`X-Forwarded-Host ${host}`);
  if (port !== undefined && !isPort(port)) throw new Error(`X-Forwarded-Port ${port}`);
  const original = new URL(request.url);
  // The Host header as the client wrote it (the URL has dropped a default port it named).
  const named = host ?? request.headers.get('host') ?? original.host;
  // One absolute URL: setting `url.host` would keep the old port when the new host has none, and
  // resolving the path against a base would read a path beginning with // as a host.
  const url = new URL(`${proto ?? original.protocol.slice(0, -1)}://${withForwardedPort(named, port)}${original.pathname}${original.search}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    duplex: 'half',
  });
}

/**
 * This server's own origin on the socket a request came in on (`http://127.0.0.1:4321`): where the
 * site fetches from itself (the image CDN's local source images), whatever Host the client sent.
 * @param {import('node:net').Socket} socket
 */
function socketOrigin(socket) {
  const address = socket.localAddress ?? '127.0.0.1';
  return `http://${net.isIPv6(address) ? `[${address}]` : address}:${socket.localPort}`;
}

/** Statuses that never have a body: Node frames none for them. */
const BODILESS_STATUS = new Set([204, 304]);

/**
 * `response`, said to have an empty body when it has none at all (a redirect, a 303 after a form
 * post), as Netlify's edge says it: Content-Length 0. The Node adapter writes the headers before
 * it ends the answer, so Node, not knowing yet that nothing follows, would announce a chunked body
 * (or, to an HTTP/1.0 client, close the connection to end it). An answer to HEAD keeps its
 * headers: its length is the GET's. Rebuilt, since a redirect's headers cannot be changed; with no
 * body there is no length to lose.
 * @param {Request} request
 * @param {Response} response
 */
function withEmptyBodyFramed(request, response) {
  if (response.body !== null || request.method === 'HEAD' || BODILESS_STATUS.has(response.status) || response.headers.has('content-length')) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Length', '0');
  return new Response(null, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The proxies a server reads forwarded headers from: a parsed TRUST_PROXY, or `true` for its
 * `1` (whichever peer connects), `false`/null for none.
 * @typedef {boolean | import('../../src/server/http/trusted-proxy.ts').ProxyTrust | null} TrustProxyOption
 */

/** @param {TrustProxyOption} option */
const asProxyTrust = (option) => (option === true ? parseTrustProxy('1') : option || null);

/**
 * The answers each connection owes, oldest first (pipelined requests are answered in the order they
 * came): what a request the parser then refuses on the same connection must not be written into
 * or ahead of (answerClientError).
 * @type {WeakMap<import('node:stream').Duplex, import('node:http').ServerResponse[]>}
 */
const answering = new WeakMap();

/**
 * The answers still being given or waiting their turn on `socket`, oldest first.
 * @param {import('node:stream').Duplex} socket
 */
const answersInProgressOn = (socket) => (answering.get(socket) ?? []).filter((res) => !res.writableFinished && !res.destroyed);

/**
 * A Node request listener for `handle(request, { ip, serverOrigin })`.
 * @param {(request: Request, context: { ip: string, serverOrigin: string }) => Promise<Response>} handle
 * @param {{ trustProxy?: TrustProxyOption }} [options]
 */
function createRequestListener(handle, { trustProxy = false } = {}) {
  const trust = asProxyTrust(trustProxy);
  // Brotli quality 5 rather than the middleware's 4: a page about 6% smaller (a kilobyte of a
  // 70 KB page, often the difference between one round trip and two) for about 0.3 ms more CPU.
  const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } });
  /**
   * The answers whose host, as the browser used it, may be sent HSTS (sendsHsts). One is added
   * once its URL is read; an answer to a Host or forwarded header the server refused to read (a
   * 400) never is: there is no host to hold to https.
   * @type {WeakSet<import('node:http').ServerResponse>}
   */
  const pinnable = new WeakSet();
  /** The site's answer to `request`, its host noted for HSTS. */
  const answer = (request, context, outgoing) => {
    if (sendsHsts(new URL(request.url))) pinnable.add(outgoing);
    return handle(request, context).then((response) => withEmptyBodyFramed(request, response));
  };
  const listener = getRequestListener(
    async (request, { incoming, outgoing }) => {
      if (hasSeveralHosts(incoming.rawHeaders)) return BAD_REQUEST();
      const socketAddress = incoming.socket.remoteAddress ?? '127.0.0.1';
      const serverOrigin = socketOrigin(incoming.socket);
      if (!trust?.trusts(socketAddress) || FORBIDDEN_METHODS.has(request.method.toUpperCase())) return answer(request, { ip: socketAddress, serverOrigin }, outgoing);
      let forwarded;
      try {
        forwarded = asForwarded(request);
      } catch {
        return BAD_REQUEST();
      }
      return answer(forwarded, { ip: trust.client(socketAddress, request.headers.get('x-forwarded-for')), serverOrigin }, outgoing);
    },
    {
      // Keep the platform's own Request and Response: the site's code checks `instanceof Response`.
      overrideGlobalObjects: false,
      // A request the listener cannot even turn into a Request (a malformed Host, a backslash in
      // the path): a client error, said in the API's shape.
      errorHandler: BAD_REQUEST,
    },
  );
  return (req, res) => {
    answering.set(req.socket, [...answersInProgressOn(req.socket), res]);
    headersOnWrite(res, () => pinnable.has(res));
    compress(req, res, () => void listener(req, res));
  };
}

/** How long an idle keep-alive connection stays open: longer than common proxies keep theirs (60 s). */
const IDLE_CONNECTION_MS = 65_000;

/**
 * Serves `handle` on `port` at each of `hosts`. Loopback by default, on both address families
 * (browsers may resolve localhost to ::1 or 127.0.0.1); HOST=0.0.0.0 opens it to the network.
 * @param {(request: Request, context: { ip: string, serverOrigin: string }) => Promise<Response>} handle
 * @param {{ port: number, hosts?: string[], trustProxy?: TrustProxyOption, requestTimeoutMs?: number }} options
 *   requestTimeoutMs: how long a request may take to arrive whole, head and body, above 0 (default Node's 300 s)
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function serveHttp(handle, { port, hosts = ['127.0.0.1', '::1'], trustProxy = false, requestTimeoutMs = 300_000 }) {
  const listener = createRequestListener(handle, { trustProxy });
  const servers = [];
  let actualPort = port;
  for (const host of hosts) {
    // requireHostHeader off: Node's own refusal of an HTTP/1.1 request without Host is a bare 400
    // (no body, none of the security headers); the listener refuses it in the API's shape, as it
    // does an HTTP/1.0 request without one.
    // The timeout is checked every connectionsCheckingInterval, so a short one is checked as often.
    const timeouts = { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: Math.min(30_000, requestTimeoutMs / 2) };
    const server = http.createServer({ requireHostHeader: false, ...timeouts }, listener);
    server.on('clientError', answerClientError(answersInProgressOn));
    // An idle keep-alive connection is held a minute, not Node's 5 s: a client or proxy that
    // reuses one just as the server closes it sees a reset (ECONNRESET, a proxy's 502), and the
    // longer the server waits, the more surely the client closes its idle connections first.
    server.keepAliveTimeout = IDLE_CONNECTION_MS;
    // Never past the whole request's time: Node then times out neither.
    server.headersTimeout = Math.min(IDLE_CONNECTION_MS + 1000, requestTimeoutMs);
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(actualPort, host, resolve);
      });
    } catch (err) {
      if (host === '::1' && (err.code === 'EADDRNOTAVAIL' || err.code === 'EAFNOSUPPORT')) continue; // no IPv6 here
      for (const s of servers) s.close();
      if (err.code === 'EADDRINUSE') throw new Error(`port ${actualPort} is in use on ${host}: stop what runs there or set PORT`);
      throw err;
    }
    // Port 0 asks for any free port: the other address family then takes the same one.
    actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    servers.push(server);
  }
  return {
    port: actualPort,
    stop: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve(undefined));
            }),
        ),
      ).then(() => undefined),
  };
}
