// PUT /api/objects/uploads/:name?token=... (raw image bytes) -> 201 {objectPath, contentType, size}
// The signed URL from POST /api/objects/upload is the permission: it names the object, expires
// after 10 minutes or with the session it was issued in, and stores one object only. At most
// 10 MB (413); the bytes must be a PNG, JPEG, GIF, WebP or AVIF image whatever the Content-Type
// says (415 otherwise, SVG included).
//
// A file larger than one part (4 MiB, src/schemas/upload.ts) comes as several PUTs to the same URL,
// each with `Content-Range: bytes <start>-<end>/<total>` and at most one part's bytes (413 beyond),
// in order: a part must start at the byte after the last one kept (409 with Upload-Offset naming
// it otherwise, before its body is read). The first part is checked for an image at once (415), a
// part before the last answers 202 {received}, and the last one (end + 1 == total) joins them and
// answers as the single PUT does.
//
// DELETE /api/objects/uploads/:name (admin) -> {ok: true}: deletes an uploaded image that no
// article uses, and purges the CDN's copy; 409 naming an article that does, 404 for an unknown image.
import type { Config } from '@netlify/functions';
import { parseContentRange, type ByteRange } from '../../src/schemas/upload.ts';
import { UPLOADS_STORE, objectStore } from '../../src/server/blobs.ts';
import { purgeCacheTag, uploadCacheTag } from '../../src/server/cdn-cache.ts';
import { readBodyBytes } from '../../src/server/http/body.ts';
import { currentSessionUser, requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { badRequest, conflict, notFound, payloadTooLarge, unauthorized, unsupportedMediaType } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { findArticlesUsingImage } from '../../src/server/repositories/articles.ts';
import { assertNextPart, storePart, withJoinedParts } from '../../src/server/upload-parts.ts';
import {
  MAX_UPLOAD_BYTES,
  PART_TOO_LARGE_MESSAGE,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_IMAGE_MESSAGE,
  UPLOAD_PART_BYTES,
  isObjectName,
  objectPublicPath,
  sniffImageType,
  verifyUploadToken,
} from '../../src/server/uploads.ts';

const ALREADY_USED_MESSAGE = 'This upload URL has already been used';

/** Stores the whole, checked file under its name: 415 unless an image, 409 if the URL was used. */
async function storeImage(name: string, bytes: Uint8Array): Promise<Response> {
  const contentType = sniffImageType(bytes);
  if (!contentType) throw unsupportedMediaType(UNSUPPORTED_IMAGE_MESSAGE);
  const created = await objectStore(UPLOADS_STORE).createIfAbsent(name, bytes, {
    contentType,
    uploadedAt: new Date().toISOString(),
  });
  if (!created) throw conflict(ALREADY_USED_MESSAGE);
  return json({ objectPath: objectPublicPath(name), contentType, size: bytes.byteLength }, { status: 201 });
}

async function storeUploadPart(req: Request, name: string, range: ByteRange): Promise<Response> {
  if (range.total > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE_MESSAGE);
  const length = range.end - range.start + 1;
  if (length > UPLOAD_PART_BYTES) throw payloadTooLarge(PART_TOO_LARGE_MESSAGE);
  // A used URL takes no more parts (they could never be joined), and a part out of order is
  // refused before its bytes are read.
  if (await objectStore(UPLOADS_STORE).has(name)) throw conflict(ALREADY_USED_MESSAGE);
  await assertNextPart(name, range.start, range.total);
  const bytes = await readBodyBytes(req, UPLOAD_PART_BYTES, PART_TOO_LARGE_MESSAGE);
  if (bytes.byteLength !== length) {
    throw badRequest(`The part has ${bytes.byteLength} bytes but its Content-Range names ${length}`);
  }
  // Refuse a non-image at its first part, before the rest is sent.
  if (range.start === 0 && !sniffImageType(bytes)) throw unsupportedMediaType(UNSUPPORTED_IMAGE_MESSAGE);
  await storePart(name, range, bytes);
  if (range.end + 1 < range.total) return json({ received: range.end + 1 }, { status: 202 });
  return withJoinedParts(name, range.total, (whole) => storeImage(name, whole));
}

/** 409 naming the articles (drafts too) whose image or body uses the image; the admin edits them first. */
async function assertUnused(name: string): Promise<void> {
  const users = await findArticlesUsingImage(getDb(), objectPublicPath(name));
  if (users.length === 0) return;
  const [first] = users;
  const more = users.length > 1 ? ` and ${users.length - 1} other article${users.length > 2 ? 's' : ''}` : '';
  throw conflict(`This image is used by the article "${first!.title}"${more}: remove it there first`);
}

export default route({
  PUT: async (req, ctx) => {
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Not found');
    // Signed for this object, unexpired, and issued in a session that has not ended since.
    const issuedIn = await verifyUploadToken(new URL(req.url).searchParams.get('token'), name);
    if (!issuedIn || !(await currentSessionUser(getDb(), issuedIn))) {
      throw unauthorized('The upload URL is invalid or has expired');
    }
    const contentRange = req.headers.get('content-range');
    if (contentRange === null) {
      // The whole file at once: only while no parts of it are kept (it would start at byte 0).
      await assertNextPart(name, 0);
      return storeImage(name, await readBodyBytes(req, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE));
    }
    const range = parseContentRange(contentRange);
    if (!range) throw badRequest('Malformed Content-Range: expected "bytes <start>-<end>/<total>"');
    return storeUploadPart(req, name, range);
  },

  DELETE: async (req, ctx) => {
    await requireAdmin(req);
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Image not found');
    const store = objectStore(UPLOADS_STORE);
    if (!(await store.has(name))) throw notFound('Image not found');
    await assertUnused(name);
    await store.delete(name);
    await purgeCacheTag(uploadCacheTag(name));
    return json({ ok: true });
  },
});

export const config: Config = { path: '/api/objects/uploads/:name' };
