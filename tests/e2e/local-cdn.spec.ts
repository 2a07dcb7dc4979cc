/**
 * `npm start` answers as Netlify and its CDN do: compressed text, hashed assets cached for a year,
 * validators and 304s on the rest, HEAD without a body, JSON for every /api answer, a 405 for
 * methods the site does not answer, and the 404 page for a path that cannot be decoded.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these method and headers (no client of its own adding any). */
function send(baseURL: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('pages, styles and scripts come compressed, hashed assets cached for a year', async ({ page, baseURL }) => {
  const assets: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/_astro/')) assets.push(new URL(r.url()).pathname);
  });
  // A first visit: the page's fonts, then the cookie banner's code once the first paint is on screen.
  const bannerCode = page.waitForResponse((r) => /^\/_astro\/CookieBannerCode[\w.-]*\.js$/.test(new URL(r.url()).pathname));
  await page.goto('/');
  await bannerCode;
  await page.waitForLoadState('networkidle');
  expect(assets.filter((path) => path.endsWith('.woff2'))).toHaveLength(2);
  expect(assets.some((path) => path.endsWith('.js'))).toBe(true);
  for (const path of [...new Set(assets)]) {
    const answer = await send(baseURL!, 'GET', path, { 'accept-encoding': 'br, gzip' });
    expect(answer.status, path).toBe(200);
    expect(answer.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    if (/\.(js|css)$/.test(path) && Number(answer.headers['content-length'] ?? answer.body.length) >= 1024) {
      expect(answer.headers['content-encoding'], path).toBe('br');
    }
  }
  const home = await send(baseURL!, 'GET', '/', { 'accept-encoding': 'gzip' });
  expect(home.headers['content-encoding']).toBe('gzip');
  expect(home.headers.vary).toBe('Accept-Encoding');
});

test('a static page leaves compressed once at the best quality, one ETag for every encoding', async ({ baseURL }) => {
  const plain = await send(baseURL!, 'GET', '/about');
  const br = await send(baseURL!, 'GET', '/about', { 'accept-encoding': 'br' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  const best = zlib.brotliCompressSync(plain.body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.body.length },
  });
  expect(br.body.equals(best)).toBe(true);
  expect(br.headers.etag).toBe(plain.headers.etag);
  // A browser holding either copy revalidates it with the same tag.
  expect((await send(baseURL!, 'GET', '/about', { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag! })).status).toBe(304);
});

test('a page the browser holds is revalidated with its ETag: 304 and no body', async ({ baseURL }) => {
  // A static page and an on-demand one that no other test changes (/insights changes whenever a
  // test publishes an article, and with it its ETag).
  for (const path of ['/about', '/contact']) {
    const first = await send(baseURL!, 'GET', path);
    expect(first.status, path).toBe(200);
    expect(first.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.etag!;
    expect(etag, path).toMatch(/^W\/"[^"]+"$/);
    const again = await send(baseURL!, 'GET', path, { 'if-none-match': etag });
    expect(again.status, path).toBe(304);
    expect(again.body.length, path).toBe(0);
    expect(again.headers.etag, path).toBe(etag);
  }
});

test('HEAD answers the headers of GET and no body, on a page and on the API', async ({ baseURL }) => {
  for (const path of ['/', '/insights', '/api/services']) {
    const head = await send(baseURL!, 'HEAD', path);
    expect(head.status, path).toBe(200);
    expect(head.body.length, path).toBe(0);
  }
  expect((await send(baseURL!, 'HEAD', '/api/services')).headers['content-type']).toBe('application/json; charset=utf-8');
});

test('TRACE and other methods the site does not answer get a 405 (JSON under /api), never a 500', async ({ baseURL }) => {
  // A page's Allow is that page's own, as its 405 to a PUT names it (src/server/pages/page-methods.ts).
  for (const [path, allow] of [['/', 'GET, HEAD'], ['/contact', 'GET, HEAD, POST']]) {
    const page = await send(baseURL!, 'TRACE', path);
    expect([page.status, page.headers.allow], path).toEqual([405, allow]);
    expect((await send(baseURL!, 'PUT', path)).headers.allow, path).toBe(allow);
  }
  for (const method of ['TRACE', 'PROPFIND']) {
    const api = await send(baseURL!, method, '/api/services');
    expect(api.status).toBe(405);
    expect(api.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(JSON.parse(api.body.toString())).toEqual({ error: `Method ${method} not allowed` });
  }
});

test('a path that cannot be decoded is the not-found page (404), and under /api a JSON 404', async ({ baseURL }) => {
  const page = await send(baseURL!, 'GET', '/%ff');
  expect(page.status).toBe(404);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body.toString()).toContain('404 Page Not Found');
  const api = await send(baseURL!, 'GET', '/api/%ff');
  expect(api.status).toBe(404);
  expect(JSON.parse(api.body.toString()).error).toMatch(/No API route/);
});
