import { escapeXml } from '../../lib/xml.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

/**
 * A plain HTML page answered by a function (the unsubscribe question and its answer): a heading, a
 * sentence, maybe a one-button form that posts back to the same address, and a link on, with no
 * script, style or outside resource, so it shows anywhere a link is opened.
 */
export function plainPage(o: {
  title: string;
  text: string;
  link: { label: string; href: string };
  /** A button posting to `action` (a same-site path with its query). */
  form?: { action: string; button: string };
  status?: number;
  headers?: Record<string, string>;
}): Response {
  const form = o.form ? `\n<form method="post" action="${escapeXml(o.form.action)}"><button type="submit">${escapeXml(o.form.button)}</button></form>` : '';
  const html = `<!doctype html>
<html lang="en-AU">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeXml(o.title)}</title></head>
<body>
<main>
<h1>${escapeXml(o.title)}</h1>
<p>${escapeXml(o.text)}</p>${form}
<p><a href="${escapeXml(o.link.href)}">${escapeXml(o.link.label)}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: o.status ?? 200,
    headers: { ...API_SECURITY_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...o.headers },
  });
}
