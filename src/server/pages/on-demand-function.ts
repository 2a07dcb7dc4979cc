/**
 * The entry of the on-demand function (the build's `entry.mjs`, which the adapter's `ssr.mjs`
 * calls): the Netlify adapter's own handler, with the site's security headers on every answer it
 * gives. Not all of them pass through src/middleware.ts: Astro answers a trailing-slash redirect
 * and a path encoded too many levels deep before any middleware, its origin check
 * (security.checkOrigin) refuses a cross-site post ahead of ours, and the adapter refuses locals a
 * client wrote before Astro runs at all. Here, at the function's boundary, none is left out, on
 * Netlify and under `npm start` alike (both load this build). scripts/lib/on-demand-entry-plugin.mjs
 * makes it the entry. A method no page takes is answered here too, before Astro renders a page for
 * it (src/server/pages/page-methods.ts).
 */
import { createHandler as createAdapterHandler } from '@astrojs/netlify/ssr-function.js';
import { isApiPath } from '../../lib/api-paths.ts';
import { errorJson } from '../http/respond.ts';
import { withSecurityHeaders } from '../http/security-headers.ts';
import { methodNotAllowed } from './page-methods.ts';

/** Statuses whose Location a browser follows without showing the answer's body. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Under /api every refusal is the API's JSON error. The one route of this function there is the
 * JSON 404 (src/pages/api/[...path].ts), but Astro's origin check answers a form post from no or
 * another origin before it, in text/plain ('Cross-site POST form submissions are forbidden'): that
 * refusal goes out as JSON, its status and words kept.
 */
async function apiAsJson(request: Request, response: Response): Promise<Response> {
  if (response.status < 400 || !isApiPath(new URL(request.url).pathname)) return response;
  if (response.headers.get('content-type')?.startsWith('application/json')) return response;
  return errorJson(response.status, (await response.text()).trim() || response.statusText);
}

export function createHandler(options: Parameters<typeof createAdapterHandler>[0]): ReturnType<typeof createAdapterHandler> {
  const handle = createAdapterHandler(options);
  return async (request, context) => {
    const response = await apiAsJson(request, methodNotAllowed(request) ?? (await handle(request, context)));
    // A copy, since a Response's headers may be immutable (Response.redirect's, a fetched one's);
    // the body streams on untouched.
    const headers = withSecurityHeaders(new Headers(response.headers));
    if (REDIRECT_STATUSES.has(response.status) && headers.has('location')) {
      // A redirect has no body, as the site's others (a static page's, a form post's): Astro's
      // trailing-slash redirect carries an HTML page labelled text/plain, which no browser shows.
      await response.body?.cancel();
      headers.delete('content-type');
      headers.delete('content-length');
      return new Response(null, { status: response.status, statusText: response.statusText, headers });
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
