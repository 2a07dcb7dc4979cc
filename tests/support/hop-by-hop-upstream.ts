import type http from 'node:http';
import { expect } from 'vitest';
import type { rawHttp } from './raw-http.ts';

/** The body of the upstream's hop-by-hop answer. */
export const HOP_BODY = 'relayed, hop by hop';

/**
 * An upstream's answer full of headers about its own connection to the site, X-Hop among them
 * (named in Connection), and a body sent chunked: none of it is the client's connection's. One
 * end-to-end header (X-End-To-End) must pass.
 */
export function answerHopByHop(res: http.ServerResponse) {
  res.writeHead(200, {
    'Content-Type': 'text/plain',
    Connection: 'close, X-Hop',
    'X-Hop': 'upstream only',
    'Keep-Alive': 'timeout=5',
    'Proxy-Connection': 'close',
    'Proxy-Authenticate': 'Basic realm="upstream"',
    Upgrade: 'h2c',
    'Transfer-Encoding': 'chunked',
    'X-End-To-End': 'kept',
  });
  res.write(HOP_BODY.slice(0, 5));
  res.end(HOP_BODY.slice(5));
}

/** That answer as an HTTP/1.0 client got it through the site: whole, with none of the upstream's connection headers, framed by Node (to the close). */
export function expectRelayedWithoutHopByHop(r: Awaited<ReturnType<typeof rawHttp>>) {
  expect([r.status, r.body]).toEqual([200, HOP_BODY]);
  expect(r.headers['x-end-to-end']).toBe('kept');
  for (const name of ['x-hop', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'upgrade', 'transfer-encoding']) {
    expect(r.headers[name], name).toBeUndefined();
  }
  expect(r.headers.connection).toBe('close');
}
