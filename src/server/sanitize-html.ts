import sanitizeHtml from 'sanitize-html';
import { newTabNote } from '../content/site.ts';
import { ARTICLE_LINK_SCHEMES } from '../lib/article-link-schemes.ts';

/**
 * The one allowlist for article bodies, matching the admin editor's formats (headings 1-3, bold,
 * italic, underline, lists, links). Run before a body is stored (src/server/article-body.ts)
 * and again at render by the insights pages and the RSS feed, so a row written any other way (an old
 * row, a manual SQL fix) still cannot carry markup the editor could not produce.
 *
 * Uses sanitize-html (htmlparser2 + an allowlist), never a regex: a pattern cannot parse HTML as a
 * browser does, so markup it misreads would pass.
 *
 * Pinned to 2.17.5: from 2.18 it require()s htmlparser2 12, which is ESM only, and Netlify's
 * functions run Node with Lambda's `--no-experimental-require-module`, so the function would fail
 * to load (ERR_REQUIRE_ESM). `npm run test:netlify` loads every built function under that flag.
 */

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ol', 'ul', 'li', 'a'];

/** A link with any other scheme keeps its text and loses its href. */
const ALLOWED_SCHEMES = [...ARTICLE_LINK_SCHEMES];

// Elements whose text must go with them rather than be kept as loose text. sanitize-html's default
// is script, style, textarea, option; the rest are containers whose text is never prose.
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
  'title',
  'xmp',
  'noembed',
  'noframes',
  'head',
];

/** The site's visually hidden class: text heard by screen readers, never seen. */
const VISUALLY_HIDDEN = 'sr-only';

/**
 * What a visually hidden element becomes while it is sanitised: a name no author writes, dropped
 * with its text. Such text is the site's own (the page's new-tab notes), never the author's: a body
 * that went through the page once and is sanitised again loses it rather than showing it.
 */
const HIDDEN_TEXT = 'x-visually-hidden';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // Only a link's href and a numbered list's start survive from the author's attributes; rel/target
  // are set by transformTags below and are listed here only so they survive the attribute filter
  // that runs after it.
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // '//evil.example' would inherit the page's protocol and bypass the scheme check's intent.
  allowProtocolRelative: false,
  allowedStyles: {},
  allowedClasses: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...DROP_WITH_CONTENT, HIDDEN_TEXT],
  transformTags: {
    a: linkTag(),
    span: (tagName, attribs) => ({ tagName: attribs.class?.split(/\s+/).includes(VISUALLY_HIDDEN) ? HIDDEN_TEXT : tagName, attribs }),
    ol: numberedListTag,
    // Editors sometimes emit <h4>-<h6>; keep them as the smallest allowed heading, not loose text.
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
  },
};

/**
 * An article link rebuilt from its href alone, so no author-supplied rel/target/anything else rides
 * along. With `base` (the article's own address), a relative link ('/services', '#part', 'x') becomes
 * the absolute URL it means there: a feed reader shows the body far from the site, where a relative
 * link leads nowhere. Only a link that stays on the site is rewritten, so nothing a browser would
 * read as another host ('//evil', '/\\evil', '/<tab>/evil') can become one.
 */
function linkTag(base?: URL | string): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    let href: string | undefined = attribs.href?.trim();
    if (href && base) href = onSiteAbsolute(href, new URL(base)) ?? href;
    if (href && isExternal(href) && !namesHost(href)) href = undefined;
    const out: Record<string, string> = {};
    if (href) out.href = href;
    if (href && isExternal(href)) {
      out.rel = 'noopener noreferrer';
      out.target = '_blank';
    }
    return { tagName, attribs: out };
  };
}

/** `href` as an absolute URL when it is relative and resolves on `base`'s own site; else undefined. */
function onSiteAbsolute(href: string, base: URL): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || /[\u0000-\u001f\\]/.test(href) || href.startsWith('//')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(href, base);
  } catch {
    return undefined;
  }
  return resolved.origin === base.origin ? resolved.href : undefined;
}

/**
 * A numbered list with its first number, when that is a plain count: the editor shows a list
 * pasted as two parts (an item, a paragraph, the next items) counting on from the first part.
 */
function numberedListTag(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const start = attribs.start?.trim();
  return { tagName, attribs: start && /^[1-9][0-9]{0,5}$/.test(start) ? { start } : {} };
}

/**
 * Whether a web link names the host it leads to. 'https://' alone is how the editor (Lexical's
 * LinkNode) writes a link with no address, such as a blank link loaded for editing: kept, it would
 * be published as a link to nowhere that opens a new tab. It becomes a blank link again instead.
 */
function namesHost(href: string): boolean {
  try {
    return new URL(href).host !== '';
  } catch {
    return false;
  }
}

/** An absolute http(s) link leaves the site: it opens in a new tab without an opener or referrer. */
function isExternal(href: string): boolean {
  return /^https?:/i.test(href);
}

/** Article HTML reduced to the editor's allowlist. Safe to pass to `set:html`. */
export function sanitizeArticleHtml(html: string): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Elements that show a picture, a page or media. The editor writes none: an article's picture is
 * its Image field and its video its Video URL, so the text keeps words alone and cleaning drops
 * these. `image` is what a browser reads as `img`; an `input` of type image shows a picture too.
 */
const MEDIA_TAGS = new Set(['img', 'image', 'picture', 'video', 'audio', 'bgsound', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg']);
const isMedia = (name: string, attribs: sanitizeHtml.Attributes) => MEDIA_TAGS.has(name) || (name === 'input' && attribs.type?.trim().toLowerCase() === 'image');

/**
 * Article HTML cleaned as sanitizeArticleHtml cleans it, with the names of the media elements it
 * held (which the cleaning dropped), in the order first met: one pass over the markup.
 */
export function sanitizeArticleHtmlNamingMedia(html: string): { clean: string; media: string[] } {
  const media = new Set<string>();
  if (!html) return { clean: '', media: [] };
  const clean = sanitizeHtml(html, {
    ...OPTIONS,
    onOpenTag: (name, attribs) => {
      if (isMedia(name, attribs)) media.add(name);
    },
  });
  return { clean, media: [...media] };
}

/**
 * Whether sanitised article HTML has any text a reader sees. The editor sends a body with none (its
 * text trimmed is empty) as no body, so empty paragraphs, line breaks and spaces alone count as none
 * here too (trim() takes no-break spaces as well, as the editor's does).
 */
export function articleHtmlHasText(clean: string): boolean {
  return sanitizeHtml(clean, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
}

/** Article HTML for a feed: sanitised as above, its relative links made absolute against the article's URL. */
export function sanitizeArticleHtmlForFeed(html: string, articleUrl: URL | string): string {
  if (!html) return '';
  return sanitizeHtml(html, { ...OPTIONS, transformTags: { ...OPTIONS.transformTags, a: linkTag(articleUrl) } });
}

/** The note a link that opens in a new tab ends with on the page: heard, not seen. */
const NEW_TAB_NOTE = `<span class="${VISUALLY_HIDDEN}"> ${newTabNote}</span>`;

/** An opening or closing link tag in sanitised HTML, where every other '<' and '>' is escaped. */
const LINK_TAG = /<a(?: [^>]*)?>|<\/a>/g;

/**
 * Sanitised HTML with each link that opens in a new tab (target="_blank") ending with the note
 * that says so. Its input comes from the sanitiser, which has already dropped any note it held.
 */
function withNewTabNotes(clean: string): string {
  const opensNewTab: boolean[] = [];
  return clean.replace(LINK_TAG, (tag) => {
    if (tag !== '</a>') {
      opensNewTab.push(tag.includes(' target="_blank"'));
      return tag;
    }
    return opensNewTab.pop() ? `${NEW_TAB_NOTE}${tag}` : tag;
  });
}

/** The page's heading levels an article body may use under its h1 title. */
const BODY_LEVELS = { top: 2, bottom: 4 } as const;

/**
 * An article body as its page shows it, under the title: sanitised as above, its highest heading
 * made an h2 (the title is the page's one h1) and the others kept at their distance from it, down
 * to h4. A body that starts at the editor's Heading 2 or 3 then skips no level under the title.
 * Each link that opens in a new tab ends with a visually hidden note saying so. The note is the
 * page's alone: the stored body, which the editor loads, and the feed, read without the site's
 * stylesheet, carry none.
 */
export function sanitizeArticleBodyUnderTitle(html: string): string {
  const clean = sanitizeArticleHtml(html);
  const levels = [...clean.matchAll(/<h([1-3])>/g)].map((m) => Number(m[1]));
  if (levels.length === 0) return withNewTabNotes(clean);
  const shift = BODY_LEVELS.top - Math.min(...levels);
  const level = (from: number) => `h${Math.min(BODY_LEVELS.bottom, from + shift)}`;
  return withNewTabNotes(
    sanitizeHtml(clean, {
      ...OPTIONS,
      allowedTags: [...ALLOWED_TAGS.filter((tag) => tag !== 'h1'), 'h4'],
      transformTags: { ...OPTIONS.transformTags, h1: level(1), h2: level(2), h3: level(3) },
    }),
  );
}
