/**
 * Any /api path no function claims: the API's JSON 404 rather than the site's HTML page.
 *
 * It lives here, in the on-demand pages' function, because Netlify tries that function last (after
 * every function's own path and every static file), so it can never answer for a real route. A
 * function claiming `/api/*` could: all user functions share one priority and Netlify's CLI takes
 * the first registered match (scripts/lib/functions-router.mjs refuses overlapping paths for that
 * reason).
 */
import type { APIRoute } from 'astro';
import { errorJson } from '../../server/http/respond';

export const prerender = false;

export const ALL: APIRoute = ({ url }) => errorJson(404, `No API route for ${url.pathname}`);
