// GET /api/team-members: active team members (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { json } from '../../src/server/http/respond.ts';
import { route } from '../../src/server/http/handler.ts';
import { listTeamMembers } from '../../src/server/repositories/catalogue.ts';

export default route({
  GET: async () => json(await listTeamMembers(getDb())),
});

export const config: Config = { path: '/api/team-members' };
