// What Netlify's CDN does to answers on their way out, which the local server must do too so that
// `npm start` (and Lighthouse run against it) sees what visitors see:
//   - the header rules the build declares through the Frameworks API (.netlify/v1/config.json: the
//     Astro adapter marks its content-hashed /_astro/* files immutable), which @netlify/dev does not
//     read (it applies netlify.toml and _headers only);
//   - a validator on every answer a cache may keep, and 304 Not Modified when the browser's copy is
//     current. Compression is the HTTP server's (scripts/lib/http-server.mjs): it needs the socket.
import fs from 'node:fs';
import path from 'node:path';
import etag from 'etag';
import fresh from 'fresh';

/**
 * The build's header rules, as URLPattern matchers (Netlify's `*` splat reads the same in both).
 * @returns {{ pattern: URLPattern, values: Record<string, string> }[]}
 */
export function loadFrameworkHeaderRules(projectRoot) {
  const file = path.join(projectRoot, '.netlify', 'v1', 'config.json');
  if (!fs.existsSync(file)) return [];
  const { headers = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return headers.map((rule) => ({ pattern: new URLPattern({ pathname: rule.for }), values: rule.values }));
}

/** Applies the rules that match `pathname` to a static file's answer. */
export function applyHeaderRules(rules, pathname, response) {
  for (const rule of rules) {
    if (!rule.pattern.test({ pathname })) continue;
    for (const [name, value] of Object.entries(rule.values)) response.headers.set(name, value);
  }
  return response;
}

const KEEPABLE_STATUS = 200;
const NOT_KEPT = /(?:^|,)\s*(?:no-store|private)\s*(?:,|$)/i;

/** A 304 repeats the headers of the 200 it stands for, but not these, which describe a body it has not got. */
const DROPPED_ON_304 = ['content-length', 'content-type', 'content-encoding', 'transfer-encoding'];

/**
 * Gives a keepable GET/HEAD answer an ETag (weak: the server may compress the bytes on the way out,
 * and a weak tag still matches If-None-Match) unless it has a validator, and answers 304 when the
 * request's If-None-Match or If-Modified-Since says the browser already holds it.
 */
export async function withValidators(request, response) {
  if ((request.method !== 'GET' && request.method !== 'HEAD') || response.status !== KEEPABLE_STATUS) return response;
  if (NOT_KEPT.test(response.headers.get('cache-control') ?? '') || response.headers.has('set-cookie')) return response;

  let current = response;
  if (!response.headers.has('etag') && !response.headers.has('last-modified')) {
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set('etag', etag(body, { weak: true }));
    current = new Response(request.method === 'HEAD' ? null : body, { status: response.status, statusText: response.statusText, headers });
    if (request.method === 'HEAD') current.headers.set('content-length', String(body.byteLength));
  }

  const requestHeaders = {
    'if-none-match': request.headers.get('if-none-match') ?? undefined,
    'if-modified-since': request.headers.get('if-modified-since') ?? undefined,
    'cache-control': request.headers.get('cache-control') ?? undefined,
  };
  const responseHeaders = {
    etag: current.headers.get('etag') ?? undefined,
    'last-modified': current.headers.get('last-modified') ?? undefined,
  };
  if (!fresh(requestHeaders, responseHeaders)) return current;

  await current.body?.cancel();
  const headers = new Headers(current.headers);
  for (const name of DROPPED_ON_304) headers.delete(name);
  return new Response(null, { status: 304, headers });
}
