// GET    /api/services      active services by sort order (public, CDN-cached); every service for an admin
// GET    /api/services/:id  one service; an inactive one is a 404 except for an admin
// POST   /api/services      create (admin): 201; with the submissionId of a create already stored,
//                            200 and that service when it is the same content (a retry whose
//                            answer was lost), 409 when it is not, with that service as
//                            `stored` (the form goes on as its edit)
// PUT    /api/services/:id  replace (admin); with the updatedAt its edit was opened at, 409 if
//                            someone saved it since with other content (the same content: 200, a
//                            retry whose answer was lost)
// DELETE /api/services/:id  delete (admin)
// Writes validate with the form's schema (400 with field issues) and purge the CDN's cached
// services page and answers, so /services shows the change within seconds.
import type { Config } from '@netlify/functions';
import { serviceCreateSchema, serviceUpdateSchema } from '../../src/schemas/service.ts';
import { getSession } from '../../src/server/auth/session.ts';
import { SESSION_COOKIES } from '../../src/server/auth/cookies.ts';
import { CACHE_TAGS, publicCacheHeaders, uncachedHeaders, type CacheKey } from '../../src/server/http/cdn-cache.ts';
import { editedResourceWrites } from '../../src/server/http/edited-resource.ts';
import { getDb } from '../../src/server/db/client.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { createService, deleteService, findService, listServices, updateService } from '../../src/server/repositories/services.ts';

// Whether inactive services are included depends on the session cookie, so the CDN keys on it
// (and on no query parameter: the answer reads none).
const CACHE_KEY: CacheKey = { query: [], cookies: SESSION_COOKIES };
const adminHeaders = uncachedHeaders(CACHE_KEY);
const publicHeaders = () => publicCacheHeaders(CACHE_KEY, [CACHE_TAGS.services]);

const NOT_FOUND = 'Service not found';
const SAVED_SINCE_OPENED = 'Someone else saved this service after you opened it: reopen it to see their change, then make yours';
const KEY_REUSED = 'This form already created a service with other content: save yours as an edit of that service, stored in this answer';

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    const admin = await getSession(req);
    const headers = admin ? adminHeaders : publicHeaders();
    if (ctx.params.id !== undefined) {
      const service = await findService(db, idParam(ctx));
      if (!service || (!service.isActive && !admin)) throw notFound(NOT_FOUND);
      return json(service, { headers });
    }
    return json(await listServices(db, { includeInactive: admin !== null }), { headers });
  },

  ...editedResourceWrites({
    createSchema: serviceCreateSchema,
    updateSchema: serviceUpdateSchema,
    tag: CACHE_TAGS.services,
    create: createService,
    update: updateService,
    remove: deleteService,
    texts: { notFound: NOT_FOUND, savedSince: SAVED_SINCE_OPENED, keyReused: KEY_REUSED },
  }),
}, { errorHeaders: adminHeaders, paths: { list: ['GET', 'POST'], item: ['GET', 'PUT', 'DELETE'] } });

export const config: Config = { path: ['/api/services', '/api/services/:id'] };
