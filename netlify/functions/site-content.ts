// GET /api/site-content: active site content entries (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/http/respond.ts';
import { route } from '../../src/server/http/handler.ts';
import { listSiteContent } from '../../src/server/repositories/catalogue.ts';

export default route({
  GET: async () => json(await listSiteContent(getDb())),
});

export const config: Config = { path: '/api/site-content' };
