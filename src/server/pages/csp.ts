/**
 * A page's Content Security Policy allows the inline scripts and styles that page has, and no
 * other. Astro writes into every page's policy the hash of every inline script and style the whole
 * site emits (a dozen and more: other pages' styles, island runtimes the page does not use); a
 * hash the page has no element for only widens what an injected element could run, and on an
 * on-demand page, whose policy is a header, it costs bytes in the first round trip. So before a
 * page is sent (src/middleware.ts, after every other change to its markup), the `'sha256-...'`
 * sources of a `script-src` or `style-src` that has any become the hashes of the page's inline
 * elements of that kind that the policy already named; every other source and directive stays as
 * it is. An element is allowed only when Astro hashed it (or a layout gave it its hash, Astro.csp):
 * the page's own markup cannot vouch for itself, or a script or style injected into an on-demand
 * page (an escaping bug, a stored value) would be hashed and applied like the site's. The one
 * exception is the style element the page's styles were cut to (src/server/pages/styles.ts), whose
 * hash no policy can hold in advance: the pruner that wrote it vouches for it.
 */
import crypto from 'node:crypto';
import { rawTextElements } from './raw-text-elements.ts';

const HAS_SRC = /\ssrc\s*=/i;
const POLICY_META = /(<meta\s+http-equiv="content-security-policy"\s+content=")([^"]*)(")/i;
const SHA256_SOURCE = /^'sha256-[A-Za-z0-9+/=]+'$/;

const sha256Source = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The `'sha256-...'` sources of a page's inline elements, by the directive that allows them. */
export interface InlineHashes {
  'script-src': string[];
  'style-src': string[];
}

/** The hashes of the page's inline scripts (those without `src`) and of its styles, each once. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const { name, attributes, text } of rawTextElements(html)) {
    if (name === 'style') styles.add(sha256Source(text));
    else if (!HAS_SRC.test(attributes)) scripts.add(sha256Source(text));
  }
  return { 'script-src': [...scripts], 'style-src': [...styles] };
}

/**
 * `policy` (one or several, comma-joined) whose hashed directives name those of `hashes` the
 * policy named, and `vouched` (hashes of elements this server wrote itself).
 */
export function policyForHashes(policy: string, hashes: InlineHashes, vouched: readonly string[] = []): string {
  return policy
    .split(',')
    .map((single) =>
      single
        .split(';')
        .map((directive) => {
          const [name = '', ...sources] = directive.trim().split(/\s+/);
          const kind = name.toLowerCase() as keyof InlineHashes;
          const own = hashes[kind];
          if (!own || !sources.some((source) => SHA256_SOURCE.test(source))) return directive;
          const allowed = own.filter((source) => sources.includes(source) || vouched.includes(source));
          const leading = directive.match(/^\s*/)![0];
          return `${leading}${[name, ...sources.filter((source) => !SHA256_SOURCE.test(source)), ...allowed].join(' ')}`;
        })
        .join(';'),
    )
    .join(',');
}

/**
 * The page with its `<meta>` policy, and its policy header if it has one, naming its own inline
 * elements alone; `prunedStyle` is the content of the style element the pruner wrote, if it did.
 */
export function withPagePolicy(html: string, header: string | null, prunedStyle: string | null = null): { html: string; header: string | null } {
  const hashes = inlineHashes(html);
  const vouched = prunedStyle === null ? [] : [sha256Source(prunedStyle)];
  return {
    html: html.replace(POLICY_META, (_, open: string, policy: string, close: string) => `${open}${policyForHashes(policy, hashes, vouched)}${close}`),
    header: header && policyForHashes(header, hashes, vouched),
  };
}
