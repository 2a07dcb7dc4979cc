/**
 * The methods the site's pages answer. Every page answers GET and HEAD; the two a refused plain
 * form post is sent back to (form-post.ts: the 307 keeps the method, so the page shows the form
 * again with what was typed) read a POST too. Any other method (PUT, DELETE, PATCH, OPTIONS...)
 * answers 405 naming them: Astro renders a page for any method, so an on-demand page answered a PUT
 * with a 200 and a database query, and a static one with the not-found page. A POST to any other
 * page is left to Astro, whose origin check refuses a cross-site one, and an /api path to the API's
 * JSON 404 (src/pages/api/[...path].ts).
 */
import { isApiPath } from '../../lib/api-paths.ts';
import { PAGE_PATHS } from '../../lib/permalinks.ts';
import { plainPage } from '../http/plain-page.ts';

const FORM_PAGES: ReadonlySet<string> = new Set([PAGE_PATHS.contact, PAGE_PATHS.insights]);
const ALWAYS = new Set(['GET', 'HEAD', 'POST']);

/** The methods `pathname` answers, as an Allow header lists them. */
export function pageMethods(pathname: string): string {
  // A trailing slash is the same page's, which Astro redirects to it keeping the method.
  return FORM_PAGES.has(pathname.replace(/\/+$/, '')) ? 'GET, HEAD, POST' : 'GET, HEAD';
}

/** A 405 for a request no page answers, or null for one the pages' function should handle. */
export function methodNotAllowed(request: Request): Response | null {
  if (ALWAYS.has(request.method)) return null;
  const { pathname } = new URL(request.url);
  if (isApiPath(pathname)) return null;
  const allow = pageMethods(pathname);
  return plainPage({
    title: 'Method Not Allowed',
    text: `This address answers ${allow.replace(/, (?=[^,]*$)/, ' and ')}, not ${request.method}.`,
    links: [{ label: 'Home page', href: '/' }],
    status: 405,
    headers: { Allow: allow },
  });
}
