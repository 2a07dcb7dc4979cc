// GET /api/site-content: site content entries, CDN-cached (the admin panel loads them; no screen shows them yet).
import type { Config } from '@netlify/functions';
import { catalogueRoute } from '../../src/server/http/catalogue-route.ts';
import { listSiteContent } from '../../src/server/repositories/catalogue.ts';

export default catalogueRoute(listSiteContent);

export const config: Config = { path: '/api/site-content' };
