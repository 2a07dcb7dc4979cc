// PUT /api/objects/uploads/:name?token=... (raw image bytes) -> 201 {objectPath, contentType, size}
// The signed URL from POST /api/objects/upload is the permission: it names the object, expires
// after UPLOAD_URL_TTL_SECONDS or with the session it was issued in, and stores one object only (the
// same bytes sent again answer 201 as the first time, a retry after a lost answer; other bytes 409).
// At most MAX_UPLOAD_BYTES (413); the bytes must be a PNG, JPEG, GIF, WebP or AVIF image whatever
// the Content-Type says (415 otherwise, SVG included), of at most MAX_IMAGE_PIXELS (413 beyond: the
// Image CDN would not decode it), and whole (400 for a file cut short: image-completeness.ts).
// Every type is stored without the place it was taken: EXIF GPS and maker notes, XMP, IPTC place
// names and the location of a motion photo's or AVIF sequence's video (its timed location tracks
// included) blanked in place (src/server/uploads/image-location.ts); an AVIF whose item tables do
// not parse is 400.
//
// A file larger than one part (UPLOAD_PART_BYTES, src/schemas/upload.ts) comes as several PUTs to
// the same URL, each with `Content-Range: bytes <start>-<end>/<total>` and at most one part's bytes
// (413 beyond), every part but the last at least MIN_UPLOAD_PART_BYTES (400 below), in order: a part
// must start at the byte after the last one kept (409 with Upload-Offset naming it otherwise, before its body is read). The first
// part is checked for an image at once (415), a part before the last answers 202 {received}, and
// the last one (end + 1 == total) joins them and answers as the single PUT does.
//
// DELETE /api/objects/uploads/:name (admin) -> {ok: true}: deletes an uploaded image that no
// article uses, and purges the CDN's copy; 409 naming an article that does, 404 for an unknown image.
import type { Config } from '@netlify/functions';
import { isObjectName, parseContentRange } from '../../src/schemas/upload.ts';
import { currentSessionUser, requireAdmin } from '../../src/server/auth/session.ts';
import { purgeCacheTag, uploadCacheTag } from '../../src/server/http/cdn-cache.ts';
import { getDb } from '../../src/server/db/client.ts';
import { badRequest, notFound, unauthorized } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { deleteUnusedImage, storeImagePart, storeWholeImage } from '../../src/server/uploads/store.ts';
import { verifyUploadToken } from '../../src/server/uploads/urls.ts';

export default route({
  PUT: async (req, ctx) => {
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Image not found');
    // Signed for this object, unexpired, and issued in a session that has not ended since.
    const issuedIn = await verifyUploadToken(new URL(req.url).searchParams.get('token'), name);
    if (!issuedIn || !(await currentSessionUser(getDb(), issuedIn))) {
      throw unauthorized('The upload URL is invalid or has expired');
    }
    const contentRange = req.headers.get('content-range');
    if (contentRange === null) return json(await storeWholeImage(name, req), { status: 201 });
    const range = parseContentRange(contentRange);
    if (!range) throw badRequest('Malformed Content-Range: expected "bytes <start>-<end>/<total>"');
    const stored = await storeImagePart(name, range, req);
    return json(stored, { status: 'received' in stored ? 202 : 201 });
  },

  DELETE: async (req, ctx) => {
    await requireAdmin(req);
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Image not found');
    await deleteUnusedImage(getDb(), name);
    await purgeCacheTag(uploadCacheTag(name));
    return json({ ok: true });
  },
});

export const config: Config = { path: '/api/objects/uploads/:name' };
