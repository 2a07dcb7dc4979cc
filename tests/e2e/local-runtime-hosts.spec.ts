/**
 * What the local runtime (npm start, served to the network with HOST=0.0.0.0) does with the parts of
 * a request any client writes: the request target and the Host header. A redirect it makes stays on
 * the site whatever the path looks like, and the image CDN's emulation fetches a local source image
 * from this server itself, never from the host a request names.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { IMAGE_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { E2E_PORT } from './support/e2e-site.ts';
import { rawHttp } from '../support/raw-http.ts';

/** One GET of `target` from the site, naming `host` as its Host, so both are exactly ours. */
const raw = (target: string, host = `127.0.0.1:${E2E_PORT}`) => rawHttp(E2E_PORT, `GET ${target} HTTP/1.1\nHost: ${host}\nAccept: image/png`);

// The smallest valid PNG: one transparent pixel.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('a trailing-slash redirect names a path on this site, however many slashes the path starts with', async () => {
  for (const [target, location] of [
    ['//about/', '/about'],
    ['///about/?x=1', '/about?x=1'],
    ['//cookie-policy/', '/cookie-policy'],
  ] as const) {
    const answer = await raw(target);
    expect(answer.status, target).toBe(301);
    expect(answer.headers['location'], target).toBe(location);
  }
});

test('the image CDN fetches a local source from this server, not from the host the request names', async () => {
  const asked: string[] = [];
  const trap = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PIXEL.length }).end(req.method === 'HEAD' ? undefined : PIXEL);
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  const trapHost = `127.0.0.1:${(trap.address() as AddressInfo).port}`;
  try {
    // No upload has this name: the site itself has no such image.
    const source = `/objects/uploads/${crypto.randomBytes(16).toString('hex')}`;
    const target = `/.netlify/images?url=${encodeURIComponent(source)}&w=16&fm=png`;
    const viaOtherHost = await raw(target, trapHost);
    expect(asked).toEqual([]);
    expect(viaOtherHost.status).toBe(404);
    // Nor is anything another host served kept for the site's own visitors.
    const viaSite = await raw(target);
    expect(viaSite.status).toBe(404);
    expect(asked).toEqual([]);
  } finally {
    trap.closeAllConnections();
    await new Promise<void>((resolve) => trap.close(() => resolve()));
  }
});

test('the image CDN answers a source that is no URL at all with 400, never a server error, with the site\'s headers', async () => {
  // Those of every answer at the image path; every one but HSTS, which an address is never sent.
  const { 'Strict-Transport-Security': _hsts, ...atAnAddress } = IMAGE_SECURITY_HEADERS;
  for (const source of ['http://[', 'https://exa mple.com/a.png', 'http://:80/a.png']) {
    const answer = await raw(`/.netlify/images?url=${encodeURIComponent(source)}&w=16&fm=png`);
    expect(answer.status, source).toBe(400);
    expect(answer.body, source).toBe('Bad Request: Invalid "url" query parameter');
    for (const [name, value] of Object.entries(atAnAddress)) expect(answer.headers[name.toLowerCase()], `${source} ${name}`).toBe(value);
  }
});

test('every answer keeps its Content-Length, and only a host name gets HSTS', async () => {
  // HSTS is dropped where Node writes an answer, and the CDN cache passes on the answers it does
  // not keep as they are: a Response rebuilt for either went out chunked, without its length.
  const hsts = 'max-age=63072000; includeSubDomains';
  for (const [target, status, pinned] of [
    ['/api/services', 200, hsts],
    ['/favicon.svg', 200, hsts],
    ['/no-such-page', 404, hsts],
    // A redirect has no body: its length is 0, as at Netlify's edge, not a chunked nothing.
    ['/about/', 301, hsts],
    // The image CDN's answer to a source that is no URL (not kept by the cache).
    [`/.netlify/images?url=${encodeURIComponent('http://[')}&w=16&fm=png`, 400, hsts],
    // A transformed image, read whole from the emulation to be kept.
    ['/.netlify/images?url=%2Ffavicon.svg&w=16&fm=png', 200, hsts],
  ] as const) {
    const direct = await raw(target);
    // Through the loopback proxy the suite trusts, at a host name.
    const named = await rawHttp(E2E_PORT, `GET ${target} HTTP/1.1\nHost: 127.0.0.1:${E2E_PORT}\nX-Forwarded-Host: example.com\nX-Forwarded-Proto: https`);
    for (const [label, answer, expected] of [[`${target} at 127.0.0.1`, direct, undefined], [`${target} at example.com`, named, pinned]] as const) {
      expect(answer.status, label).toBe(status);
      expect(answer.headers['content-length'], label).toBe(String(Buffer.byteLength(answer.body, 'latin1')));
      expect(answer.headers['transfer-encoding'], label).toBeUndefined();
      expect(answer.headers['strict-transport-security'], label).toBe(expected);
    }
  }
});
