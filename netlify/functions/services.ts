// GET /api/services: active services, by sort order.
// (Writes arrive with the admin panel.)
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/http/respond.ts';
import { route } from '../../src/server/http/handler.ts';
import { listServices } from '../../src/server/repositories/services.ts';

export default route({
  GET: async () => json(await listServices(getDb())),
});

export const config: Config = { path: ['/api/services', '/api/services/:id'] };
