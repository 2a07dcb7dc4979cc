/**
 * Text and attribute escaping for hand-written markup: the XML of the sitemap and the RSS feed, and
 * the plain HTML pages a function answers (src/server/http/plain-page.ts), whose five specials are
 * the same.
 */

// &#39;, not &apos;: the feed's descriptions are escaped as HTML too, and HTML 4 readers do not know &apos;.
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// XML 1.0 allows only tab, newline, carriage return and U+0020 and above (minus surrogates and
// U+FFFE/U+FFFF); a stray control character from a pasted article would make the whole feed invalid.
const INVALID_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text without the characters XML 1.0 cannot carry: for text a serialiser escapes itself (the feed's titles and bodies). */
export function xmlChars(value: string): string {
  return value.replace(INVALID_XML_CHARS, '');
}

export function escapeXml(value: string): string {
  return xmlChars(value).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
