import { isLocalhostName } from './localhost.ts';

// Sent on every response. Static files get them from netlify.toml; functions (route()) and every
// answer of the on-demand function (src/server/pages/on-demand-function.ts: its pages, and the redirects
// and refusals Astro gives before any page) add them here. tests/integration/security-headers.test.ts
// keeps the two lists identical.
//
// The policy below carries the directives a <meta> CSP cannot (frame-ancestors) or that apply to
// every page alike; each page's script-src and style-src come from Astro's own CSP (a <meta> in a
// prerendered page, a header on an on-demand one: withSecurityHeaders joins ours to it), which
// lists the hashes of the scripts and styles Astro emits, so no 'unsafe-inline' script is ever allowed.
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
};

/**
 * Whether an answer at `url` may carry Strict-Transport-Security. Not at localhost or a name under
 * it: through an https proxy there, includeSubDomains would hold every *.localhost on that
 * browser to https for two years, every other local project with it. Nor at an address, which
 * browsers do not pin, so the header says nothing there. Netlify serves the site at names only,
 * so every answer there carries it; the local servers drop it (scripts/lib/headers-on-write.mjs).
 */
export function sendsHsts(url: URL): boolean {
  if (isLocalhostName(url.hostname)) return false;
  // A URL writes every IPv4 form as four decimals, and IPv6 in brackets.
  return !/^\d+\.\d+\.\d+\.\d+$/.test(url.hostname) && !url.hostname.startsWith('[');
}

/**
 * The admin panel's page also isolates its window from any other origin's (no `window.opener`
 * either way). The public pages do not: they are the same for every visitor and hold nothing a
 * cross-origin window could learn, while a page with this policy cannot share the browsing context
 * group it was opened in, so a phone starts a new renderer for it, which Lighthouse measured as a
 * 200-450 ms (simulated) main-thread task on every public page. netlify.toml sets it for /admin.
 */
export const ADMIN_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * JSON answers are data, never a document: nothing in them may load or run, and nothing may frame
 * them. The shared set with the strictest policy in place of the page one.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Uploaded images: the shared set, and a policy under which an image opened on its own can run
 * nothing, load nothing and be framed by nobody (an <img> on our pages is unaffected).
 */
export const IMAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
};

const directives = (policy: string) =>
  policy
    .split(';')
    .map((directive) => directive.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
const directiveName = (directive: string) => directive.split(' ')[0]!.toLowerCase();

/**
 * One policy that enforces both: the page's own, with each directive of `shared` it lacks. Where
 * it sets one of them otherwise (or is already several policies), `shared` follows as a second
 * policy, which a browser enforces as well; merged, the header is ~80 bytes shorter, and on an
 * on-demand page those bytes travel in the first round trip.
 */
function joinPolicies(own: string, shared: string): string {
  if (own.includes(',')) return `${own}, ${shared}`;
  const set = new Map(directives(own).map((directive) => [directiveName(directive), directive]));
  const lacking: string[] = [];
  for (const directive of directives(shared)) {
    const present = set.get(directiveName(directive));
    if (present === undefined) lacking.push(directive);
    else if (present !== directive) return `${own}, ${shared}`;
  }
  return lacking.length === 0 ? own : [...directives(own), ...lacking].join('; ');
}

/**
 * Adds the security headers a response does not already set. On-demand pages already carry
 * Astro's own CSP (script and style hashes) as a header; ours joins it (`joinPolicies`). A policy
 * that already forbids framing is one of ours (an API answer's) and stays as it is.
 */
export function withSecurityHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    const present = headers.get(name);
    if (present === null) headers.set(name, value);
    else if (name === 'Content-Security-Policy' && !present.includes('frame-ancestors')) headers.set(name, joinPolicies(present, value));
  }
  return headers;
}
