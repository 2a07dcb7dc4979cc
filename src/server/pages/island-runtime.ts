/**
 * Astro's island runtime (the `<astro-island>` element, 4.4 KB) comes with the first island a
 * visitor uses, not with the page. Astro inlines it into every page that has an island, and every
 * public page has some (the menu, the enquiry dialog, the toasts), though each of them waits for a
 * demand (`client:demand`, src/lib/island-demand.ts) that most visits never make: on the home page
 * the runtime was a tenth of the compressed document, the part past the first round trip.
 *
 * Before a page is sent (src/middleware.ts), the inline runtime is taken out when every island on
 * the page is `client:demand`, and the page names the runtime's file on its root element
 * (`data-island-runtime`); the first demand adds it as a script, with the demanded island's code.
 * A page with an island of any other kind (the admin panel's `client:only`) keeps it inline. The
 * file is written at build from the same text (scripts/lib/island-runtime-integration.mjs), so its
 * content-hashed name always matches what the page names.
 */
import crypto from 'node:crypto';
import runtime from 'astro/runtime/server/astro-island.prebuilt.js';

/** The runtime exactly as Astro inlines it into a built page. */
export const ISLAND_RUNTIME = runtime;

/** Where the runtime is served: the content-hashed, immutable asset folder. */
export const ISLAND_RUNTIME_PATH = `/_astro/astro-island.${crypto.createHash('sha256').update(runtime).digest('base64url').slice(0, 12)}.js`;

const INLINE_RUNTIME = `<script>${runtime}</script>`;
const ISLAND_DIRECTIVE = /<astro-island\b[^>]*?\sclient="([^"]*)"/g;
const HTML_ELEMENT = /<html\b/;

/** The page without the inline runtime and naming its file, when every island on it waits for a demand. */
export function withIslandRuntimeOnDemand(html: string): string {
  if (!html.includes(INLINE_RUNTIME)) return html;
  const directives = [...html.matchAll(ISLAND_DIRECTIVE)].map(([, directive]) => directive);
  if (directives.length === 0 || directives.some((directive) => directive !== 'demand')) return html;
  return html.replace(INLINE_RUNTIME, '').replace(HTML_ELEMENT, `<html data-island-runtime="${ISLAND_RUNTIME_PATH}"`);
}

