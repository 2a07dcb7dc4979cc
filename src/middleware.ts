import { defineMiddleware } from 'astro:middleware';
import { withIslandRuntimeOnDemandResponse } from './server/island-runtime.ts';
import { withPagePolicy } from './server/page-csp.ts';
import { pageStyles } from './server/page-styles.ts';
import { withSecurityHeaders } from './server/security-headers.ts';

const styles = pageStyles();

// Runs for every page: at build for the static ones, per answer for on-demand ones.
export const onRequest = defineMiddleware(async (_context, next) => {
  let response = await next();
  // Each page carries only the stylesheet rules it can use (src/server/page-styles.ts). In
  // development Vite injects styles its own way, and there is nothing to cut.
  // Astro's island runtime is left to the first island used (src/server/island-runtime.ts).
  // Its policy then allows its own inline scripts and styles and no others (src/server/page-csp.ts).
  if (import.meta.env.PROD && response.headers.get('content-type')?.startsWith('text/html')) {
    response = await withPagePolicy(await withIslandRuntimeOnDemandResponse(await styles.pruneResponse(response)));
  }
  // On-demand pages are answered by a function, which netlify.toml's [[headers]] do not cover.
  withSecurityHeaders(response.headers);
  return response;
});
