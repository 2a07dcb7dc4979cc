import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../src/server/db/errors.ts';
import { UNAVAILABLE_MESSAGE } from '../../src/server/http/errors.ts';
import { startTcpFaultProxy } from '../support/tcp-fault-proxy.ts';
import { type BlobFaultProxy, startBlobFaultProxy } from '../support/blob-fault-proxy.ts';
import issue from '../../netlify/functions/objects-upload.ts';
import target from '../../netlify/functions/objects-upload-target.ts';
import serve from '../../netlify/functions/objects-serve.ts';
import articles from '../../netlify/functions/articles.ts';
import expiredPreviewUploads from '../../netlify/functions/expired-preview-uploads.ts';
import logout from '../../netlify/functions/auth-logout.ts';
import { API_PATHS } from '../../src/lib/api-paths.ts';
import { MIN_UPLOAD_PART_BYTES, UPLOAD_PART_BYTES } from '../../src/schemas/upload.ts';
import { signingKey } from '../../src/server/auth/keys.ts';
import { UPLOAD_PARTS_STORE, objectStore } from '../../src/server/uploads/blobs.ts';
import { newObjectName, UPLOAD_URL_TTL_SECONDS } from '../../src/server/uploads/urls.ts';
import { deleteAbandonedParts } from '../../src/server/uploads/parts.ts';
import { UNUSED_IMAGE_GRACE_DAYS, deleteUnusedImages, sniffImageType } from '../../src/server/uploads/store.ts';
import { UPLOADS_STORE } from '../../src/server/uploads/blobs.ts';
import { imageSize } from '../../src/server/uploads/image-dimensions.ts';
import { blobCallDeadlineMs } from '../../src/server/uploads/blob-call-deadline.ts';
import { getDb } from '../../src/server/db/client.ts';
import { durableCache, startPurgeApi } from '../../scripts/lib/durable-cache.mjs';
import { storedEncodings } from '../../scripts/lib/stored-encodings.mjs';
import { call } from '../support/call.ts';
import { adminSession } from '../support/admin-session.ts';
import { asDeploy } from '../support/as-deploy.ts';
import { PREVIEW_UPLOAD_DAYS, deleteExpiredPreviewUploads, uploadStores } from '../../src/server/uploads/deploy-stores.ts';
import { uniformPng } from '../support/png.ts';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// The same PNG with one more byte after its end: an image, and other bytes.
const OTHER_PNG = Buffer.concat([PNG, Buffer.from([0])]);
/**
 * A real black PNG of `width` x `height` at one bit a pixel: a 16,384-pixel square is 32 MB of rows
 * that deflate to about 33 KB, as a decompression bomb does.
 */
function blackPng(width: number, height: number): Buffer<ArrayBuffer> {
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then the row's bits
  return uniformPng({ width, height, bitDepth: 1, colourType: 0, row });
}
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="5"/></svg>');

async function uploadUrl(cookie: string): Promise<{ url: URL; name: string }> {
  const r = await call(issue, '/api/objects/upload', { method: 'POST', headers: { cookie } });
  expect(r.status).toBe(200);
  const url = new URL(r.json.uploadURL, 'http://localhost:4321');
  return { url, name: url.pathname.split('/').pop()! };
}

/** An upload token for `name` that expired a minute ago, signed with the real upload key. */
function expiredToken(userId: number, name: string): Promise<string> {
  return new SignJWT({ uid: userId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(name)
    .setAudience('image-upload')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 11 * 60)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(signingKey('upload'));
}

function put(url: URL, body: BodyInit, headers: Record<string, string> = { 'content-type': 'image/png' }) {
  const name = url.pathname.split('/').pop()!;
  return call(target, url.pathname + url.search, { method: 'PUT', rawBody: body, headers, params: { name } });
}

/** What the code under test logs with console.error meanwhile, one line a call, and nothing printed. */
function captureErrorLog() {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  });
  return { lines, stop: () => spy.mockRestore() };
}

describe('POST /api/objects/upload', () => {
  it('needs an admin session', async () => {
    expect((await call(issue, '/api/objects/upload', { method: 'POST' })).status).toBe(401);
    expect((await call(issue, '/api/objects/upload', { method: 'POST', headers: { cookie: 'session=forged.token.here' } })).status).toBe(401);
  });

  it('answers a signed, per-upload URL whose last path segment names the object', async () => {
    const { cookie } = await adminSession();
    const a = await uploadUrl(cookie);
    const b = await uploadUrl(cookie);
    expect(a.url.pathname).toMatch(/^\/api\/objects\/uploads\/[0-9a-f]{32}$/);
    // The path named once for the islands, which the router test holds to the upload function's own.
    expect(a.url.pathname).toBe(API_PATHS.uploadTarget.replace(':name', a.name));
    expect(a.url.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a compact JWS
    expect(a.name).not.toBe(b.name);
  });

  it('refuses a cross-site request', async () => {
    const { cookie } = await adminSession();
    expect((await call(issue, '/api/objects/upload', { method: 'POST', headers: { cookie, origin: 'https://evil.example' } })).status).toBe(403);
  });
});

describe('PUT to the upload URL, then GET /objects/uploads/:name', () => {
  it('stores a PNG and serves it with its detected type, nosniff and an immutable cache', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    // The client's type is not what decides: a PNG sent as octet-stream is still a PNG.
    const r = await put(url, PNG, { 'content-type': 'application/octet-stream' });
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ objectPath: `/objects/uploads/${name}`, contentType: 'image/png', size: PNG.length });

    const res = await serve(new Request(`http://localhost:4321/objects/uploads/${name}`), { params: { name } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('is single use: the same bytes sent again answer as the first (a retry after a lost answer), other bytes 409', async () => {
    const { cookie } = await adminSession();
    const { url } = await uploadUrl(cookie);
    const first = await put(url, PNG);
    expect(first.status).toBe(201);
    const again = await put(url, PNG);
    expect({ status: again.status, body: again.json }).toEqual({ status: 201, body: first.json });
    const other = await put(url, OTHER_PNG);
    expect({ status: other.status, body: other.json }).toEqual({ status: 409, body: { error: 'This upload URL has already been used' } });
  });

  it('refuses SVG, text renamed .png and empty bodies with 415 and a clear message, storing nothing', async () => {
    const { cookie } = await adminSession();
    for (const [label, body, type] of [
      ['svg', SVG, 'image/svg+xml'],
      ['text as png', Buffer.from('just some text, honestly a PNG'), 'image/png'],
      ['empty', Buffer.alloc(0), 'image/png'],
    ] as const) {
      const { url, name } = await uploadUrl(cookie);
      const r = await put(url, body, { 'content-type': type });
      expect(r.status, label).toBe(415);
      expect(r.json.error).toMatch(/PNG, JPEG, GIF, WebP or AVIF/);
      expect((await call(serve, `/objects/uploads/${name}`, { params: { name } })).status, label).toBe(404);
    }
  });

  it('refuses a photo cut short (a download stopped part-way) with 400 saying so, storing nothing; the whole file is then stored', async () => {
    const { cookie } = await adminSession();
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer();
    const cut = await uploadUrl(cookie);
    const r = await put(cut.url, photo.subarray(0, Math.floor(photo.length * 0.7)), { 'content-type': 'image/jpeg' });
    expect({ status: r.status, body: r.json }).toEqual({
      status: 400,
      body: { error: 'The image is cut short: its file ends before the image does; download or export it again' },
    });
    expect((await call(serve, `/objects/uploads/${cut.name}`, { params: { name: cut.name } })).status).toBe(404);
    const whole = await uploadUrl(cookie);
    expect((await put(whole.url, photo, { 'content-type': 'image/jpeg' })).status).toBe(201);
  });

  it('refuses an image of more pixels than the Image CDN decodes (a small file declaring a huge size) with 413, storing nothing', async () => {
    const { cookie } = await adminSession();
    const bomb = blackPng(16_384, 16_384);
    expect(bomb.length).toBeLessThan(100_000);
    const { url, name } = await uploadUrl(cookie);
    const r = await put(url, bomb);
    expect({ status: r.status, body: r.json }).toEqual({
      status: 413,
      body: { error: 'Image too large: it must be at most 268 megapixels (16,383 × 16,383 pixels); export a smaller copy' },
    });
    expect((await call(serve, `/objects/uploads/${name}`, { params: { name } })).status).toBe(404);

    // A GIF's header may declare 65,535 x 65,535 in ten bytes.
    const gif = Buffer.from('R0lGODlh//////8AAAAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    const gifUrl = await uploadUrl(cookie);
    expect((await put(gifUrl.url, gif, { 'content-type': 'image/gif' })).status).toBe(413);

    // The largest square it takes is stored.
    const largest = await uploadUrl(cookie);
    const ok = await put(largest.url, blackPng(16_383, 16_383));
    expect(ok.status).toBe(201);
    expect(ok.json.contentType).toBe('image/png');
  });

  it("stores a phone photo without where it was taken: its EXIF keeps the rest (the orientation it is drawn by), its XMP goes", async () => {
    // 33°52'12.34" S, 151°12'30" E, as a phone writes it: three rationals each.
    const rationals = (...pairs: number[]) => Buffer.from(new Uint32Array(pairs).buffer);
    const latitude = rationals(33, 1, 52, 1, 1234, 100);
    const longitude = rationals(151, 1, 12, 1, 3000, 100);
    const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="33,52.2057S"/></rdf:RDF></x:xmpmeta>';
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f5d8a' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Artist: 'Jane Doe' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 3000/100' } })
      .withXmp(xmp)
      .toBuffer();
    for (const place of [latitude, longitude, Buffer.from('33,52.2057S')]) expect(photo.includes(place)).toBe(true);

    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const r = await put(url, photo, { 'content-type': 'image/jpeg' });
    expect(r.status).toBe(201);
    const stored = Buffer.from(await (await serve(new Request(`http://localhost:4321/objects/uploads/${name}`), { params: { name } })).arrayBuffer());
    for (const place of [latitude, longitude, Buffer.from('33,52.2057S')]) expect(stored.includes(place)).toBe(false);
    const read = await sharp(stored).metadata();
    expect({ width: read.width, height: read.height, orientation: read.orientation, xmp: read.xmp }).toEqual({ width: 64, height: 48, orientation: 6, xmp: undefined });
    expect(stored.includes(Buffer.from('Jane Doe'))).toBe(true);
    expect(r.json).toEqual({ objectPath: `/objects/uploads/${name}`, contentType: 'image/jpeg', size: stored.length });
    // The same photo sent again (a retry after a lost answer) is answered as the first time.
    const again = await put(url, photo, { 'content-type': 'image/jpeg' });
    expect({ status: again.status, body: again.json }).toEqual({ status: 201, body: r.json });
  });

  it('refuses more than 10 MB with 413, by Content-Length and by the bytes that arrive', async () => {
    const { cookie } = await adminSession();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const declared = await uploadUrl(cookie);
    const r = await put(declared.url, big);
    expect(r.status).toBe(413);
    expect(r.json.error).toMatch(/10 MB/);

    const streamed = await uploadUrl(cookie);
    const body = new ReadableStream({
      start(c) {
        for (let i = 0; i < 11; i++) c.enqueue(new Uint8Array(1024 * 1024));
        c.close();
      },
    });
    const req = new Request(`http://localhost:4321${streamed.url.pathname}${streamed.url.search}`, { method: 'PUT', body, duplex: 'half' } as RequestInit);
    expect((await target(req, { params: { name: streamed.name } })).status).toBe(413);

    // Exactly 10 MB is allowed.
    const exact = await uploadUrl(cookie);
    const ok = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 - PNG.length)]);
    expect((await put(exact.url, ok)).status).toBe(201);
  });

  it('refuses a missing, forged, expired or other-object token with 401', async () => {
    const { cookie, user } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const token = url.searchParams.get('token')!;
    const base = `http://localhost:4321/api/objects/uploads/${name}`;
    const expired = await expiredToken(user.id, name);
    const sessionKeyed = await new SignJWT({ uid: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(name)
      .setAudience('image-upload')
      .setExpirationTime('5m')
      .sign(signingKey('session'));
    const other = await uploadUrl(cookie);
    for (const [label, u] of [
      ['missing', new URL(base)],
      ['forged', new URL(`${base}?token=${token.slice(0, -4)}AAAA`)],
      ['expired', new URL(`${base}?token=${expired}`)],
      ['session key', new URL(`${base}?token=${sessionKeyed}`)],
      ['token of another object', new URL(`${base}?token=${other.url.searchParams.get('token')}`)],
    ] as const) {
      const r = await put(u, PNG);
      expect(r.status, label).toBe(401);
      expect(r.json.error).toMatch(/invalid or has expired/);
    }
    // None of that used the URL up.
    expect((await put(url, PNG)).status).toBe(201);
  });

  it('refuses a URL issued in a session that has ended since (a logout), like the session itself', async () => {
    const { cookie } = await adminSession();
    const { url } = await uploadUrl(cookie);
    expect((await call(logout, '/api/auth/logout', { method: 'POST', headers: { cookie } })).status).toBe(200);
    const r = await put(url, PNG);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: 'The upload URL is invalid or has expired' });
  });

  it('refuses a cross-site PUT', async () => {
    const { cookie } = await adminSession();
    const { url } = await uploadUrl(cookie);
    expect((await put(url, PNG, { 'content-type': 'image/png', origin: 'https://evil.example' })).status).toBe(403);
  });

  it('answers 404 for unknown and malformed names', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef', '..', '..%2F..%2Fetc%2Fpasswd', 'ABCDEF0123456789ABCDEF0123456789', 'x.png']) {
      const r = await call(serve, `/objects/uploads/${encodeURIComponent(name)}`, { params: { name } });
      expect(r.status, name).toBe(404);
      expect(r.json).toEqual({ error: 'Image not found' });
    }
    const r = await call(target, '/api/objects/uploads/..', { method: 'PUT', rawBody: PNG, params: { name: '..' } });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 'Image not found' });
  });
});

describe('PUT in parts with Content-Range (files larger than one part)', () => {
  const MiB = 1024 * 1024;
  const NINE_MIB = 9 * MiB;
  /** `size` random bytes behind a PNG signature: an image to the sniffer, unique per call. */
  const pngOfSize = (size: number) => Buffer.concat([PNG, crypto.randomBytes(size - PNG.length)]);
  const range = (start: number, end: number, total: number) => `bytes ${start}-${end}/${total}`;

  function putPart(url: URL, file: Buffer<ArrayBuffer>, start: number, end: number, headers: Record<string, string> = {}) {
    return put(url, file.subarray(start, end + 1), {
      'content-type': 'image/png',
      'content-range': range(start, end, file.length),
      ...headers,
    });
  }

  const partsOf = (name: string) => objectStore(UPLOAD_PARTS_STORE).list(`${name}-`);
  const served = (name: string) => serve(new Request(`http://localhost:4321/objects/uploads/${name}`), { params: { name } });

  it('the scheduled housekeeping deletes the parts of an upload no URL can finish any more, and keeps the rest', async () => {
    const { cookie } = await adminSession();
    const fresh = await uploadUrl(cookie);
    expect((await putPart(fresh.url, pngOfSize(NINE_MIB), 0, 4 * MiB - 1)).status).toBe(202);
    // A part kept eleven minutes ago: its URL (ten minutes) has expired.
    const stale = newObjectName();
    await objectStore(UPLOAD_PARTS_STORE).createIfAbsent(`${stale}-0`, new Uint8Array(16), {
      total: '32',
      end: '15',
      uploadedAt: new Date(Date.now() - 11 * 60_000).toISOString(),
    });
    expect(await deleteAbandonedParts(new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000))).toBe(1);
    expect(await partsOf(stale)).toEqual([]);
    expect(await partsOf(fresh.name)).toEqual([`${fresh.name}-0`]);
  });

  it('joins three parts of a ~9 MB image into one object, served byte for byte, and drops the parts', async () => {
    expect(UPLOAD_PART_BYTES).toBe(4 * MiB);
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);

    const first = await putPart(url, file, 0, 4 * MiB - 1);
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ received: 4 * MiB });
    // Nothing is served before the last part.
    expect((await served(name)).status).toBe(404);
    const second = await putPart(url, file, 4 * MiB, 8 * MiB - 1);
    expect(second.status).toBe(202);
    expect(second.json).toEqual({ received: 8 * MiB });
    expect(await partsOf(name)).toHaveLength(2);

    const last = await putPart(url, file, 8 * MiB, NINE_MIB - 1);
    expect(last.status).toBe(201);
    expect(last.json).toEqual({ objectPath: `/objects/uploads/${name}`, contentType: 'image/png', size: NINE_MIB });

    const res = await served(name);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    expect(await partsOf(name)).toEqual([]);

    // The URL is used up, for parts as for a single PUT; but the last part sent again (its answer
    // lost) is answered as it was, and the image stays as stored.
    const again = await putPart(url, file, 0, 4 * MiB - 1);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already been used/);
    expect((await put(url, PNG)).status).toBe(409);
    const lastAgain = await putPart(url, file, 8 * MiB, NINE_MIB - 1);
    expect({ status: lastAgain.status, body: lastAgain.json }).toEqual({ status: 201, body: last.json });
    const otherLast = await putPart(url, Buffer.from(file).fill(1, 8 * MiB), 8 * MiB, NINE_MIB - 1);
    expect({ status: otherLast.status, body: otherLast.json }).toEqual({ status: 409, body: { error: 'This upload URL has already been used' } });
    expect(Buffer.from(await (await served(name)).arrayBuffer()).equals(file)).toBe(true);
    expect(await partsOf(name)).toEqual([]);
  });

  it('a file within one part may also be sent as a single ranged PUT', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const r = await putPart(url, PNG, 0, PNG.length - 1);
    expect(r.status).toBe(201);
    expect(r.json).toEqual({ objectPath: `/objects/uploads/${name}`, contentType: 'image/png', size: PNG.length });
    expect(await partsOf(name)).toEqual([]);
  });

  it('refuses a first part that is not an image with 415, keeping nothing', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = Buffer.concat([SVG, Buffer.alloc(NINE_MIB - SVG.length, 0x20)]);
    const r = await putPart(url, file, 0, 4 * MiB - 1, { 'content-type': 'image/svg+xml' });
    expect(r.status).toBe(415);
    expect(r.json.error).toMatch(/PNG, JPEG, GIF, WebP or AVIF/);
    expect(await partsOf(name)).toEqual([]);
  });

  it('takes only the next expected part: a gap, an overlap or a missing start is refused with 409 and Upload-Offset', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);
    const outOfOrder = (next: number) => `Upload parts must arrive in order: the next part starts at byte ${next}`;

    // Nothing kept yet: only byte 0 may come first (the first part is the one sniffed).
    const headless = await putPart(url, file, 4 * MiB, 8 * MiB - 1);
    expect(headless.status).toBe(409);
    expect(headless.json).toEqual({ error: outOfOrder(0) });
    expect(headless.headers.get('upload-offset')).toBe('0');
    expect(await partsOf(name)).toEqual([]);

    expect((await putPart(url, file, 0, 4 * MiB - 1)).status).toBe(202);
    for (const [label, start, end] of [
      ['a gap', 8 * MiB, NINE_MIB - 1],
      ['an overlap', 2 * MiB, 6 * MiB - 1],
      ['the same part again', 0, 4 * MiB - 1],
      ['one byte late', 4 * MiB + 1, 8 * MiB - 1],
    ] as const) {
      const r = await putPart(url, file, start, end);
      expect(r.status, label).toBe(409);
      expect(r.json, label).toEqual({ error: outOfOrder(4 * MiB) });
      expect(r.headers.get('upload-offset'), label).toBe(String(4 * MiB));
    }
    // A whole-file PUT is a part at byte 0: refused too while parts are kept.
    const whole = await put(url, PNG);
    expect(whole.status).toBe(409);
    expect(whole.json).toEqual({ error: outOfOrder(4 * MiB) });
    // None of it was kept or served, and the upload goes on from where it was.
    expect(await partsOf(name)).toEqual([`${name}-0`]);
    expect((await served(name)).status).toBe(404);
    expect((await putPart(url, file, 4 * MiB, 8 * MiB - 1)).status).toBe(202);
    expect((await putPart(url, file, 8 * MiB, NINE_MIB - 1)).status).toBe(201);
    expect(Buffer.from(await (await served(name)).arrayBuffer()).equals(file)).toBe(true);
  });

  it('refuses parts that disagree on the total size with 400', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);
    expect((await putPart(url, file, 0, 4 * MiB - 1)).status).toBe(202);
    const shorter = file.subarray(0, 5 * MiB);
    const r = await putPart(url, shorter, 4 * MiB, 5 * MiB - 1);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(`Upload parts disagree on the file size: ${NINE_MIB} and ${5 * MiB} bytes`);
    expect((await served(name)).status).toBe(404);
    expect(await partsOf(name)).toEqual([`${name}-0`]);
  });

  it('refuses a total above 10 MB with 413 and the upload message, before reading the part', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const r = await put(url, PNG, { 'content-type': 'image/png', 'content-range': range(0, PNG.length - 1, 10 * MiB + 1) });
    expect(r.status).toBe(413);
    expect(r.json.error).toBe('File too large: images must be 10 MB or smaller');
    expect(await partsOf(name)).toEqual([]);
    // Exactly 10 MB in parts is fine.
    const exact = await uploadUrl(cookie);
    const file = pngOfSize(10 * MiB);
    expect((await putPart(exact.url, file, 0, 4 * MiB - 1)).status).toBe(202);
    expect((await putPart(exact.url, file, 4 * MiB, 8 * MiB - 1)).status).toBe(202);
    expect((await putPart(exact.url, file, 8 * MiB, 10 * MiB - 1)).status).toBe(201);
  });

  it('refuses a part larger than the part size with 413, by its range and by its bytes', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);
    const byRange = await putPart(url, file, 0, 4 * MiB);
    expect(byRange.status).toBe(413);
    expect(byRange.json.error).toBe('Upload part too large: a part must be 4 MiB or smaller');
    // A modest range with a body past the part size is cut off as it arrives.
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(PNG));
        for (let i = 0; i < 5; i++) c.enqueue(new Uint8Array(MiB));
        c.close();
      },
    });
    const req = new Request(`http://localhost:4321${url.pathname}${url.search}`, {
      method: 'PUT',
      body,
      headers: { 'content-range': range(0, 99, NINE_MIB) },
      duplex: 'half',
    } as RequestInit);
    const res = await target(req, { params: { name } });
    expect(res.status).toBe(413);
    expect(await partsOf(name)).toEqual([]);
  });

  it('refuses a part before the last that is smaller than 1 MiB with 400, keeping nothing: an upload is a few parts, never thousands', async () => {
    expect(MIN_UPLOAD_PART_BYTES).toBe(MiB);
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);
    const r = await putPart(url, file, 0, MiB - 2);
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Upload part too small: every part but the last must be 1 MiB or larger' });
    expect(await partsOf(name)).toEqual([]);
    // A 1 MiB part is enough, and a last part may be as small as it is.
    expect((await putPart(url, file, 0, MiB - 1)).status).toBe(202);
    expect((await putPart(url, file, MiB, 5 * MiB - 1)).status).toBe(202);
    expect((await putPart(url, file, 5 * MiB, NINE_MIB - 2)).status).toBe(202);
    expect((await putPart(url, file, NINE_MIB - 1, NINE_MIB - 1)).status).toBe(201);
    expect(Buffer.from(await (await served(name)).arrayBuffer()).equals(file)).toBe(true);
  });

  it('answers 400 when the body is not the size its Content-Range names', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const r = await put(url, PNG, { 'content-type': 'image/png', 'content-range': range(0, 99, NINE_MIB) });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe(`The part has ${PNG.length} bytes but its Content-Range names 100`);
    expect(await partsOf(name)).toEqual([]);
  });

  it('answers 400 for a malformed Content-Range, storing nothing', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    for (const header of ['', 'bytes */100', 'bytes 0-99/*', 'bytes 0-99', 'bytes=0-99/100', 'items 0-99/100', 'bytes 10-9/100', 'bytes 0-100/100', 'bytes -1-99/100', 'bytes 0-99/100, bytes 100-199/200']) {
      const r = await put(url, PNG, { 'content-type': 'image/png', 'content-range': header });
      expect(r.status, header).toBe(400);
      expect(r.json.error, header).toMatch(/^Malformed Content-Range/);
    }
    expect(await partsOf(name)).toEqual([]);
    expect((await served(name)).status).toBe(404);
  });

  it('checks the token on every part: 401 for a forged or expired one, 404 for a bad name', async () => {
    const { cookie, user } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const file = pngOfSize(NINE_MIB);
    expect((await putPart(url, file, 0, 4 * MiB - 1)).status).toBe(202);
    const token = url.searchParams.get('token')!;
    const base = `http://localhost:4321/api/objects/uploads/${name}`;
    for (const [label, u] of [
      ['forged', new URL(`${base}?token=${token.slice(0, -4)}AAAA`)],
      ['expired', new URL(`${base}?token=${await expiredToken(user.id, name)}`)],
      ['missing', new URL(base)],
    ] as const) {
      const r = await putPart(u, file, 4 * MiB, 8 * MiB - 1);
      expect(r.status, label).toBe(401);
      expect(r.json.error, label).toMatch(/invalid or has expired/);
    }
    expect(await partsOf(name)).toHaveLength(1);
    const badName = await call(target, `/api/objects/uploads/..?token=${token}`, {
      method: 'PUT',
      rawBody: file.subarray(4 * MiB, 8 * MiB),
      headers: { 'content-range': range(4 * MiB, 8 * MiB - 1, NINE_MIB) },
      params: { name: '..' },
    });
    expect(badName.status).toBe(404);
  });
});

describe('Netlify Blobs (the run\'s blob server, announced as on Netlify)', () => {
  it('stores in the blob store, once, and serves from it', async () => {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    expect((await put(url, PNG)).status).toBe(201);
    expect((await put(url, OTHER_PNG)).status).toBe(409);
    const res = await serve(new Request(`http://localhost:4321/objects/uploads/${name}`), { params: { name } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // It went through the blob server into its folder.
    const dir = path.join(process.env.DATA_DIR!, 'blobs');
    expect(fs.readdirSync(dir, { recursive: true }).some((f) => String(f).includes(name))).toBe(true);
  });
});

describe('Netlify Blobs failing', () => {
  // The blob service in trouble answers 5xx (which @netlify/blobs retries, then throws) or cannot
  // be reached (refused, reset): a moment's outage like the database's, answered the same way.
  const failing = {
    'answering 503': async () => {
      const server = http.createServer((_req, res) => res.writeHead(503).end('Service Unavailable'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    },
    refusing: async () => {
      const proxy = await startTcpFaultProxy({ host: '127.0.0.1', port: 9 });
      await proxy.setMode('refuse');
      return { url: `http://127.0.0.1:${proxy.port}`, stop: () => proxy.stop() };
    },
  };
  for (const [label, start] of Object.entries(failing)) {
    it(`${label}: upload, serve and delete answer 503 with Retry-After and the unavailable message, not a bare 500; the same upload URL works once it is back`, async () => {
      const { cookie } = await adminSession();
      const { url, name } = await uploadUrl(cookie);
      const saved = process.env.NETLIFY_BLOBS_CONTEXT!;
      const context = JSON.parse(Buffer.from(saved, 'base64').toString());
      const broken = await start();
      process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ ...context, edgeURL: broken.url, uncachedEdgeURL: broken.url })).toString('base64');
      let answers;
      const log = captureErrorLog();
      try {
        answers = {
          upload: await put(url, PNG),
          serve: await call(serve, `/objects/uploads/${name}`, { params: { name } }),
          delete: await call(target, `/api/objects/uploads/${name}`, { method: 'DELETE', headers: { cookie }, params: { name } }),
        };
      } finally {
        log.stop();
        process.env.NETLIFY_BLOBS_CONTEXT = saved;
        await broken.stop();
      }
      for (const [what, r] of Object.entries(answers)) {
        expect({ what, status: r.status, retryAfter: r.headers.get('retry-after'), body: r.json }).toEqual({
          what,
          status: 503,
          retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
          body: { error: UNAVAILABLE_MESSAGE },
        });
      }
      // The log says which dependency failed: the blob store, not the database.
      expect(log.lines.filter((line) => line.includes(' unavailable'))).toEqual([
        expect.stringMatching(new RegExp(`^\\[api\\] PUT /api/objects/uploads/${name}: blob store unavailable: Netlify Blobs store '[a-z-]+'`)),
        expect.stringMatching(new RegExp(`^\\[api\\] GET /objects/uploads/${name}: blob store unavailable: Netlify Blobs store '[a-z-]+'`)),
        expect.stringMatching(new RegExp(`^\\[api\\] DELETE /api/objects/uploads/${name}: blob store unavailable: Netlify Blobs store '[a-z-]+'`)),
      ]);
      expect((await put(url, PNG)).status).toBe(201);
      expect((await call(serve, `/objects/uploads/${name}`, { params: { name } })).status).toBe(200);
    });
  }
});

describe('Netlify Blobs not answering', () => {
  // A blob service that takes the connection (or the whole write) and never answers: each call
  // gives up at its deadline, the request answers the same 503 as a failing service, well before
  // the platform would end the function, and nothing a given-up write sent is left claimed.
  const DEADLINE_MS = blobCallDeadlineMs(PNG.byteLength); // a read's, and the PNG's write's
  const unavailable = { status: 503, retryAfter: String(DATABASE_RETRY_AFTER_SECONDS), body: { error: UNAVAILABLE_MESSAGE } };

  /** The answer and how long it took, or 'no answer' once `boundMs` has passed. */
  async function timed(boundMs: number, request: Promise<Awaited<ReturnType<typeof call>>>) {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), boundMs)));
    const r = await Promise.race([request, gaveUp]);
    clearTimeout(timer);
    if (r === 'no answer') return { answer: r };
    return {
      answer: { status: r.status, retryAfter: r.headers.get('retry-after'), body: r.json },
      withinBound: performance.now() - started < boundMs,
    };
  }

  /**
   * Runs `test` with a fresh upload URL while the app reaches the blob server through a fault proxy
   * of the test's own, capturing what it logs; the proxy, the announcement and the log are put back
   * whatever `test` does.
   */
  async function throughFaultProxy(
    test: (setup: { cookie: string; url: URL; name: string; proxy: BlobFaultProxy; log: ReturnType<typeof captureErrorLog> }) => Promise<void>,
  ) {
    const { cookie } = await adminSession();
    const { url, name } = await uploadUrl(cookie);
    const proxy = await startBlobFaultProxy();
    const announced = proxy.announce();
    const log = captureErrorLog();
    try {
      await test({ cookie, url, name, proxy, log });
    } finally {
      log.stop();
      announced.restore();
      await proxy.stop();
    }
  }

  it('accepting calls and never answering: upload, serve and delete answer 503 with Retry-After within the deadline, logged as the blob store; the same upload URL works once it answers', () =>
    throughFaultProxy(async ({ cookie, url, name, proxy, log }) => {
      const bound = DEADLINE_MS + 2_000;
      proxy.hold(['GET', 'HEAD', 'PUT', 'DELETE']);
      const answers = await Promise.all([
        timed(bound, put(url, PNG)),
        timed(bound, call(serve, `/objects/uploads/${name}`, { params: { name } })),
        timed(bound, call(target, `/api/objects/uploads/${name}`, { method: 'DELETE', headers: { cookie }, params: { name } })),
      ]);
      expect(answers).toEqual([0, 1, 2].map(() => ({ answer: unavailable, withinBound: true })));
      expect(log.lines.filter((line) => line.includes(' unavailable')).sort()).toEqual(
        ['DELETE /api/objects/uploads', 'GET /objects/uploads', 'PUT /api/objects/uploads'].map((path) =>
          expect.stringMatching(new RegExp(`^\\[api\\] ${path}/${name}: blob store unavailable: Netlify Blobs store '[a-z-]+' .*did not answer within`)),
        ),
      );
      proxy.heal();
      expect((await put(url, PNG)).status).toBe(201);
      const served = await call(serve, `/objects/uploads/${name}`, { params: { name } });
      expect(served.status).toBe(200);
    }));

  it('taking a write and never answering it: 503 within the deadline, nothing stored or sent again, and the same upload URL then stores the image', () =>
    throughFaultProxy(async ({ url, name, proxy }) => {
      proxy.hold(['PUT']);
      expect(await timed(DEADLINE_MS + 2_000, put(url, PNG))).toEqual({ answer: unavailable, withinBound: true });
      proxy.heal();
      // @netlify/blobs retries a failed call (after 1 ms under test, 5 s otherwise): a retry of the
      // given-up write must not reach the healed service and claim the name behind the 503.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(proxy.seen.filter((r) => r.startsWith('PUT '))).toEqual([`PUT /local-site/site:uploads/${name}`]);
      expect(await objectStore(UPLOADS_STORE).has(name)).toBe(false);
      const stored = await put(url, PNG);
      expect(stored.status).toBe(201);
      const served = await call(serve, `/objects/uploads/${name}`, { params: { name } });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-length')).toBe(String(PNG.byteLength));
    }));

  // The first success's answer, for the PNG stored under `name`.
  const storedPng = (name: string) => ({ objectPath: `/objects/uploads/${name}`, contentType: 'image/png', size: PNG.byteLength });

  it("a write that lands and whose answer is lost: the library's own retry finds the name holding these very bytes, and the PUT answers 201 as the first success", () =>
    throughFaultProxy(async ({ url, name, proxy }) => {
      proxy.loseAnswers(['PUT'], 1);
      const r = await put(url, PNG);
      expect({ status: r.status, body: r.json }).toEqual({ status: 201, body: storedPng(name) });
      expect(proxy.seen.filter((seen) => seen.startsWith('PUT '))).toEqual([`PUT /local-site/site:uploads/${name}`, `PUT /local-site/site:uploads/${name}`]);
      const stored = await objectStore(UPLOADS_STORE).get(name);
      expect(Buffer.from(stored!.data).equals(PNG)).toBe(true);
    }));

  it('a write that lands and every answer lost: 503; the same bytes sent again to the same URL then answer 201 as the first success, other bytes 409', () =>
    throughFaultProxy(async ({ url, name, proxy }) => {
      proxy.loseAnswers(['PUT']);
      const lost = await put(url, PNG);
      expect({ status: lost.status, retryAfter: lost.headers.get('retry-after'), body: lost.json }).toEqual(unavailable);
      proxy.heal();
      expect(await objectStore(UPLOADS_STORE).has(name)).toBe(true);
      const again = await put(url, PNG);
      expect({ status: again.status, body: again.json }).toEqual({ status: 201, body: storedPng(name) });
      const other = await put(url, OTHER_PNG);
      expect({ status: other.status, body: other.json }).toEqual({ status: 409, body: { error: 'This upload URL has already been used' } });
      const stored = await objectStore(UPLOADS_STORE).get(name);
      expect(Buffer.from(stored!.data).equals(PNG)).toBe(true);
    }));

  it('failing a write with 5xx (the earlier reads fine): 503, not a 201 for an image never stored; the same upload URL works once it is back', () =>
    throughFaultProxy(async ({ url, name, proxy }) => {
      proxy.fail(['PUT'], 503);
      const r = await put(url, PNG);
      expect({ status: r.status, retryAfter: r.headers.get('retry-after'), body: r.json }).toEqual(unavailable);
      proxy.heal();
      expect(await objectStore(UPLOADS_STORE).has(name)).toBe(false);
      expect((await put(url, PNG)).status).toBe(201);
    }));
});

describe('imageSize', () => {
  it('reads the size each of the five types declares, as encoded by libvips', async () => {
    const picture = () => sharp({ create: { width: 321, height: 123, channels: 3, background: '#2f5d8a' } });
    const encoded = {
      'image/png': await picture().png().toBuffer(),
      'image/jpeg': await picture().jpeg().toBuffer(),
      'image/jpeg progressive': await picture().jpeg({ progressive: true }).withMetadata().toBuffer(),
      'image/gif': await picture().gif().toBuffer(),
      'image/webp': await picture().webp().toBuffer(),
      'image/webp lossless': await picture().webp({ lossless: true }).toBuffer(),
      'image/webp with alpha': await sharp({ create: { width: 321, height: 123, channels: 4, background: '#2f5d8a80' } }).webp().toBuffer(),
      'image/avif': await picture().avif().toBuffer(),
    };
    for (const [label, bytes] of Object.entries(encoded)) {
      const type = sniffImageType(new Uint8Array(bytes));
      expect(type, label).toBe(label.split(' ')[0]);
      expect(imageSize(new Uint8Array(bytes)), label).toEqual({ width: 321, height: 123 });
    }
  });

  it('answers null for a header that gives no size', () => {
    expect(imageSize(new Uint8Array(PNG.subarray(0, 16)))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(imageSize(new Uint8Array(Buffer.from('GIF89a\x00\x00\x01\x00', 'latin1')))).toBeNull();
  });
});

describe('sniffImageType', () => {
  const pad = (head: number[] | string, n = 32) => {
    const b = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
    return new Uint8Array(Buffer.concat([b, Buffer.alloc(Math.max(0, n - b.length))]));
  };
  it('recognises the five image types by their bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG))).toBe('image/png');
    expect(sniffImageType(pad([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(pad('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(pad('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(pad('RIFF\x24\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(pad('\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf'))).toBe('image/avif');
    expect(sniffImageType(pad('\x00\x00\x00\x1cftypmif1\x00\x00\x00\x00mif1avifmiaf'))).toBe('image/avif');
  });
  it('refuses everything else', () => {
    expect(sniffImageType(pad('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(pad('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffImageType(pad('\x00\x00\x00\x1cftypheic\x00\x00\x00\x00mif1heic'))).toBeNull();
    expect(sniffImageType(pad('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(pad('BM'))).toBeNull();
    expect(sniffImageType(pad([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // truncated PNG signature
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('DELETE /api/objects/uploads/:name', () => {
  const del = (name: string, headers: Record<string, string> = {}) => call(target, `/api/objects/uploads/${name}`, { method: 'DELETE', headers, params: { name } });
  const served = (name: string) => call(serve, `/objects/uploads/${name}`, { params: { name } });

  async function uploaded(cookie: string): Promise<string> {
    const { url, name } = await uploadUrl(cookie);
    expect((await put(url, PNG)).status).toBe(201);
    return name;
  }

  function createArticle(cookie: string, fields: Record<string, unknown>) {
    return call(articles, '/api/articles', {
      body: { title: `Uses an image ${crypto.randomUUID()}`, description: 'D', readTime: '3 min read', isPublished: false, ...fields },
      headers: { cookie },
    });
  }

  it('deletes an image no article uses; it is then gone', async () => {
    const { cookie } = await adminSession();
    const name = await uploaded(cookie);
    const r = await del(name, { cookie });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ ok: true });
    expect((await served(name)).status).toBe(404);
    expect((await del(name, { cookie })).json).toEqual({ error: 'Image not found' });
  });

  it('purges the copy the CDN keeps a year, under the image\'s own tag', async () => {
    const cdn = durableCache({ encode: storedEncodings() });
    const api = await startPurgeApi(cdn);
    const saved = { ...process.env };
    Object.assign(process.env, api.env);
    try {
      const { cookie } = await adminSession();
      const [name, other] = [await uploaded(cookie), await uploaded(cookie)];
      const viaCdn = (n: string) => cdn.serve(new Request(`http://127.0.0.1:4321/objects/uploads/${n}`), (req: Request) => serve(req, { params: { name: n } }));
      for (const n of [name, other]) expect((await viaCdn(n)).headers.get('cache-status')).toBe('"Netlify Edge"; fwd=miss; stored');
      expect((await viaCdn(name)).headers.get('cache-status')).toBe('"Netlify Edge"; hit');
      expect((await del(name, { cookie })).status).toBe(200);
      const after = await viaCdn(name);
      expect(after.status).toBe(404);
      expect(after.headers.get('cache-status')).toBeNull(); // the function's own answer, not a kept one
      expect((await viaCdn(other)).headers.get('cache-status')).toBe('"Netlify Edge"; hit');
    } finally {
      process.env = saved;
      await api.stop();
    }
  });

  it('refuses with 409 naming the article while one uses it, as its image or in its body, drafts included', async () => {
    const { cookie } = await adminSession();
    for (const [label, fields] of [
      ['image path', (path: string) => ({ imageUrl: path })],
      ['link in the body', (path: string) => ({ content: `<p>See <a href="${path}">the chart</a></p>` })],
      ["the image CDN's address as its image", (path: string) => ({ imageUrl: `/.netlify/images?url=${encodeURIComponent(path)}&w=640` })],
    ] as const) {
      const name = await uploaded(cookie);
      const article = await createArticle(cookie, fields(`/objects/uploads/${name}`));
      expect(article.status, label).toBe(201);
      const r = await del(name, { cookie });
      expect(r.status, label).toBe(409);
      expect(r.json, label).toEqual({ error: `This image is used by the article "${article.json.title}": remove it there first` });
      expect((await served(name)).status, label).toBe(200);
      // Once the article no longer uses it, it can go.
      const { imageUrl: _i, content: _c, ...rest } = article.json;
      expect((await call(articles, `/api/articles/${article.json.id}`, { method: 'PUT', body: { ...rest, imageUrl: null, content: null }, params: { id: String(article.json.id) }, headers: { cookie } })).status, label).toBe(200);
      expect((await del(name, { cookie })).status, label).toBe(200);
    }
  });

  it('counts the other articles that use it', async () => {
    const { cookie } = await adminSession();
    const name = await uploaded(cookie);
    const first = await createArticle(cookie, { imageUrl: `/objects/uploads/${name}` });
    await createArticle(cookie, { imageUrl: `/objects/uploads/${name}` });
    await createArticle(cookie, { content: `<p><a href="/objects/uploads/${name}">x</a></p>` });
    const r = await del(name, { cookie });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe(`This image is used by the article "${first.json.title}" and 2 other articles: remove it there first`);
  });

  it('needs an admin session, refuses a cross-site request, and answers 404 for unknown or malformed names', async () => {
    const { cookie } = await adminSession();
    const name = await uploaded(cookie);
    expect((await del(name)).status).toBe(401);
    expect((await del(name, { cookie: 'session=forged.token.value' })).status).toBe(401);
    expect((await del(name, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await served(name)).status).toBe(200);
    for (const bad of ['0123456789abcdef0123456789abcdef', '..', 'ABCDEF0123456789ABCDEF0123456789']) {
      const r = await del(bad, { cookie });
      expect(r.status, bad).toBe(404);
      expect(r.json, bad).toEqual({ error: 'Image not found' });
    }
  });
});

describe('the daily sweep of unused images (netlify/functions/unused-images.ts)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const served = (name: string) => call(serve, `/objects/uploads/${name}`, { params: { name } });

  /** An image as an upload stores it, uploaded `daysAgo` days ago. */
  async function storedImage(daysAgo: number): Promise<string> {
    const name = newObjectName();
    const uploadedAt = new Date(Date.now() - daysAgo * DAY).toISOString();
    expect(await objectStore(UPLOADS_STORE).createIfAbsent(name, PNG, { contentType: 'image/png', uploadedAt })).toBe(true);
    return name;
  }

  function createArticle(cookie: string, fields: Record<string, unknown>) {
    return call(articles, '/api/articles', {
      body: { title: `Sweep ${crypto.randomUUID()}`, description: 'D', readTime: '3 min read', isPublished: false, ...fields },
      headers: { cookie },
    });
  }

  // The blob store is shared with the other test files. Each sweep here names its own images
  // (`only`), and its cut-off is two days back, not the grace period: these images are all younger
  // than the grace, so the Scheduled Function, run with the real grace in database-faults.test.ts,
  // never takes one of them from under these tests.
  const CUT_OFF_DAYS = 2;
  const OLD = 3;
  const RECENT = 1;
  it('uses ages inside the grace period, which the daily run leaves alone', () => {
    expect(OLD).toBeLessThan(UNUSED_IMAGE_GRACE_DAYS);
  });
  const sweep = (names: string[], options: { limit?: number; deadline?: number } = {}) =>
    deleteUnusedImages(getDb(), {
      uploadedBefore: new Date(Date.now() - CUT_OFF_DAYS * DAY),
      limit: options.limit ?? 200,
      deadline: options.deadline,
      only: names,
    });

  it('deletes the old images no article uses, and keeps recent ones and every one an article uses, however it refers to them', async () => {
    const { cookie } = await adminSession();
    const old = OLD;
    const images = {
      unused: await storedImage(old),
      recent: await storedImage(RECENT),
      asImage: await storedImage(old),
      inBody: await storedImage(old),
      absolute: await storedImage(old),
      inDraft: await storedImage(old),
      cdnImage: await storedImage(old),
      cdnLink: await storedImage(old),
    };
    const uses = [
      { imageUrl: `/objects/uploads/${images.asImage}`, isPublished: true },
      { content: `<p>See <a href="/objects/uploads/${images.inBody}">the chart</a></p>` },
      { content: `<p><a href="https://www.example.com/objects/uploads/${images.absolute}">Full size</a></p>` },
      { imageUrl: `/objects/uploads/${images.inDraft}`, isPublished: false },
      // The image CDN's address of an upload, as a copied image address holds it.
      { imageUrl: `/.netlify/images?url=%2Fobjects%2Fuploads%2F${images.cdnImage}&w=1280` },
      { content: `<p><a href="https://www.example.com/.netlify/images?url=%2fobjects%2fuploads%2f${images.cdnLink}&amp;w=640">Small</a></p>` },
    ];
    for (const fields of uses) expect((await createArticle(cookie, fields)).status).toBe(201);

    expect(await sweep(Object.values(images))).toBe(1);
    for (const [label, name] of Object.entries(images)) expect((await served(name)).status, label).toBe(label === 'unused' ? 404 : 200);
  });

  it('deletes an image once its article is deleted, or no longer uses it', async () => {
    const { cookie } = await adminSession();
    const [dropped, replaced] = [await storedImage(OLD), await storedImage(OLD)];
    const article = await createArticle(cookie, { imageUrl: `/objects/uploads/${dropped}` });
    const other = await createArticle(cookie, { imageUrl: `/objects/uploads/${replaced}` });
    expect(await sweep([dropped, replaced])).toBe(0);

    const id = String(article.json.id);
    expect((await call(articles, `/api/articles/${id}`, { method: 'DELETE', params: { id }, headers: { cookie } })).status).toBe(200);
    const { imageUrl: _i, ...rest } = other.json;
    const otherId = String(other.json.id);
    expect((await call(articles, `/api/articles/${otherId}`, { method: 'PUT', body: { ...rest, imageUrl: null }, params: { id: otherId }, headers: { cookie } })).status).toBe(200);

    expect(await sweep([dropped, replaced])).toBe(2);
    expect((await served(dropped)).status).toBe(404);
    expect((await served(replaced)).status).toBe(404);
  });

  it('deletes at most its limit a run, stops at its deadline, and leaves the rest to the next run', async () => {
    const names = [await storedImage(OLD), await storedImage(OLD), await storedImage(OLD)];
    const left = async () => (await Promise.all(names.map(served))).filter((r) => r.status === 200).length;
    expect(await sweep(names, { deadline: Date.now() })).toBe(0);
    expect(await left()).toBe(3);
    expect(await sweep(names, { limit: 2 })).toBe(2);
    expect(await left()).toBe(1);
    expect(await sweep(names, { limit: 2 })).toBe(1);
    expect(await left()).toBe(0);
    expect(await sweep(names, { limit: 2 })).toBe(0);
  });
});

describe('on a deploy preview (Netlify announcing a deploy context other than production)', () => {
  const asPreview = <T,>(run: () => Promise<T>) => asDeploy('deploy-preview', run);
  const del = (name: string, cookie: string) => call(target, `/api/objects/uploads/${name}`, { method: 'DELETE', headers: { cookie }, params: { name } });
  const served = (name: string) => call(serve, `/objects/uploads/${name}`, { params: { name } });
  async function uploaded(cookie: string): Promise<string> {
    const { url, name } = await uploadUrl(cookie);
    expect((await put(url, PNG)).status).toBe(201);
    return name;
  }

  it("shows the live site's images and its own, stores and deletes only its own, and cannot delete a live image", async () => {
    const { cookie } = await adminSession();
    const live = await uploaded(cookie);
    const [own, kept] = await asPreview(async () => [await uploaded(cookie), await uploaded(cookie)]);

    await asPreview(async () => {
      for (const name of [live, own]) expect((await served(name)).status, name).toBe(200);
      const refused = await del(live, cookie);
      expect({ status: refused.status, body: refused.json }).toEqual({
        status: 409,
        body: { error: 'This image belongs to the live site: delete it there, not from a preview' },
      });
      expect((await del(own, cookie)).json).toEqual({ ok: true });
      expect((await served(own)).status).toBe(404);
    });

    // The live site still has its image, never had the preview's, and its sweep of unused images
    // (every one of these is unused) cannot reach the preview's store.
    expect((await served(live)).status).toBe(200);
    expect((await served(kept)).status).toBe(404);
    expect(await objectStore(UPLOADS_STORE).has(kept)).toBe(false);
    expect(await deleteUnusedImages(getDb(), { uploadedBefore: new Date(Date.now() + 60_000), limit: 10, only: [kept] })).toBe(0);
    expect(await asPreview(async () => (await served(kept)).status)).toBe(200);
  });

  it('keeps each deploy context apart: a branch deploy neither shows nor deletes a preview\'s uploads', async () => {
    const { cookie } = await adminSession();
    const preview = await asPreview(() => uploaded(cookie));
    await asDeploy('branch-deploy', async () => {
      expect((await served(preview)).status).toBe(404);
      expect((await del(preview, cookie)).json).toEqual({ error: 'Image not found' });
    });
    expect(await asPreview(async () => (await served(preview)).status)).toBe(200);
    // `netlify dev` is the live site's own runtime: it uses the live store.
    const dev = await asDeploy('dev', () => uploaded(cookie));
    expect((await served(dev)).status).toBe(200);
  });

  it('stores the uploads of a deploy context whose name is longer than a store name may be', async () => {
    const { cookie } = await adminSession();
    const long = `branch-${'x'.repeat(100)}`;
    const name = await asDeploy(long, () => uploaded(cookie));
    expect(await asDeploy(long, async () => (await served(name)).status)).toBe(200);
  });

  describe('the daily sweep of expired preview uploads (netlify/functions/expired-preview-uploads.ts)', () => {
    const DAY = 24 * 60 * 60 * 1000;
    /** An image stored by the named deploy, uploaded `daysAgo` days ago. */
    async function storedBy(context: string, daysAgo: number): Promise<string> {
      const name = newObjectName();
      const uploadedAt = new Date(Date.now() - daysAgo * DAY).toISOString();
      const store = await asDeploy(context, async () => uploadStores().own);
      expect(await store.createIfAbsent(name, PNG, { contentType: 'image/png', uploadedAt })).toBe(true);
      return name;
    }
    const shownOn = (context: string, name: string) => asDeploy(context, async () => (await served(name)).status);

    it("deletes previews' and branch deploys' uploads past the limit, keeps younger ones, and never touches the live site's", async () => {
      const images = {
        oldPreview: await storedBy('deploy-preview', PREVIEW_UPLOAD_DAYS + 1),
        oldBranch: await storedBy('branch-deploy', PREVIEW_UPLOAD_DAYS + 1),
        recentPreview: await storedBy('deploy-preview', PREVIEW_UPLOAD_DAYS - 1),
        oldLive: await storedBy('production', PREVIEW_UPLOAD_DAYS + 1),
      };
      const logged: string[] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void logged.push(String(line)));
      try {
        expect((await expiredPreviewUploads()).status).toBe(204);
      } finally {
        log.mockRestore();
      }
      // Only this test stores uploads older than the limit, so the run's count is exactly its two.
      expect(logged).toEqual(['[expired-preview-uploads] 2 expired preview uploads deleted']);
      expect({
        oldPreview: await shownOn('deploy-preview', images.oldPreview),
        oldBranch: await shownOn('branch-deploy', images.oldBranch),
        recentPreview: await shownOn('deploy-preview', images.recentPreview),
        oldLive: await shownOn('production', images.oldLive),
      }).toEqual({ oldPreview: 404, oldBranch: 404, recentPreview: 200, oldLive: 200 });
    });

    it('deletes at most its limit a run, stops at its deadline, and leaves the rest to the next run', async () => {
      const names = [await storedBy('deploy-preview', 2), await storedBy('deploy-preview', 2), await storedBy('deploy-preview', 2)];
      const sweep = (options: { limit?: number; deadline?: number } = {}) =>
        deleteExpiredPreviewUploads({ uploadedBefore: new Date(Date.now() - DAY), limit: options.limit ?? 200, deadline: options.deadline, only: names });
      const left = async () => (await Promise.all(names.map((name) => shownOn('deploy-preview', name)))).filter((status) => status === 200).length;
      expect(await sweep({ deadline: Date.now() })).toBe(0);
      expect(await left()).toBe(3);
      expect(await sweep({ limit: 2 })).toBe(2);
      expect(await left()).toBe(1);
      expect(await sweep({ limit: 2 })).toBe(1);
      expect(await sweep({ limit: 2 })).toBe(0);
      expect(await left()).toBe(0);
    });
  });
});
