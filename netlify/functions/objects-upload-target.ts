// PUT /api/objects/uploads/:name?token=... (raw image bytes) -> 201 {objectPath, contentType, size}
// The signed URL from POST /api/objects/upload is the permission: it names the object, expires
// after 10 minutes and stores one object only. At most 10 MB (413); the bytes must be a PNG, JPEG,
// GIF, WebP or AVIF image whatever the Content-Type says (415 otherwise, SVG included).
//
// A file larger than one part (4 MiB, src/schemas/upload.ts) comes as several PUTs to the same URL,
// each with `Content-Range: bytes <start>-<end>/<total>` and at most one part's bytes (413 beyond):
// the first part is checked for an image at once (415), each part is kept create-only (409 when
// repeated), a part before the last answers 202 {received}, and the last one (end + 1 == total)
// joins them (400 for a gap or an overlap) and answers as the single PUT does.
import type { Config } from '@netlify/functions';
import { parseContentRange, type ByteRange } from '../../src/schemas/upload.ts';
import { UPLOADS_STORE, objectStore } from '../../src/server/blobs.ts';
import { readBodyBytes } from '../../src/server/http/body.ts';
import { HttpError, badRequest, conflict, notFound } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { storePart, withJoinedParts } from '../../src/server/upload-parts.ts';
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
  if (!contentType) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);
  const created = await objectStore(UPLOADS_STORE).createIfAbsent(name, bytes, {
    contentType,
    uploadedAt: new Date().toISOString(),
  });
  if (!created) throw conflict(ALREADY_USED_MESSAGE);
  return json({ objectPath: objectPublicPath(name), contentType, size: bytes.byteLength }, { status: 201 });
}

async function storeUploadPart(req: Request, name: string, range: ByteRange): Promise<Response> {
  if (range.total > MAX_UPLOAD_BYTES) throw new HttpError(413, TOO_LARGE_MESSAGE);
  const length = range.end - range.start + 1;
  if (length > UPLOAD_PART_BYTES) throw new HttpError(413, PART_TOO_LARGE_MESSAGE);
  const bytes = await readBodyBytes(req, UPLOAD_PART_BYTES, PART_TOO_LARGE_MESSAGE);
  if (bytes.byteLength !== length) {
    throw badRequest(`The part has ${bytes.byteLength} bytes but its Content-Range names ${length}`);
  }
  // Refuse a non-image at its first part, before the rest is sent.
  if (range.start === 0 && !sniffImageType(bytes)) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);
  // A used URL takes no more parts (they could never be joined).
  if (await objectStore(UPLOADS_STORE).has(name)) throw conflict(ALREADY_USED_MESSAGE);
  if (!(await storePart(name, range, bytes))) {
    throw conflict(`The part from byte ${range.start} has already been uploaded`);
  }
  if (range.end + 1 < range.total) return json({ received: range.end + 1 }, { status: 202 });
  return withJoinedParts(name, range.total, (whole) => storeImage(name, whole));
}

export default route({
  PUT: async (req, ctx) => {
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Not found');
    if (!(await verifyUploadToken(new URL(req.url).searchParams.get('token'), name))) {
      throw new HttpError(401, 'The upload URL is invalid or has expired');
    }
    const contentRange = req.headers.get('content-range');
    if (contentRange === null) return storeImage(name, await readBodyBytes(req, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE));
    const range = parseContentRange(contentRange);
    if (!range) throw badRequest('Malformed Content-Range: expected "bytes <start>-<end>/<total>"');
    return storeUploadPart(req, name, range);
  },
});

export const config: Config = { path: '/api/objects/uploads/:name' };
