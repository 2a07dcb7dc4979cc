// GET /api/team-members: active team members, CDN-cached (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { catalogueRoute } from '../../src/server/http/catalogue-route.ts';
import { listTeamMembers } from '../../src/server/repositories/catalogue.ts';

export default catalogueRoute(listTeamMembers);

export const config: Config = { path: '/api/team-members' };
