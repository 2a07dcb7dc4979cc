/**
 * Each page ships the rules its own markup can use, not the whole site's. Tailwind writes one
 * stylesheet for every page and component, and the build inlines it into each page (~45 KB before
 * compression); most of its utilities belong to other pages, and much of its reset to elements a
 * page lacks (tables, code, date inputs). Before a page is sent (at build for static pages, per
 * answer for on-demand ones: src/middleware.ts), the rules of its inlined stylesheet are kept only
 * when the page's markup has the classes and the elements their selectors name (a selector list
 * keeps only such selectors), and its custom properties (theme variables, the utilities'
 * registered ones) only when something on the page reads them. An island can add
 * classes the markup lacks, so the page names the whole sheet's file on its root element
 * (`data-site-stylesheet`, src/server/pages/site-stylesheet.ts) for an island to fetch before it renders.
 * A page with a client-only island (the admin panel) keeps the whole stylesheet inline: that
 * island's markup exists only in the browser. The page's CSP is made to name the new style after
 * this (src/server/pages/csp.ts).
 */
import { ISLAND_STYLES } from 'astro/runtime/server/astro-island-styles.js';
import postcss, { type AtRule, type Container, type Declaration, type Node, type Root } from 'postcss';
import { rawTextElements, type RawTextElement } from './raw-text-elements.ts';
import { siteStylesheetPath, TAILWIND_MARKER } from './site-stylesheet.ts';

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
/** How Astro marks an island rendered in the browser alone (`client:only`); the attribute alone is a quicker first test. */
const CLIENT_ONLY_ISLAND = /<astro-island\b[^>]*\sclient="only"/;
const CLIENT_ONLY = 'client="only"';
/** A class in a selector, escapes included (`.md\:py-8`, `.w-1\/2`, `.\32 xl\:p-4`). */
const SELECTOR_CLASS = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-])+)/g;
/** An element in the markup: its tag name. */
const MARKUP_ELEMENT = /<([a-zA-Z][\w-]*)/g;
/** A negation's argument names what must not be there: nothing the page needs. */
const NEGATION = /:not\((?:[^()]|\([^()]*\))*\)/g;
/** `:is(`/`:where(` open a list of alternatives whose element names count like any other. */
const MATCHES_ANY = /:(?:is|where)\(/g;
/** Other functional pseudo-classes (`:nth-child(2n)`, `:lang(en)`) and attribute tests name no element. */
const NAMES_NO_ELEMENT = /:[\w-]+\([^()]*\)|\[[^\]]*\]/g;
/** An element name in what is left: at the start, or after a combinator, a comma or a bracket. */
const SELECTOR_TYPE = /(?:^|[\s>+~,(])([a-zA-Z][\w-]*)/g;
/** Pseudo-elements and states only form controls have: they need one on the page. */
const FORM_CONTROL_ONLY = /::(?:placeholder|file-selector-button|-webkit-(?:search|date|datetime|calendar|inner-spin|outer-spin)[\w-]*)|:-moz-ui-invalid/;
const FORM_CONTROLS = ['input', 'textarea', 'select'];
/** A custom property read by `var()`. */
const VAR_READ = /var\(\s*(--[\w-]+)/g;
/** The root element, which carries the whole sheet's address. */
const HTML_ELEMENT = /<html\b/;
/** Distinct sets of classes remembered with their pruned stylesheet: a few templates make every page. */
const CACHE_LIMIT = 64;

const decodeAttribute = (value: string) =>
  value.replace(/&(amp|quot|#39|#x27|lt|gt);/g, (_, name: string) => ({ amp: '&', quot: '"', '#39': "'", '#x27': "'", lt: '<', gt: '>' })[name] ?? '');

const unescapeClass = (escaped: string) =>
  escaped.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );

/** The classes a selector needs on the page (all of them, for it to match anything). */
export function selectorClasses(selector: string): string[] {
  return [...selector.matchAll(SELECTOR_CLASS)].map((m) => unescapeClass(m[1]));
}

/** The elements a selector needs on the page (all of them, for it to match anything). */
export function selectorElements(selector: string): string[] {
  const positive = selector.replace(NEGATION, '').replace(MATCHES_ANY, '(').replace(NAMES_NO_ELEMENT, '');
  return [...positive.matchAll(SELECTOR_TYPE)].map((m) => m[1].toLowerCase());
}

/** Whether a selector can match anything in markup with these classes and elements. */
export function selectorCanMatch(selector: string, classes: ReadonlySet<string>, elements: ReadonlySet<string>): boolean {
  if (!selectorClasses(selector).every((name) => classes.has(name))) return false;
  if (!selectorElements(selector).every((name) => elements.has(name))) return false;
  return !FORM_CONTROL_ONLY.test(selector) || FORM_CONTROLS.some((name) => elements.has(name));
}

/** Every element name in the markup, lower case. */
export function elementsInMarkup(html: string): Set<string> {
  const names = new Set<string>();
  MARKUP_ELEMENT.lastIndex = 0;
  for (let m = MARKUP_ELEMENT.exec(html); m; m = MARKUP_ELEMENT.exec(html)) names.add(m[1]);
  return new Set([...names].map((name) => name.toLowerCase()));
}

/** Every class the markup's class attributes name. */
export function classesInMarkup(html: string): Set<string> {
  const classes = new Set<string>();
  // A list's items repeat their class attributes word for word: each value is read once.
  const values = new Set<string>();
  CLASS_ATTRIBUTE.lastIndex = 0;
  for (let m = CLASS_ATTRIBUTE.exec(html); m; m = CLASS_ATTRIBUTE.exec(html)) values.add(m[1]);
  for (const value of values) {
    for (const name of decodeAttribute(value).split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every custom property a text reads with `var()`. */
export function propertiesRead(text: string): Set<string> {
  return new Set([...text.matchAll(VAR_READ)].map((m) => m[1]));
}

/** The nearest at-rule around `node` that `test` accepts, if any. */
function enclosingAtRule(node: Node, test: (atRule: AtRule) => boolean): AtRule | undefined {
  for (let parent = node.parent; parent && parent.type !== 'root'; parent = parent.parent) {
    if (parent.type === 'atrule' && test(parent as AtRule)) return parent as AtRule;
  }
  return undefined;
}

/** Removes the rules and at-rules the cut left with nothing inside, innermost first. */
function removeEmptyBlocks(container: Container) {
  container.each((node) => {
    if ((node.type !== 'rule' && node.type !== 'atrule') || !node.nodes) return;
    removeEmptyBlocks(node);
    if (node.nodes.length === 0) node.remove();
  });
}

/**
 * The stylesheet with only the utilities whose classes are all in `available`; only the reset,
 * component and unlayered rules (and, of a selector list, the selectors) whose classes and
 * elements are all in `available` and `elements`; only the keyframes a kept rule animates with;
 * and only the custom properties something reads: a theme variable (`@layer theme`), or a utility's internal
 * variable registered by `@property` (with its fallback in `@layer properties`), stays when a kept
 * rule, another kept variable or the rest of the page (`readElsewhere`: its other styles and
 * style attributes) reads it with `var()`. Unread, it does nothing, and the whole sheet an island
 * fetches has them all.
 */
function pruneStylesheet(css: Root, available: ReadonlySet<string>, elements: ReadonlySet<string>, readElsewhere: ReadonlySet<string> = new Set()): string {
  const pruned = css.clone();
  const declarations: Declaration[] = [];
  const registrations = new Set<AtRule>();
  pruned.walkAtRules('layer', (layer) => {
    if (layer.params === 'utilities') {
      layer.walkRules((rule) => {
        if (!rule.selectors.some((selector) => selectorClasses(selector).every((name) => available.has(name)))) rule.remove();
      });
    } else if (layer.params === 'base' || layer.params === 'components') {
      layer.walkRules((rule) => {
        if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
        const kept = rule.selectors.filter((selector) => selectorCanMatch(selector, available, elements));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
    } else if (layer.params === 'theme' || layer.params === 'properties') {
      layer.walkDecls(/^--/, (declaration) => void declarations.push(declaration));
    }
  });
  // The site's own rules outside any layer (print, forced colours, the islands' state animations)
  // follow the reset's rule.
  pruned.walkRules((rule) => {
    if (enclosingAtRule(rule, (at) => at.name === 'layer' || /keyframes$/i.test(at.name))) return;
    const kept = rule.selectors.filter((selector) => selectorCanMatch(selector, available, elements));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  pruned.walkAtRules('property', (rule) => void registrations.add(rule));

  // What the sheet reads outside the variables' own definitions, then what those definitions read.
  const definitions = new Set<Node>(declarations);
  const read = new Set(readElsewhere);
  pruned.walkDecls((declaration) => {
    if (definitions.has(declaration) || registrations.has(declaration.parent as AtRule)) return;
    for (const name of propertiesRead(declaration.value)) read.add(name);
  });
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of declarations) {
      if (!read.has(declaration.prop)) continue;
      for (const name of propertiesRead(declaration.value)) {
        if (!read.has(name)) {
          read.add(name);
          grew = true;
        }
      }
    }
  }
  for (const declaration of declarations) if (!read.has(declaration.prop)) declaration.remove();
  for (const registration of registrations) if (!read.has(registration.params)) registration.remove();
  // An animation's keyframes stay while a kept declaration (or a kept theme variable) names them.
  const animated = new Set<string>();
  pruned.walkDecls((declaration) => {
    if (!/^(?:animation(?:-name)?|--animate-[\w-]*)$/.test(declaration.prop)) return;
    for (const word of declaration.value.split(/[\s,]+/)) animated.add(word);
  });
  pruned.walkAtRules(/keyframes$/i, (keyframes) => {
    if (!animated.has(keyframes.params)) keyframes.remove();
  });
  removeEmptyBlocks(pruned);
  return pruned.toString();
}

/** The page's `<style>` elements without attributes: the ones Astro writes. */
const plainStyleElements = (html: string) => rawTextElements(html).filter(({ name, attributes }) => name === 'style' && attributes === '');

/**
 * The head's `<style>` elements (Astro writes one per font beside the Tailwind sheet) and Astro's
 * island rule (written in the body, before the first island) as one element, at the first one's
 * place and in their order, so the cascade is the same; `tailwind` (the sheet's element) holds
 * `kept` instead. Each inline style is one more hash in the page's policy, which on an on-demand
 * page is a header in the first round trip. Other styles in the body stay where they are.
 * `styles` are the page's plain style elements, found once per page: each search walks every tag.
 */
function inOneStyleElement(html: string, styles: RawTextElement[], tailwind: string, kept: string): PrunedPage {
  const headEnd = html.indexOf('</head>');
  const elements = styles.filter(({ element, text, index }) => index < headEnd || text === ISLAND_STYLES || element === tailwind);
  const css = elements.map(({ element, text }) => (element === tailwind ? kept : text)).join('');
  // Built in one pass: each cut of a 100 KB page made a new string of it.
  let out = '';
  let from = 0;
  elements.forEach(({ element, index }, i) => {
    out += html.slice(from, index) + (i === 0 ? `<style>${css}</style>` : '');
    from = index + element.length;
  });
  return { html: out + html.slice(from), style: css };
}

export interface PrunedPage {
  html: string;
  /**
   * The content of the one style element the pruner wrote, or null when it left the page as it
   * was. Only the pruner can vouch for it: its hash is in no policy Astro wrote (src/server/pages/csp.ts).
   */
  style: string | null;
}

export interface PageStyles {
  /** `html` with its Tailwind stylesheet cut to what the page uses, and the whole sheet's address on its root. */
  prune(html: string): PrunedPage;
}

/**
 * The pruner. It parses each distinct stylesheet once and remembers the result for each distinct
 * set of classes.
 */
export function pageStyles(): PageStyles {
  // One build's stylesheet at a time. Compared as text, not looked up as a key: hashing the 50 KB
  // sheet for a map took longer than comparing it with the one parsed.
  let sheet: { css: string; root: Root; href: string } | undefined;
  const pruned = new Map<string, string>();

  function prune(html: string): PrunedPage {
    const styles = plainStyleElements(html);
    const style = styles.find(({ text }) => text.includes(TAILWIND_MARKER));
    if (!style || (html.includes(CLIENT_ONLY) && CLIENT_ONLY_ISLAND.test(html))) return { html, style: null };
    const { element, text: css, index } = style;
    if (sheet?.css !== css) sheet = { css, root: postcss.parse(css), href: siteStylesheetPath(css) };
    // The page's markup is all but the sheet itself (half the page), whose text names no class or
    // element the page has.
    const markup = html.slice(0, index) + html.slice(index + element.length);
    const used = classesInMarkup(markup);
    const elements = elementsInMarkup(markup);
    const readElsewhere = propertiesRead(markup);
    const key = [sheet.href, [...used].sort().join(' '), [...elements].sort().join(' '), [...readElsewhere].sort().join(' ')].join('\n');
    let kept = pruned.get(key);
    if (kept === undefined) {
      kept = pruneStylesheet(sheet.root, used, elements, readElsewhere);
      if (pruned.size >= CACHE_LIMIT) pruned.delete(pruned.keys().next().value!);
      pruned.set(key, kept);
    }
    const page = inOneStyleElement(html, styles, element, kept);
    return { ...page, html: page.html.replace(HTML_ELEMENT, `<html data-site-stylesheet="${sheet.href}"`) };
  }

  return { prune };
}
