/**
 * The local runtime's Image CDN (/.netlify/images: Netlify's emulation behind scripts/lib/image-cache.mjs)
 * over a real socket, on a build of one page and one image: every answer it gives carries the site's
 * security headers, as every other answer of the site does, the cached ones too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serveHttp } from '../../scripts/lib/http-server.mjs';
import { createSiteHandler } from '../../scripts/lib/site-handler.mjs';
import { IMAGE_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { uniformPng } from '../support/png.ts';
import { rawHttp as raw } from '../support/raw-http.ts';

const GREY = uniformPng({ width: 4, height: 4, bitDepth: 8, colourType: 0, row: Buffer.from([0, 128, 128, 128, 128]) });

/** A 4 x 4 PNG as the one image of an ICO file, as favicons are written. */
function icoOf(png: Buffer): Buffer {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(4, 6); // width
  head.writeUInt8(4, 7); // height
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // where the image starts
  return Buffer.concat([head, png]);
}

let project: string;
let snapshots: string;
let site: Awaited<ReturnType<typeof createSiteHandler>>;
let server: Awaited<ReturnType<typeof serveHttp>>;

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'image-cdn-project-'));
  snapshots = fs.mkdtempSync(path.join(os.tmpdir(), 'image-cdn-snapshots-'));
  const files: Record<string, string | Buffer> = {
    'netlify.toml': '[build]\n  publish = "dist"\n',
    'dist/index.html': '<p>home</p>',
    // An icon file (a PNG in an ICO directory): its size can be read, but sharp decodes no ICO.
    'dist/icon.ico': icoOf(GREY),
    'dist/grey.png': GREY,
    '.netlify/v1/config.json': '{"headers":[]}',
    '.netlify/v1/functions/ssr/ssr.mjs': "export default () => new Response('not found', { status: 404 });",
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
    fs.writeFileSync(path.join(project, name), content);
  }
  fs.mkdirSync(path.join(project, '.netlify/local-functions'), { recursive: true });
  site = await createSiteHandler({ root: project, snapshotDir: snapshots });
  server = await serveHttp(site.handle, { port: 0, hosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await server?.stop();
  await site?.stop();
  fs.rmSync(project, { recursive: true, force: true });
  fs.rmSync(snapshots, { recursive: true, force: true });
});

const image = (query: string, host: string) => raw(server.port, `GET /.netlify/images?${query} HTTP/1.1\nHost: ${host}\nAccept: image/png`);

it('sends a transformed image, made or cached, with the security headers of an image, HSTS at a host name only', async () => {
  const { 'Strict-Transport-Security': _hsts, ...atAnAddress } = IMAGE_SECURITY_HEADERS;
  for (const [host, expected] of [
    ['127.0.0.1:4321', { ...atAnAddress, 'Strict-Transport-Security': undefined }],
    ['www.surgere.example', IMAGE_SECURITY_HEADERS],
  ] as const) {
    // The first answer is the emulation's; the second, the same request, the cache's.
    for (const turn of ['made', 'cached']) {
      const r = await image('url=%2Fgrey.png&w=2&fm=png', host);
      const label = `${turn} at ${host}`;
      expect([r.status, r.headers['content-type']], label).toEqual([200, 'image/png']);
      expect([r.headers['content-length'], r.headers['transfer-encoding']], label).toEqual([String(Buffer.byteLength(r.body, 'latin1')), undefined]);
      for (const [name, value] of Object.entries(expected)) expect(r.headers[name.toLowerCase()], `${label}: ${name}`).toBe(value);
    }
  }
});

it("sends the emulation's own refusal of a source that is not there with the same headers", async () => {
  const r = await image('url=%2Fmissing.png&w=2&fm=png', 'www.surgere.example');
  expect(r.status).toBe(404);
  for (const [name, value] of Object.entries(IMAGE_SECURITY_HEADERS)) expect(r.headers[name.toLowerCase()], name).toBe(value);
});

it("passes on the emulation's 304 to a browser's revalidation with the same headers", async () => {
  const made = await image('url=%2Fgrey.png&w=3', 'www.surgere.example');
  expect(made.status).toBe(200);
  const etag = made.headers['etag'];
  // The same image asked for under another cache key (another Accept), so the emulation, not the
  // cache, answers it: as after a restart, which empties the cache, to a browser that kept the image.
  const r = await raw(server.port, `GET /.netlify/images?url=%2Fgrey.png&w=3 HTTP/1.1\nHost: www.surgere.example\nAccept: image/png, */*;q=0.1\nIf-None-Match: ${etag}`);
  expect([r.status, r.body, etag]).toEqual([304, '', etag]);
  for (const [name, value] of Object.entries(IMAGE_SECURITY_HEADERS)) expect(r.headers[name.toLowerCase()], name).toBe(value);
});

it('answers a transformation the request makes impossible (a width below 1, a quality that is no number, a source in a format it cannot read) with 400, never a server error', async () => {
  for (const query of ['url=%2Fgrey.png&w=-1&fm=png', 'url=%2Fgrey.png&w=2&q=abc&fm=png', 'url=%2Ficon.ico&w=2&fm=png']) {
    const r = await image(query, 'www.surgere.example');
    expect([r.status, r.headers['content-type'], r.headers['cache-control'], r.body], query).toEqual([
      400,
      'text/plain; charset=utf-8',
      'no-store',
      'Bad Request: the image cannot be made with these parameters',
    ]);
    for (const [name, value] of Object.entries(IMAGE_SECURITY_HEADERS)) expect(r.headers[name.toLowerCase()], `${query}: ${name}`).toBe(value);
  }
  // The refusal is not kept: the same source at a valid width is still made.
  expect((await image('url=%2Fgrey.png&w=1&fm=png', 'www.surgere.example')).status).toBe(200);
});

it('picks the format from Accept where the address names none, as the CDN does: AVIF, then WebP, else the source kept as JPEG', async () => {
  const negotiated = async (accept: string) => {
    const r = await raw(server.port, `GET /.netlify/images?url=%2Fgrey.png&w=2 HTTP/1.1\nHost: 127.0.0.1\nAccept: ${accept}`);
    return [r.status, r.headers['content-type'], r.headers['vary']];
  };
  // Chromium's Accept for an image, then one without AVIF, then one that takes no modern format.
  expect(await negotiated('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toEqual([200, 'image/avif', 'Accept']);
  expect(await negotiated('image/webp,*/*')).toEqual([200, 'image/webp', 'Accept']);
  expect(await negotiated('image/jpeg')).toEqual([200, 'image/jpeg', 'Accept']);
  // A named format is that format, whatever the browser takes.
  const named = await raw(server.port, 'GET /.netlify/images?url=%2Fgrey.png&w=2&fm=png HTTP/1.1\nHost: 127.0.0.1\nAccept: image/avif');
  expect(named.headers['content-type']).toBe('image/png');
});
