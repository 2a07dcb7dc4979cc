// GET /api/packages: active packages, CDN-cached (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { catalogueRoute } from '../../src/server/http/catalogue-route.ts';
import { listPackages } from '../../src/server/repositories/catalogue.ts';

export default catalogueRoute(listPackages);

export const config: Config = { path: '/api/packages' };
