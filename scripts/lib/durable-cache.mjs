// Netlify's CDN in front of the local server, as it stands in front of the functions on the
// platform: an answer that says `Netlify-CDN-Cache-Control: public, durable, s-maxage=N,
// stale-while-revalidate=M` is kept and served from memory for N seconds, then served stale for M
// more while one request refreshes it in the background; `Netlify-Vary` names what besides the
// path the entry is keyed on; `Netlify-Cache-Tag` names the tags a purge drops it by; the purge is
// Netlify's own API call (`purgeCache` of @netlify/functions), answered here by a small server whose
// address the functions read from NETLIFY_API_URL. The Netlify-* headers stay between the
// functions and the CDN: browsers see `Cache-Control`, `Age` and a `Cache-Status` that says
// whether the answer came from the cache. A kept answer is compressed once at the best quality,
// as the CDN keeps a file's encodings (scripts/lib/stored-encodings.mjs), instead of per request.
import crypto from 'node:crypto';
import http from 'node:http';

/** Headers meant for the CDN alone: Netlify removes them before an answer leaves for the browser. */
const CDN_ONLY_HEADERS = ['netlify-cdn-cache-control', 'netlify-vary', 'netlify-cache-tag'];
/**
 * Entries, and bytes of them, kept at most; the oldest go first. A site has a few hundred cacheable
 * URLs; the bounds hold memory whatever hosts and paths a client makes up.
 */
const ENTRY_LIMIT = 2000;
const BYTE_LIMIT = 64 * 1024 * 1024;
const CACHE_NAME = '"Netlify Edge"';

/**
 * What a CDN cache-control value allows: how long the answer is fresh and then usable stale, in
 * milliseconds; undefined when it may not be kept.
 */
function cacheLifetime(value) {
  if (!value) return undefined;
  const directives = new Map(
    value.split(',').map((part) => {
      const [name, arg] = part.trim().toLowerCase().split('=');
      return [name, arg];
    }),
  );
  if (directives.has('private') || directives.has('no-store') || directives.has('no-cache')) return undefined;
  const seconds = (name) => (directives.has(name) && /^\d+$/.test(directives.get(name) ?? '') ? Number(directives.get(name)) : undefined);
  const fresh = seconds('s-maxage') ?? seconds('max-age');
  if (!fresh) return undefined;
  return { freshMs: fresh * 1000, staleMs: (seconds('stale-while-revalidate') ?? 0) * 1000 };
}

/**
 * The `Netlify-Vary` directives a cache key is made of: `query=a|b` (an empty list: no parameter)
 * and `cookie=a|b`. Without `query`, the whole query string is in the key, as on Netlify.
 */
function parseNetlifyVary(value) {
  const vary = { query: undefined, cookies: [] };
  for (const part of (value ?? '').split(',')) {
    const [name, list = ''] = part.trim().split('=');
    const names = list.split('|').filter(Boolean);
    if (name === 'query') vary.query = names;
    else if (name === 'cookie') vary.cookies = names;
  }
  return vary;
}

function cookieValue(request, name) {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return '';
}

/** The cache key of `request` under `vary`: the origin, the path, the named query parameters and cookies. */
function cacheKey(request, vary) {
  const url = new URL(request.url);
  let query = url.search;
  if (vary.query) {
    const kept = new URLSearchParams();
    for (const name of [...vary.query].sort()) for (const value of url.searchParams.getAll(name)) kept.append(name, value);
    query = kept.size ? `?${kept}` : '';
  }
  const cookies = vary.cookies.map((name) => `${name}=${cookieValue(request, name)}`).join(';');
  // The origin is in the key: a page names its own origin in its links (behind a proxy, http and
  // https of one host are two pages).
  return `${url.origin}${url.pathname}${query}${cookies ? ` cookie:${cookies}` : ''}`;
}

/** The headers without those only the CDN reads. */
function browserHeaders(response) {
  const headers = new Headers(response.headers);
  for (const name of CDN_ONLY_HEADERS) headers.delete(name);
  return headers;
}

/**
 * The answer as it leaves the CDN: the same Response, its CDN-only headers removed. A copy is made
 * only of one whose headers cannot be changed (a fetched answer), since a Response rebuilt around
 * another's body streams out chunked, without the Content-Length the server could give the
 * original (every answer the cache did not keep lost it: a 404, the image CDN's 400).
 */
function forBrowser(response) {
  if (!CDN_ONLY_HEADERS.some((name) => response.headers.has(name))) return response;
  try {
    for (const name of CDN_ONLY_HEADERS) response.headers.delete(name);
    return response;
  } catch {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: browserHeaders(response) });
  }
}

/**
 * The CDN cache. `serve(request, origin)` answers from the cache or from `origin()`; `purge(tags)`
 * drops the entries under any of `tags` (every entry when none is given). `encode` turns a kept
 * answer into the encoding the request accepts (stored-encodings).
 * @param {{ encode: (request: Request, response: Response) => Promise<Response>, now?: () => number }} options
 */
export function durableCache({ encode, now = Date.now }) {
  /** @typedef {{ body: Buffer, status: number, headers: Headers, storedAt: number, freshMs: number, staleMs: number, tags: string[] }} Entry */
  /** @type {Map<string, Entry>} */
  const entries = new Map();
  let keptBytes = 0;
  /**
   * The `Netlify-Vary` of the first kept answer of a path: the CDN keys the path's later requests on
   * it. Only kept answers add one, so paths that answer 404 or 503 cannot grow it.
   */
  const varyByPath = new Map();
  /** Keys being refreshed in the background, so a burst of stale hits refreshes once. */
  const refreshing = new Set();
  /** A purge's sequence number, per tag and for all: an answer that began before a purge of its tag is not kept. */
  let sequence = 0;
  const purgedAt = new Map();
  let purgedAllAt = 0;

  function remove(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    keptBytes -= entry.body.length;
  }

  const keyFor = (request) => cacheKey(request, varyByPath.get(new URL(request.url).pathname) ?? parseNetlifyVary(undefined));

  async function fromEntry(request, entry, status) {
    const age = Math.max(0, Math.floor((now() - entry.storedAt) / 1000));
    const headers = new Headers(entry.headers);
    headers.set('age', String(age));
    headers.set('cache-status', `${CACHE_NAME}; ${status}`);
    const answer = await encode(request, new Response(entry.body, { status: entry.status, headers }));
    if (request.method !== 'HEAD') return answer;
    // HEAD is told what GET would get (its encoding, ETag and length), without the body: an empty
    // body would be given the empty body's ETag and a length of 0.
    const length = (await answer.arrayBuffer()).byteLength;
    const headHeaders = new Headers(answer.headers);
    headHeaders.set('content-length', String(length));
    return new Response(null, { status: answer.status, headers: headHeaders });
  }

  /**
   * Asks the origin; keeps its answer when it may be kept and no purge of its tags came meanwhile.
   * @returns {Promise<{ entry: Entry, response?: undefined } | { entry?: undefined, response: Response }>}
   */
  async function forward(request, origin) {
    const began = ++sequence;
    const response = await origin();
    const lifetime = cacheLifetime(response.headers.get('netlify-cdn-cache-control') ?? response.headers.get('cdn-cache-control'));
    const keepable = request.method === 'GET' && response.status === 200 && lifetime && !response.headers.has('set-cookie') && response.body;
    if (!keepable) return { response: forBrowser(response) };

    const tags = (response.headers.get('netlify-cache-tag') ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const headers = browserHeaders(response);
    const body = Buffer.from(await response.arrayBuffer());
    const purgedSince = purgedAllAt > began || tags.some((tag) => (purgedAt.get(tag) ?? 0) > began);
    if (purgedSince) return { response: new Response(body, { status: response.status, statusText: response.statusText, headers }) };
    const { pathname } = new URL(request.url);
    if (!varyByPath.has(pathname)) {
      if (varyByPath.size >= ENTRY_LIMIT) varyByPath.delete(varyByPath.keys().next().value);
      varyByPath.set(pathname, parseNetlifyVary(response.headers.get('netlify-vary') ?? undefined));
    }
    const entry = { body, status: response.status, headers, storedAt: now(), tags, ...lifetime };
    const key = keyFor(request);
    remove(key);
    while (entries.size && (entries.size >= ENTRY_LIMIT || keptBytes + body.length > BYTE_LIMIT)) remove(entries.keys().next().value);
    entries.set(key, entry);
    keptBytes += body.length;
    return { entry };
  }

  function refreshInBackground(request, key, origin) {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    forward(request, origin)
      // An answer not kept (a 503 while the database is down) has no one to read it.
      .then(({ response }) => response?.body?.cancel())
      .catch((err) => console.error(`[cdn] refreshing ${new URL(request.url).pathname} failed:`, err instanceof Error ? err.message : err))
      .finally(() => refreshing.delete(key));
  }

  return {
    async serve(request, origin) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return forBrowser(await origin(request));
      const key = keyFor(request);
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        if (age < entry.freshMs) return fromEntry(request, entry, 'hit');
        if (age < entry.freshMs + entry.staleMs) {
          // A refresh is a request of the CDN's own, made without the visitor's body or signal.
          const refresh = new Request(request.url, { method: 'GET', headers: request.headers });
          refreshInBackground(refresh, key, () => origin(refresh));
          return fromEntry(request, entry, 'fwd=stale');
        }
        remove(key);
      }
      const forwarded = await forward(request, () => origin(request));
      return forwarded.entry ? fromEntry(request, forwarded.entry, 'fwd=miss; stored') : forwarded.response;
    },

    purge(tags = []) {
      const at = ++sequence;
      if (tags.length === 0) {
        purgedAllAt = at;
        entries.clear();
        keptBytes = 0;
        return;
      }
      for (const tag of tags) purgedAt.set(tag, at);
      for (const [key, entry] of entries) if (entry.tags.some((tag) => tags.includes(tag))) remove(key);
    },
  };
}

/**
 * Netlify's purge API (`POST /api/v1/purge`, a bearer token, `{ site_id, cache_tags }`) for the
 * cache above, on a loopback port of its own.
 * @returns {Promise<{ env: Record<string, string>, stop: () => Promise<void> }>} the variables
 *   @netlify/functions' purgeCache reads (src/server/http/cdn-cache.ts passes NETLIFY_API_URL on)
 */
export async function startPurgeApi(cache) {
  const token = crypto.randomBytes(16).toString('hex');
  const siteId = 'local-site';
  const server = http.createServer((req, res) => {
    const answer = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'POST' || req.url !== '/api/v1/purge') return answer(404, { message: 'Not found' });
    if (req.headers.authorization !== `Bearer ${token}`) return answer(401, { message: 'Access denied' });
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let payload;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return answer(400, { message: 'Invalid JSON' });
      }
      if (payload.site_id !== siteId) return answer(404, { message: 'Site not found' });
      const tags = Array.isArray(payload.cache_tags) ? payload.cache_tags.filter((t) => typeof t === 'string') : [];
      cache.purge(tags);
      answer(202, {});
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    env: { NETLIFY_API_URL: `http://127.0.0.1:${port}`, NETLIFY_PURGE_API_TOKEN: token, SITE_ID: siteId },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
