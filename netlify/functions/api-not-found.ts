// Any /api path no other function claims: a JSON 404 rather than the site's HTML page.
import type { Config } from '@netlify/functions';
import { errorJson } from '../../src/server/http/respond.ts';

export default (req: Request) => errorJson(404, `No API route for ${new URL(req.url).pathname}`);

export const config: Config = { path: '/api/*' };
