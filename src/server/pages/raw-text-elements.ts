/**
 * The script and style elements of a built page, as a browser parses them: never the same
 * characters in an attribute's value or a comment. Astro writes an attribute's < and > as typed,
 * so an article titled 'Why <style>…</style> …' carries those words in its og:title; the page's
 * text transforms (src/server/pages/styles.ts, src/server/pages/csp.ts) find their elements here,
 * where a pattern over the whole markup took such a title for an element and moved its CSS into
 * the page's stylesheet.
 */

export interface RawTextElement {
  name: 'script' | 'style';
  /** Where the element starts: its '<'. */
  index: number;
  /** The whole element, from its start tag to its end tag. */
  element: string;
  /** The start tag's attributes, as written ('' for none). */
  attributes: string;
  /** The element's content. */
  text: string;
}

/** A start tag's '<' and name, or a comment's start. */
const TAG_OPEN = /<(!--|[A-Za-z][^\s/>]*)/g;

/** The end tag of each raw text element. */
const END_TAG = { script: /<\/script/gi, style: /<\/style/gi };

const GREATER_THAN = 0x3e;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/**
 * The index of the '>' that ends the start tag whose attributes begin at `from`, or -1. A quoted
 * run is skipped whole (a '>' in an attribute's value ends nothing); a quote never closed is a
 * character like any other. A loop over the characters: a pattern matched at each tag of a page
 * took a quarter of a millisecond a page.
 */
function startTagEnd(html: string, from: number): number {
  for (let i = from; i < html.length; i += 1) {
    const c = html.charCodeAt(i);
    if (c === GREATER_THAN) return i;
    if (c === DOUBLE_QUOTE || c === SINGLE_QUOTE) {
      const close = html.indexOf(c === DOUBLE_QUOTE ? '"' : "'", i + 1);
      if (close >= 0) i = close;
    }
  }
  return -1;
}

/** Every script and style element of `html`, in document order. */
export function rawTextElements(html: string): RawTextElement[] {
  const found: RawTextElement[] = [];
  TAG_OPEN.lastIndex = 0;
  for (let m = TAG_OPEN.exec(html); m; m = TAG_OPEN.exec(html)) {
    const index = m.index;
    const opened = m[1]!;
    if (opened === '!--') {
      const close = html.indexOf('-->', index + 4);
      if (close < 0) break;
      TAG_OPEN.lastIndex = close + 3;
      continue;
    }
    const attributesStart = index + m[0].length;
    const tagEnd = startTagEnd(html, attributesStart);
    if (tagEnd < 0) break;
    TAG_OPEN.lastIndex = tagEnd + 1;
    const name = opened.toLowerCase();
    if (name !== 'script' && name !== 'style') continue;
    // The content is raw text: it ends at the first end tag of its name, whatever it holds.
    const endTag = END_TAG[name];
    endTag.lastIndex = tagEnd + 1;
    const close = endTag.exec(html)?.index ?? -1;
    const closeEnd = close < 0 ? -1 : html.indexOf('>', close);
    if (closeEnd < 0) break;
    found.push({
      name,
      index,
      element: html.slice(index, closeEnd + 1),
      attributes: html.slice(attributesStart, tagEnd),
      text: html.slice(tagEnd + 1, close),
    });
    TAG_OPEN.lastIndex = closeEnd + 1;
  }
  return found;
}
