/**
 * Each page ships the utility classes it uses, not the whole site's. Tailwind writes one stylesheet
 * for every page and component, and the build inlines it into each page (~45 KB before
 * compression); most of its utilities belong to other pages. Before a page is sent (at build for
 * static pages, per answer for on-demand ones: src/middleware.ts), the rules of its inlined
 * stylesheet's `utilities` layer are kept only when the page's own markup uses their classes, or
 * an island can add them once it loads (the island classes, found by Tailwind's own scanner at
 * build: scripts/lib/island-classes-plugin.mjs). Every other layer (theme variables, the reset,
 * components) stays whole. A page with a client-only island (the admin panel) keeps the whole
 * stylesheet: that island's markup exists only in the browser. The page's CSP hash for the style
 * follows its new content.
 */
import crypto from 'node:crypto';
import postcss, { type Root } from 'postcss';

/** The stylesheet Tailwind writes carries its licence banner; no other inlined style does. */
const TAILWIND_MARKER = '/*! tailwindcss';
const STYLE_ELEMENT = /<style>([\s\S]*?)<\/style>/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** How Astro marks an island rendered in the browser alone (`client:only`). */
const CLIENT_ONLY_ISLAND = /<astro-island\b[^>]*\sclient="only"/;
/** A class in a selector, escapes included (`.md\:py-8`, `.w-1\/2`, `.\32 xl\:p-4`). */
const SELECTOR_CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g;
/** Distinct sets of classes remembered with their pruned stylesheet: a few templates make every page. */
const CACHE_LIMIT = 64;

const decodeAttribute = (value: string) =>
  value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[name] ?? '');

const unescapeClass = (escaped: string) =>
  escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );

const cspHash = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

/** The classes a selector needs on the page (all of them, for it to match anything). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(SELECTOR_CLASS)].map((m) => unescapeClass(m[1]));
}

/** Every class the markup's class attributes name. */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of decodeAttribute(value).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** The stylesheet with only the utilities whose classes are all in `available`. */
export function pruneUtilities(css: Root, available: ReadonlySet<string>): string {
  const pruned = css.clone();
  pruned.walkAtRules('layer', (layer) => {
    if (layer.params !== 'utilities') return;
    layer.walkRules((rule) => {
      if (!rule.selectors.some((selector) => selectorClasses(selector).every((name) => available.has(name)))) rule.remove();
    });
    // Media queries and supports blocks left with nothing inside.
    layer.walkAtRules((block) => {
      if (block.nodes && block.nodes.length === 0) block.remove();
    });
  });
  return pruned.toString();
}

export interface PrunedPage {
  html: string;
  /** The style's CSP hash before and after, for a policy sent as a header; absent if nothing changed. */
  styleHash?: { from: string; to: string };
}

export interface PageStyles {
  /** `html` with its Tailwind stylesheet cut to what the page and its islands use. */
  prune(html: string): PrunedPage;
  /** The same for an HTML response, its CSP header included (on-demand pages send one; static pages carry a <meta>). */
  pruneResponse(response: Response): Promise<Response>;
}

/**
 * A pruner for pages whose islands may add `islandClasses`. It parses each distinct stylesheet
 * once and remembers the result for each distinct set of classes.
 */
export function pageStyles(islandClasses: Iterable<string>): PageStyles {
  const islands = new Set(islandClasses);
  const parsed = new Map<string, Root>();
  const pruned = new Map<string, { css: string; hash: string }>();

  function prune(html: string): PrunedPage {
    const style = [...html.matchAll(STYLE_ELEMENT)].find(([, css]) => css.includes(TAILWIND_MARKER));
    if (!style || CLIENT_ONLY_ISLAND.test(html)) return { html };
    const [element, css] = style;
    const from = cspHash(css);
    const used = classesInMarkup(html);
    const key = `${from} ${[...used].sort().join(' ')}`;
    let cut = pruned.get(key);
    if (!cut) {
      let root = parsed.get(css);
      if (!root) {
        root = postcss.parse(css);
        parsed.clear(); // one build's stylesheet at a time
        parsed.set(css, root);
      }
      const kept = pruneUtilities(root, new Set([...used, ...islands]));
      cut = { css: kept, hash: cspHash(kept) };
      if (pruned.size >= CACHE_LIMIT) pruned.delete(pruned.keys().next().value!);
      pruned.set(key, cut);
    }
    const start = html.indexOf(element);
    const rewritten = html.slice(0, start) + `<style>${cut.css}</style>` + html.slice(start + element.length);
    // The CSP names the style by its hash: it must name the style the page now has.
    const styleHash = { from, to: cut.hash };
    return { html: rewritten.replace(from, cut.hash), styleHash };
  }

  return {
    prune,
    async pruneResponse(response) {
      const { html, styleHash } = prune(await response.text());
      const headers = new Headers(response.headers);
      const policy = headers.get('content-security-policy');
      if (policy && styleHash) headers.set('content-security-policy', policy.replace(styleHash.from, styleHash.to));
      headers.delete('content-length');
      return new Response(html, { status: response.status, statusText: response.statusText, headers });
    },
  };
}
