/**
 * Static files leave the local server compressed once, at the best quality, and kept
 * (scripts/lib/stored-encodings.mjs): the encoding the request accepts, one weak ETag for the
 * content whatever its encoding, and nothing but text of 1 KB or more compressed.
 */
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { storedEncodings } from '../../scripts/lib/stored-encodings.mjs';

const PAGE = `<!doctype html><html><body>${Array.from({ length: 200 }, (_, i) => `<p class="mt-4 text-ink-700">Paragraph ${i}</p>`).join('')}</body></html>`;
const html = (body: string = PAGE, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate', ...headers } });
const get = (acceptEncoding?: string) => new Request('http://site.test/about', { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const bestBrotli = (text: string) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } });

describe('storedEncodings', () => {
  it('sends brotli at its best quality to a browser that takes it, the same bytes each time', async () => {
    const encode = storedEncodings();
    const first = await encode(get('gzip, deflate, br, zstd'), html());
    const body = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toBe('Accept-Encoding');
    expect(first.headers.get('content-length')).toBe(String(body.length));
    expect(body.equals(bestBrotli(PAGE))).toBe(true);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(PAGE);

    const again = await encode(get('br'), html());
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    const varied = await encode(get('br'), html(PAGE, { vary: 'Accept-Encoding' }));
    expect(varied.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('sends gzip to a browser without brotli, and the bytes as they are to one that asks for no encoding', async () => {
    const encode = storedEncodings();
    const gzipped = await encode(get('gzip'), html());
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(PAGE);

    const plain = await encode(get(), html());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE);
    // One content, one validator: a browser's If-None-Match matches whichever encoding it holds.
    expect(plain.headers.get('etag')).toMatch(/^W\/"[^"]+"$/);
    expect(plain.headers.get('etag')).toBe(gzipped.headers.get('etag'));

    const refused = await encode(get('br;q=0, gzip;q=0'), html());
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('leaves alone what is small, not text, not a 200, or marked no-transform', async () => {
    const encode = storedEncodings();
    const small = await encode(get('br'), html('<p>short</p>'));
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('<p>short</p>');

    const image = new Response(new Uint8Array(4096), { status: 200, headers: { 'content-type': 'image/avif' } });
    expect(await encode(get('br'), image)).toBe(image);
    const missing = new Response(PAGE, { status: 404, headers: { 'content-type': 'text/html' } });
    expect(await encode(get('br'), missing)).toBe(missing);
    const untouchable = html(PAGE, { 'cache-control': 'public, no-transform' });
    expect(await encode(get('br'), untouchable)).toBe(untouchable);
  });
});
