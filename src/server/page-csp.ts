/**
 * A page's Content Security Policy allows the inline scripts and styles that page has, and no
 * other. Astro writes into every page's policy the hash of every inline script and style the whole
 * site emits (a dozen and more: other pages' styles, island runtimes the page does not use); a
 * hash the page has no element for only widens what an injected element could run, and on an
 * on-demand page, whose policy is a header, it costs bytes in the first round trip. The page's
 * styles are also cut to what it uses (src/server/page-styles.ts), which changes their hash.
 * So before a page is sent (src/middleware.ts, after every other change to its markup), the
 * `'sha256-...'` sources of a `script-src` that has any become the hashes of the page's inline
 * scripts that the policy already named, and those of a `style-src` exactly the hashes of its
 * inline styles; every other source and directive stays as it is. A script is allowed only when
 * Astro hashed it (or a layout gave it its hash, Astro.csp): the page's own markup cannot vouch
 * for itself, or a script injected into an on-demand page (an escaping bug, a stored value) would
 * be hashed and run like the site's. Styles cannot be held to Astro's list, since cutting them to
 * what the page uses changes their hash.
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

/** `policy` (one or several, comma-joined) whose hashed directives name `hashes`: every style's, and each script's the policy named. */
export function policyForHashes(policy: string, hashes: InlineHashes): string {
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
          const allowed = kind === 'script-src' ? own.filter((source) => sources.includes(source)) : own;
          const leading = directive.match(/^\s*/)![0];
          return `${leading}${[name, ...sources.filter((source) => !SHA256_SOURCE.test(source)), ...allowed].join(' ')}`;
        })
        .join(';'),
    )
    .join(',');
}

/** The page with its `<meta>` policy, and its policy header if it has one, naming its own inline elements alone. */
export function withPagePolicy(html: string, header: string | null): { html: string; header: string | null } {
  const hashes = inlineHashes(html);
  return {
    html: html.replace(POLICY_META, (_, open: string, policy: string, close: string) => `${open}${policyForHashes(policy, hashes)}${close}`),
    header: header && policyForHashes(header, hashes),
  };
}
