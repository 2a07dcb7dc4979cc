// GET /api/company-stats: active company stats, CDN-cached (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { catalogueRoute } from '../../src/server/http/catalogue-route.ts';
import { listCompanyStats } from '../../src/server/repositories/catalogue.ts';

export default catalogueRoute(listCompanyStats);

export const config: Config = { path: '/api/company-stats' };
