/**
 * The site stylesheet: the one stylesheet Tailwind writes for every page and island. Each page
 * inlines it cut to its own rules (src/server/pages/styles.ts); the whole of it is also a
 * content-hashed file under /_astro/ (written at build by scripts/lib/site-stylesheet-integration.mjs),
 * which an island fetches before it first renders (src/lib/client-demand-directive.ts), since an
 * island can add classes the page's markup does not have. The build and the pages name the file
 * from the same content, so a page always points at the sheet it was cut from.
 */
import crypto from 'node:crypto';

/** Tailwind writes its licence banner at the top of the stylesheet; no other style carries it. */
export const TAILWIND_MARKER = '/*! tailwindcss';

/** Where the whole sheet is served: the content-hashed, immutable asset folder. */
export function siteStylesheetPath(css: string): string {
  const hash = crypto.createHash('sha256').update(css).digest('base64url').slice(0, 12);
  return `/_astro/site.${hash}.css`;
}
