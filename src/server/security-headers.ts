// Sent on every response. Static files get them from netlify.toml; functions (route()) and on-demand
// pages (src/middleware.ts) add them here. tests/integration/security-headers.test.ts keeps the two
// lists identical.
//
// The policy below carries the directives a <meta> CSP cannot (frame-ancestors) or that apply to
// every page alike; each page's script-src and style-src come from Astro's own CSP <meta>, which
// lists the hashes of the scripts and styles Astro emits, so no 'unsafe-inline' script is ever allowed.
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
};

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

/**
 * Adds the security headers a response does not already set. On-demand pages already carry
 * Astro's own CSP (script and style hashes) as a header; ours is added beside it as a second
 * policy, and a browser enforces both.
 */
export function withSecurityHeaders(headers: Headers): Headers {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    if (!headers.has(name)) headers.set(name, value);
    else if (name === 'Content-Security-Policy' && !headers.get(name)!.includes('frame-ancestors')) headers.append(name, value);
  }
  return headers;
}
