/**
 * The local CDN cache (scripts/lib/durable-cache.mjs) keeps what Netlify's CDN keeps, keyed as
 * Netlify-Vary says, serves it stale while one request refreshes it, drops it when
 * @netlify/functions' purgeCache calls the purge API, and never passes the CDN's own headers on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { purgeCache } from '@netlify/functions';
import { afterEach, describe, expect, it } from 'vitest';
import { durableCache, startPurgeApi } from '../../scripts/lib/durable-cache.mjs';
import { storedEncodings } from '../../scripts/lib/stored-encodings.mjs';
import { withValidators } from '../../scripts/lib/cdn.mjs';

const PAGE = `<!doctype html><title>Insights</title>${'<p>An article card, long enough to compress.</p>'.repeat(60)}`;

/** An origin that counts its calls and answers with the headers the site's functions send. */
function origin(headers: Record<string, string> = {}, status = 200) {
  const calls: string[] = [];
  return {
    calls,
    handle: async (request: Request) => {
      calls.push(new URL(request.url).search);
      return new Response(`${PAGE}<!-- render ${calls.length} -->`, {
        status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'public, max-age=0, must-revalidate',
          'netlify-cdn-cache-control': 'public, durable, s-maxage=60, stale-while-revalidate=86400',
          'netlify-cache-tag': 'articles',
          'netlify-vary': 'query=category|page',
          ...headers,
        },
      });
    },
  };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://127.0.0.1:4321${path}`, { headers });

describe('the CDN cache', () => {
  let clock = 1_000_000;
  const now = () => clock;
  const cache = () => durableCache({ encode: storedEncodings(), now });

  it('passes an answer it does not keep on as the same Response, without the CDN-only headers', async () => {
    // A Response rebuilt around another's body streams out chunked, without its Content-Length
    // (tests/e2e/local-runtime-hosts.spec.ts sees the length at the socket).
    const cdn = cache();
    const answer = await origin({}, 404).handle(get('/insights?page=9'));
    const served = await cdn.serve(get('/insights?page=9'), async () => answer);
    expect(served).toBe(answer);
    for (const name of ['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary']) expect(served.headers.get(name)).toBeNull();
    expect(await served.text()).toBe(`${PAGE}<!-- render 1 -->`);

    // A fetched answer's headers cannot be changed: it is copied without them.
    const upstream = http.createServer((_req, res) => res.writeHead(404, { 'Netlify-Cache-Tag': 'articles', 'Content-Length': 9, Connection: 'close' }).end('Not found'));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    try {
      const fetched = await cdn.serve(get('/missing'), () => fetch(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`));
      expect([fetched.status, fetched.headers.get('netlify-cache-tag'), fetched.headers.get('content-length'), await fetched.text()]).toEqual([404, null, '9', 'Not found']);
    } finally {
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });

  it('answers a repeat from the cache, without the CDN-only headers, and says so in Cache-Status', async () => {
    const cdn = cache();
    const site = origin();
    const first = await cdn.serve(get('/insights'), site.handle);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    for (const name of ['netlify-cdn-cache-control', 'netlify-cache-tag', 'netlify-vary']) expect(first.headers.get(name)).toBeNull();
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    clock += 30_000;
    const second = await cdn.serve(get('/insights'), site.handle);
    expect(second.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(second.headers.get('age')).toBe('30');
    expect(await second.text()).toBe(`${PAGE}<!-- render 1 -->`);
    expect(site.calls).toEqual(['']);
  });

  it('keys on the query parameters Netlify-Vary names and on nothing else', async () => {
    const cdn = cache();
    const site = origin();
    await cdn.serve(get('/insights?page=2'), site.handle);
    const tracked = await cdn.serve(get('/insights?utm_source=mail&page=2&fbclid=x'), site.handle);
    expect(tracked.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    const other = await cdn.serve(get('/insights?page=3'), site.handle);
    expect(other.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    // Another origin's page links to that origin: an entry of its own.
    const secure = await cdn.serve(new Request('https://127.0.0.1:4321/insights?page=2'), site.handle);
    expect(secure.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(site.calls).toEqual(['?page=2', '?page=3', '?page=2']);
  });

  it('keys on the cookies Netlify-Vary names: one session never gets another one\'s answer', async () => {
    const cdn = cache();
    const site = origin({ 'netlify-vary': 'query=,cookie=session' });
    await cdn.serve(get('/api/services', { cookie: 'theme=dark' }), site.handle);
    const visitor = await cdn.serve(get('/api/services', { cookie: 'other=1' }), site.handle);
    expect(visitor.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    const admin = await cdn.serve(get('/api/services', { cookie: 'session=abc' }), site.handle);
    expect(admin.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    expect(site.calls).toHaveLength(2);
  });

  it('serves a stale answer at once and refreshes it with one request in the background', async () => {
    const cdn = cache();
    const site = origin();
    await cdn.serve(get('/insights'), site.handle);
    clock += 61_000;
    const stale = await Promise.all([cdn.serve(get('/insights'), site.handle), cdn.serve(get('/insights'), site.handle)]);
    for (const answer of stale) {
      expect(answer.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
      expect(await answer.text()).toContain('<!-- render 1 -->');
    }
    await expect.poll(() => site.calls.length).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    const fresh = await cdn.serve(get('/insights'), site.handle);
    expect(fresh.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(await fresh.text()).toContain('<!-- render 2 -->');
  });

  it('goes on serving the stale answer while its refresh fails (the database down)', async () => {
    const cdn = cache();
    const site = origin();
    await cdn.serve(get('/insights'), site.handle);
    clock += 61_000;
    const down = origin({ 'netlify-cdn-cache-control': 'no-store' }, 503);
    expect((await cdn.serve(get('/insights'), down.handle)).headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
    await expect.poll(() => down.calls.length).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    const again = await cdn.serve(get('/insights'), down.handle);
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-status')).toBe('"Netlify Edge"; fwd=stale');
    expect(await again.text()).toContain('<!-- render 1 -->');
  });

  it('keeps nothing that is not a public 200: no-store, a 503, a Set-Cookie, a POST', async () => {
    const cdn = cache();
    for (const site of [
      origin({ 'netlify-cdn-cache-control': 'no-store' }),
      origin({ 'netlify-cdn-cache-control': 'private, s-maxage=60' }),
      origin({ 'set-cookie': 'a=b' }),
      origin({}, 503),
    ]) {
      await cdn.serve(get('/insights'), site.handle);
      const again = await cdn.serve(get('/insights'), site.handle);
      expect(again.headers.get('cache-status')).toBeNull();
      expect(site.calls).toHaveLength(2);
    }
    const site = origin();
    await cdn.serve(new Request('http://127.0.0.1:4321/insights', { method: 'POST', body: 'x' }), site.handle);
    expect((await cdn.serve(get('/insights'), site.handle)).headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
  });

  it('sends a kept answer at brotli\'s best quality, and HEAD from the same entry', async () => {
    const cdn = cache();
    const site = origin();
    await cdn.serve(get('/insights'), site.handle);
    const br = await cdn.serve(get('/insights', { 'accept-encoding': 'gzip, br' }), site.handle);
    expect(br.headers.get('content-encoding')).toBe('br');
    const body = Buffer.from(await br.arrayBuffer());
    expect(zlib.brotliDecompressSync(body).toString()).toBe(`${PAGE}<!-- render 1 -->`);
    const best = zlib.brotliCompressSync(`${PAGE}<!-- render 1 -->`, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    expect(body.length).toBe(best.length);
    const head = await cdn.serve(new Request('http://127.0.0.1:4321/insights', { method: 'HEAD' }), site.handle);
    expect(head.status).toBe(200);
    expect(head.headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    expect(await head.text()).toBe('');
    expect(site.calls).toHaveLength(1);
  });

  it('answers HEAD from a kept entry with the headers GET gets: its ETag and its length', async () => {
    const cdn = cache();
    const site = origin();
    await cdn.serve(get('/insights'), site.handle);
    for (const encoding of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
      const answer = async (method: string) =>
        withValidators(new Request('http://127.0.0.1:4321/insights', { method, headers: encoding }), await cdn.serve(new Request('http://127.0.0.1:4321/insights', { method, headers: encoding }), site.handle));
      const getAnswer = await answer('GET');
      const head = await answer('HEAD');
      const getLength = String((await getAnswer.arrayBuffer()).byteLength);
      expect(getAnswer.headers.get('etag'), JSON.stringify(encoding)).toMatch(/^W\/"/);
      expect(head.headers.get('etag'), JSON.stringify(encoding)).toBe(getAnswer.headers.get('etag'));
      expect(head.headers.get('content-length')).toBe(getLength);
      expect(head.headers.get('content-encoding')).toBe(getAnswer.headers.get('content-encoding'));
      expect(await head.text()).toBe('');
    }
    expect(site.calls).toHaveLength(1);
  });

  describe('purged through Netlify\'s purge API', () => {
    let stopApi: (() => Promise<void>) | undefined;
    afterEach(async () => stopApi?.());

    it('drops the entries under a purged tag, and keeps no answer that began before the purge', async () => {
      const cdn = cache();
      const api = await startPurgeApi(cdn);
      stopApi = api.stop;
      const purge = (tags: string[]) => purgeCache({ tags, apiURL: api.env.NETLIFY_API_URL, token: api.env.NETLIFY_PURGE_API_TOKEN, siteID: api.env.SITE_ID });

      const articles = origin();
      const services = origin({ 'netlify-cache-tag': 'services', 'netlify-vary': 'query=' });
      await cdn.serve(get('/insights'), articles.handle);
      await cdn.serve(get('/services'), services.handle);
      await purge(['articles']);
      expect((await cdn.serve(get('/insights'), articles.handle)).headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
      expect((await cdn.serve(get('/services'), services.handle)).headers.get('cache-status')).toBe('"Netlify Edge"; hit');

      // A render that read the database before the purge finishes after it: it is sent, not kept.
      let release!: () => void;
      const slow = async (request: Request) => {
        await new Promise<void>((resolve) => (release = resolve));
        return articles.handle(request);
      };
      await purge(['articles']);
      const pending = cdn.serve(get('/insights'), slow);
      await expect.poll(() => typeof release).toBe('function');
      await purge(['articles']);
      release();
      expect((await pending).headers.get('cache-status')).toBeNull();
      expect((await cdn.serve(get('/insights'), articles.handle)).headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
    });

    it('refuses a call without the token or for another site', async () => {
      const cdn = cache();
      const api = await startPurgeApi(cdn);
      stopApi = api.stop;
      await expect(purgeCache({ tags: ['articles'], apiURL: api.env.NETLIFY_API_URL, token: 'wrong', siteID: api.env.SITE_ID })).rejects.toThrow(
        'Cache purge API call returned an unexpected status code: 401',
      );
      await expect(purgeCache({ tags: ['articles'], apiURL: api.env.NETLIFY_API_URL, token: api.env.NETLIFY_PURGE_API_TOKEN, siteID: 'other' })).rejects.toThrow(
        'Cache purge API call returned an unexpected status code: 404',
      );
    });
  });
});
