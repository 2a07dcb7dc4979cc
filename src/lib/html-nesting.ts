/** A tag's name runs, as the parser reads it, from its first letter to a space, '/' or '>'. */
const TAG = /<(\/?)([a-z][^\s/>]*)/gi;

/** Elements that never hold others. */
const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Whether the tags of an HTML text nest deeper than `limit`, found in one pass over its tags with
 * no parser, stopping as soon as they do. A close tag closes its element and any opened inside it
 * (as the sanitiser's parser does); one that closes nothing open is ignored; a tag never closed
 * stays open. A malformed text can only count deeper than it parses, never shallower.
 *
 * The sanitiser's time grows with the square of the nesting depth: 60,000 nested tags took seconds
 * to render, for every page view. Bodies the editor writes nest a few levels. A body is counted as
 * sent, by the article schema (a loose bound, so that cleaning it stays fast), and again once
 * cleaned, before it is stored (the exact limit, on well-formed markup: src/server/article-body.ts).
 */
export function nestsDeeperThan(html: string, limit: number): boolean {
  const open: string[] = [];
  for (const [, closing, tagName] of html.matchAll(TAG)) {
    const name = tagName!.toLowerCase();
    if (VOID_ELEMENTS.has(name)) continue;
    if (!closing) {
      open.push(name);
      if (open.length > limit) return true;
      continue;
    }
    const at = open.lastIndexOf(name);
    if (at >= 0) open.length = at;
  }
  return false;
}
