// POST /api/objects/upload (admin, no body) -> {uploadURL}: a signed URL, valid
// UPLOAD_URL_TTL_SECONDS, for one PUT of an image (see objects-upload-target.ts).
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { createUploadUrl } from '../../src/server/uploads/urls.ts';

export default route({
  POST: async (req) => {
    const admin = await requireAdmin(req);
    const { uploadURL } = await createUploadUrl(admin);
    return json({ uploadURL });
  },
});

export const config: Config = { path: '/api/objects/upload' };
