// The answer to a request Node's HTTP parser refuses before any handler sees it: headers or a URL
// past Node's limit (http.maxHeaderSize, 16 KB), a malformed request line or header, a request
// that took too long to arrive. Node's own answer to these is a bare status line, with no body and
// none of the site's security headers; this one is what the site answers any other refusal with:
// the API's JSON error (respond.ts) for a request to /api/, a short plain page elsewhere, each
// with the API's security headers, `Cache-Control: no-store` and `Connection: close`, since the
// connection cannot be read any further. Never Strict-Transport-Security: no host was read.
import http from 'node:http';
import { isApiPath } from '../../src/lib/api-paths.ts';
import { errorJson } from '../../src/server/http/respond.ts';
import { plainPage } from '../../src/server/http/plain-page.ts';

/**
 * The status and the words for a parser error, as Node's own default picks the status: 431 for
 * headers (the request line included) past the limit, 413 for chunk extensions past theirs, 408
 * for a request that did not arrive within requestTimeout or headersTimeout, 400 for the rest.
 * @param {NodeJS.ErrnoException} err
 */
function refusalOf(err) {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `Request URL and headers are larger than ${Math.round(http.maxHeaderSize / 1024)} KB` };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'Request chunk extensions are too large' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'Request took too long to arrive' };
    default:
      return { status: 400, message: 'Malformed HTTP request' };
  }
}

/**
 * Whether the request the parser refused was to the API: its request line (`GET /api/x HTTP/1.1`,
 * or an absolute URL in place of the path), when the bytes the parser was reading begin with it.
 * A client writes a request's head at once, so they do; when they do not (a head sent in pieces),
 * the plain page answers.
 * @param {Buffer | undefined} rawPacket
 */
function isApiRequest(rawPacket) {
  const target = /^[A-Z]+ ([^ \r\n]+)/.exec(rawPacket?.subarray(0, 2048).toString('latin1') ?? '')?.[1];
  if (target === undefined) return false;
  const path = target.startsWith('/') ? target : (URL.parse(target)?.pathname ?? '');
  return isApiPath(path);
}

/** How long a refused client has to read its answer before the connection is dropped. */
const CLOSE_WITHIN_MS = 10_000;

/** `response` as the bytes of an HTTP/1.1 answer that closes its connection. */
async function serialized(response) {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status]}`];
  for (const [name, value] of response.headers) if (name !== 'strict-transport-security') lines.push(`${name}: ${value}`);
  lines.push(`Content-Length: ${body.byteLength}`, 'Connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/**
 * A `clientError` listener. `answersOn(socket)` are the answers the socket still owes, oldest
 * first. While one is owed to an earlier request (a request pipelined behind it was refused),
 * nothing is written, since a client reads answers in the order it sent its requests and would take
 * the refusal for the earlier one's: those answers go out whole and the connection closes after
 * them. A request whose own body stopped arriving (requestTimeout) is owed an answer its handler
 * will never give (it waits for those bytes for good): it is answered 408 here once nothing is owed
 * ahead of it, as one whose head never came is. A client already gone (a reset, a socket no longer
 * writable) is written nothing.
 * @param {(socket: import('node:stream').Duplex) => import('node:http').ServerResponse[]} answersOn
 * @returns {(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: import('node:stream').Duplex) => void}
 */
export function answerClientError(answersOn) {
  /** Sockets already answered: the parser may report more errors on one before it closes. */
  const answered = new WeakSet();
  return (err, socket) => {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const owed = answersOn(socket);
    const newest = owed.at(-1);
    const stalled = err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && newest !== undefined && !newest.headersSent && newest.req.complete === false ? newest : undefined;
    const ahead = stalled ? owed.slice(0, -1) : owed;
    if (ahead.length > 0) {
      ahead.at(-1)?.once('close', () => socket.destroy());
      return;
    }
    const { status, message } = refusalOf(err);
    // A stalled body's timeout carries no packet to read the path from: its request names it.
    const head = stalled ? Buffer.from(`${stalled.req.method} ${stalled.req.url} `, 'latin1') : err.rawPacket;
    const response = isApiRequest(head)
      ? errorJson(status, message)
      : plainPage({ title: http.STATUS_CODES[status] ?? 'Bad Request', text: `${message}.`, links: [{ label: 'Home page', href: '/' }], status });
    void serialized(response).then((bytes) => {
      if (!socket.writable) return socket.destroy();
      // Closed once the answer is written out, not before: closing with it still queued could lose
      // it. A client that reads none of it holds the connection no longer than CLOSE_WITHIN_MS.
      socket.setTimeout(CLOSE_WITHIN_MS, () => socket.destroy());
      socket.end(bytes, () => socket.destroy());
    });
  };
}
