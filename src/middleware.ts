import { defineMiddleware } from 'astro:middleware';
import { withIslandRuntimeOnDemand } from './server/pages/island-runtime.ts';
import { withPagePolicy } from './server/pages/csp.ts';
import { pageStyles } from './server/pages/styles.ts';
import { withSecurityHeaders } from './server/http/security-headers.ts';

const styles = pageStyles();

// Runs for every page: at build for the static ones, per answer for on-demand ones.
export const onRequest = defineMiddleware(async (_context, next) => {
  let response = await next();
  // A built page is read once and changed as text, in this order: it keeps only the stylesheet
  // rules it can use (src/server/pages/styles.ts); Astro's island runtime is left to the first
  // island used (src/server/pages/island-runtime.ts); then its policy allows the inline scripts and
  // styles it still has that Astro hashed, and the one style the pruner wrote, and no others
  // (src/server/pages/csp.ts). In development Vite injects styles and scripts its own way, and
  // there is nothing to change.
  if (import.meta.env.PROD && response.headers.get('content-type')?.startsWith('text/html')) {
    const headers = new Headers(response.headers);
    const pruned = styles.prune(await response.text());
    const page = withPagePolicy(withIslandRuntimeOnDemand(pruned.html), headers.get('content-security-policy'), pruned.style);
    if (page.header) headers.set('content-security-policy', page.header);
    // Named, as the static pages' is, so no browser sniffs the encoding from the first bytes.
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.delete('content-length');
    response = new Response(page.html, { status: response.status, statusText: response.statusText, headers });
  }
  // A build's on-demand answers get the security headers at the function's entry
  // (src/server/pages/on-demand-function.ts), every one of them, these included; `astro dev` runs no
  // such entry, so its pages get them here.
  if (import.meta.env.DEV) withSecurityHeaders(response.headers);
  return response;
});
