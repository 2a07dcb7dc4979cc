// GET /objects/uploads/:name -> the uploaded image, with the type detected at upload, the shared
// security headers under a sandboxing policy, and a year-long immutable cache (a name is never
// reused): in browsers, and on the CDN under the image's own tag, which deleting it purges.
// A deploy preview serves its own uploads and the live site's (src/server/uploads/deploy-stores.ts).
// 404 for unknown or malformed names.
import type { Config } from '@netlify/functions';
import { PATH_ONLY, immutableCacheHeaders, uploadCacheTag } from '../../src/server/http/cdn-cache.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { IMAGE_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';
import { readUpload } from '../../src/server/uploads/deploy-stores.ts';
import { isObjectName, UPLOAD_IMAGE_TYPES } from '../../src/schemas/upload.ts';

const IMAGE_TYPES: ReadonlySet<string> = new Set(UPLOAD_IMAGE_TYPES);

export default route({
  GET: async (_req, ctx) => {
    const name = ctx.params.name;
    if (!isObjectName(name)) throw notFound('Image not found');
    const object = await readUpload(name);
    const type = object?.metadata.contentType;
    if (!object || !type || !IMAGE_TYPES.has(type)) throw notFound('Image not found');
    return new Response(object.data, {
      headers: {
        ...IMAGE_SECURITY_HEADERS,
        'Content-Type': type,
        'Content-Length': String(object.data.byteLength),
        ...immutableCacheHeaders(PATH_ONLY, [uploadCacheTag(name)]),
      },
    });
  },
});

export const config: Config = { path: '/objects/uploads/:name' };
