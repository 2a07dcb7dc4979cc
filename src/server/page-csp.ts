/**
 * A page's Content Security Policy allows the inline scripts and styles that page has, and no
 * other. Astro writes into every page's policy the hash of every inline script and style the whole
 * site emits (a dozen and more: other pages' styles, island runtimes the page does not use); a
 * hash the page has no element for only widens what an injected element could run, and on an
 * on-demand page, whose policy is a header, it costs bytes in the first round trip. Before a page
 * is sent (src/middleware.ts, after its styles are cut to what it uses), each `'sha256-...'` source
 * of `script-src` and `style-src` stays only when an inline element of the page hashes to it;
 * every other source stays as it is.
 */
import crypto from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const HAS_SRC = /\ssrc\s*=/i;
const POLICY_META = /(<meta\s+http-equiv="content-security-policy"\s+content=")([^"]*)(")/i;
const SHA256_SOURCE = /^'sha256-[A-Za-z0-9+/=]+'$/;
const HASHED_DIRECTIVES = new Set(['script-src', 'style-src']);

const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The `'sha256-...'` sources of the page's inline scripts (those without `src`) and styles. */
export function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) if (!HAS_SRC.test(attributes)) hashes.add(sha256Source(body));
  for (const [, body] of html.matchAll(INLINE_STYLE)) hashes.add(sha256Source(body));
  return hashes;
}

/** `policy` (one or several, comma-joined) with only the script and style hashes in `kept`. */
export function policyForHashes(policy: string, kept: ReadonlySet<string>): string {
  return policy
    .split(',')
    .map((single) =>
      single
        .split(';')
        .map((directive) => {
          const [name, ...sources] = directive.trim().split(/\s+/);
          if (!HASHED_DIRECTIVES.has(name?.toLowerCase() ?? '')) return directive;
          const leading = directive.match(/^\s*/)![0];
          return `${leading}${[name, ...sources.filter((source) => !SHA256_SOURCE.test(source) || kept.has(source))].join(' ')}`;
        })
        .join(';'),
    )
    .join(',');
}

/** An HTML answer whose policy, in its `<meta>` and its header, names only its own inline elements. */
export async function withPagePolicy(response: Response): Promise<Response> {
  const header = response.headers.get('content-security-policy');
  const html = await response.text();
  const kept = inlineHashes(html);
  const rewritten = html.replace(POLICY_META, (_, open: string, policy: string, close: string) => `${open}${policyForHashes(policy, kept)}${close}`);
  const headers = new Headers(response.headers);
  if (header) headers.set('content-security-policy', policyForHashes(header, kept));
  headers.delete('content-length');
  return new Response(rewritten, { status: response.status, statusText: response.statusText, headers });
}
