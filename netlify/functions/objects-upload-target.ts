// PUT /api/objects/uploads/:name?token=... (raw image bytes) -> 201 {objectPath, contentType, size}
// The signed URL from POST /api/objects/upload is the permission: it names the object, expires
// after 10 minutes and stores one object only. At most 10 MB (413); the bytes must be a PNG, JPEG,
// GIF, WebP or AVIF image whatever the Content-Type says (415 otherwise, SVG included).
import type { Config } from '@netlify/functions';
import { UPLOADS_STORE, objectStore } from '../../src/server/blobs.ts';
import { readBodyBytes } from '../../src/server/http/body.ts';
import { HttpError, notFound } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import {
  MAX_UPLOAD_BYTES,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_IMAGE_MESSAGE,
  isObjectName,
  objectPublicPath,
  sniffImageType,
  verifyUploadToken,
} from '../../src/server/uploads.ts';

export default route({
  PUT: async (req, ctx) => {
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Not found');
    if (!(await verifyUploadToken(new URL(req.url).searchParams.get('token'), name))) {
      throw new HttpError(401, 'The upload URL is invalid or has expired');
    }
    const bytes = await readBodyBytes(req, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE);
    const contentType = sniffImageType(bytes);
    if (!contentType) throw new HttpError(415, UNSUPPORTED_IMAGE_MESSAGE);

    const created = await objectStore(UPLOADS_STORE).createIfAbsent(name, bytes, {
      contentType,
      uploadedAt: new Date().toISOString(),
    });
    if (!created) throw new HttpError(409, 'This upload URL has already been used');
    return json({ objectPath: objectPublicPath(name), contentType, size: bytes.byteLength }, { status: 201 });
  },
});

export const config: Config = { path: '/api/objects/uploads/:name' };
