import { createHash } from 'node:crypto';
import { escapeXml } from '../../lib/xml.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

// The page's own few rules, in the site's colours, inline and allowed by their hash alone: the page
// loads nothing (no stylesheet, font or script), so it shows the same wherever a link is opened. The
// button is at least 44px tall, a finger's target on a phone.
const STYLE = [
  'body{margin:0;background:#f7f7f5;color:#26261f;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{box-sizing:border-box;max-width:34rem;margin:10vh auto;padding:2rem 1.5rem;background:#fff;border:1px solid #dcdcd6;border-radius:.75rem}',
  'h1{margin:0 0 .75rem;color:#0e1f38;font-size:1.5rem;line-height:1.25}',
  'p{margin:0 0 1.25rem;overflow-wrap:anywhere}',
  'form{margin:0 0 1.25rem}',
  'button{min-height:2.75rem;padding:.625rem 1.25rem;border:1px solid transparent;border-radius:.5rem;background:#1c3c6b;color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:hover{background:#0e1f38}',
  'a{color:#1c3c6b;font-weight:600}',
  'a:focus-visible,button:focus-visible{outline:2px solid #2f5fa3;outline-offset:2px}',
].join('');
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
/** The API's headers, its policy allowing the page's own inline rules and nothing else. */
export const PLAIN_PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...API_SECURITY_HEADERS,
  'Content-Security-Policy': `${API_SECURITY_HEADERS['Content-Security-Policy']}; style-src ${STYLE_HASH}`,
};

/**
 * A plain HTML page answered by a function (the unsubscribe question and its answer): a heading, a
 * sentence, maybe a one-button form that posts back to the same address, and the links on, with no
 * script or outside resource, so it shows anywhere a link is opened.
 */
export function plainPage(o: {
  title: string;
  text: string;
  links: readonly { label: string; href: string }[];
  /** A button posting to `action` (a same-site path with its query). */
  form?: { action: string; button: string };
  status?: number;
  headers?: Record<string, string>;
}): Response {
  const form = o.form ? `\n<form method="post" action="${escapeXml(o.form.action)}"><button type="submit">${escapeXml(o.form.button)}</button></form>` : '';
  const html = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeXml(o.title)}</title><style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeXml(o.title)}</h1>
<p>${escapeXml(o.text)}</p>${form}
${o.links.map((link) => `<p><a href="${escapeXml(link.href)}">${escapeXml(link.label)}</a></p>`).join('\n')}
</main>
</body>
</html>
`;
  return new Response(html, {
    status: o.status ?? 200,
    headers: { ...PLAIN_PAGE_SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...o.headers },
  });
}
