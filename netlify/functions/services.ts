// GET    /api/services      active services by sort order; every service for an admin
// POST   /api/services      create (admin)
// PUT    /api/services/:id  replace (admin)
// DELETE /api/services/:id  delete (admin)
import type { Config } from '@netlify/functions';
import { serviceSchema } from '../../src/schemas/service.ts';
import { getSession, requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readJson } from '../../src/server/http/body.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { createService, deleteService, findService, listServices, updateService } from '../../src/server/repositories/services.ts';

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    const admin = await getSession(req, db);
    if (ctx.params.id !== undefined) {
      const service = await findService(db, idParam(ctx));
      if (!service || (!service.isActive && !admin)) throw notFound('Service not found');
      return json(service);
    }
    return json(await listServices(db, { includeInactive: admin !== null }));
  },

  POST: async (req) => {
    const db = getDb();
    await requireAdmin(req, db);
    const values = await readJson(req, serviceSchema);
    return json(await createService(db, values), { status: 201 });
  },

  PUT: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req, db);
    const id = idParam(ctx);
    const values = await readJson(req, serviceSchema);
    const service = await updateService(db, id, values);
    if (!service) throw notFound('Service not found');
    return json(service);
  },

  DELETE: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req, db);
    if (!(await deleteService(db, idParam(ctx)))) throw notFound('Service not found');
    return json({ ok: true });
  },
});

export const config: Config = { path: ['/api/services', '/api/services/:id'] };
