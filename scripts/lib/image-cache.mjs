// The Image CDN's cache, for the local runtime: Netlify transforms an image once per distinct
// request (source, size, format) and serves the cached result from then on; a request that names
// no format gets the one its Accept header prefers, as on Netlify. The emulation
// (@netlify/images) transforms on every request, which would make every page view re-encode a
// 6,000 px upload; this keeps the results in memory, oldest dropped first past `maxBytes`.
// Sources never change under the same URL: uploads get new names, build assets new hashes.
//
// Every answer at the image path carries the site's security headers for an image (the shared set,
// and a policy under which an image opened on its own runs, loads and frames nothing), as every
// other answer of the site carries the shared set: the emulation sends a policy of its own and
// nothing else.
import { IMAGE_SECURITY_HEADERS } from '../../src/server/http/security-headers.ts';

const IMAGE_PATHS = new Set(['/.netlify/images', '/.netlify/images/']);

/**
 * Statuses a Response may not be given a body for, not even an empty one: the emulation answers
 * 304 to a browser's revalidation (If-None-Match) that reaches it past the cache.
 */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const IMAGE_SECURITY_NAMES = new Set(Object.keys(IMAGE_SECURITY_HEADERS).map((name) => name.toLowerCase()));

/** `headers` with the site's security headers for an image in place of any the emulation sent. */
const withImageSecurity = (headers) => [...headers.filter(([name]) => !IMAGE_SECURITY_NAMES.has(name.toLowerCase())), ...Object.entries(IMAGE_SECURITY_HEADERS)];

/** This server's own answer, not the emulation's. */
const INVALID_SOURCE = {
  status: 400,
  headers: withImageSecurity([['content-type', 'text/plain; charset=utf-8'], ['cache-control', 'no-store']]),
  body: Buffer.from('Bad Request: Invalid "url" query parameter'),
};

/**
 * This server's own answer to a transformation the request makes impossible: a width below 1, a
 * quality that is no number, a source in a format no decoder reads. The emulation passes the error
 * sharp throws on them on as a 500, '[IPX_ERROR]' (its named 500s are its own configuration
 * faults); the fault is the request's, and a client must never be able to call up a server error.
 */
const UNMAKEABLE_IMAGE = {
  status: 400,
  headers: withImageSecurity([['content-type', 'text/plain; charset=utf-8'], ['cache-control', 'no-store']]),
  body: Buffer.from('Bad Request: the image cannot be made with these parameters'),
};

/**
 * Whether the emulation's answer is its 500 for an error sharp threw on the request's parameters or
 * source. The body is the one place that names it: ipx catches every error (none reaches this
 * code) and answers its own configuration faults (IPX_NO_STORAGE, IPX_FILESYSTEM_ERROR) 500 too,
 * with the same headers. Its status text names those faults and is empty for sharp's errors, but
 * empty is also what a Response rebuilt on the way would make of theirs, turning a server fault
 * into the client's 400.
 */
const isRefusedTransformation = (entry) => entry.status === 500 && entry.body.toString('utf8').includes('[500] [IPX_ERROR]');

/**
 * The emulation's answer as it is kept and sent: its body read whole (a Response rebuilt around a
 * stream would go out chunked, without its length), its headers with the site's.
 * @param {Response} response
 */
const asEntry = async (response) => ({ status: response.status, headers: withImageSecurity([...response.headers]), body: Buffer.from(await response.arrayBuffer()) });

/** `request` asking for the image in `format` (the CDN's `fm`), its headers kept. */
function withFormat(request, format) {
  const url = new URL(request.url);
  url.searchParams.set('fm', format);
  return new Request(url, { method: request.method, headers: request.headers });
}

/**
 * Wraps NetlifyDev's handleAndIntrospect with the cache; everything else passes through.
 * @param {import('@netlify/dev').NetlifyDev} netlify
 */
export function withImageCache(netlify, { maxBytes = 128 * 1024 * 1024 } = {}) {
  /** @type {Map<string, { status: number, headers: [string, string][], body: Buffer }>} */
  const cache = new Map();
  let total = 0;
  const respond = (entry) => ({
    response: new Response(NULL_BODY_STATUSES.has(entry.status) ? null : entry.body, { status: entry.status, headers: entry.headers }),
    type: 'image',
  });
  return {
    /**
     * @param {Request} request
     * @param {{ serverAddress?: string }} options
     */
    async handleAndIntrospect(request, options) {
      const url = new URL(request.url);
      if (request.method !== 'GET' || !IMAGE_PATHS.has(url.pathname)) return netlify.handleAndIntrospect(request, options);
      // A source that is no URL at all ('http://[') makes the emulation throw, a 500 from a
      // client's typo; the CDN answers such a request 400, as the emulation does a missing one.
      const source = url.searchParams.get('url');
      if (source !== null && !URL.canParse(source, options.serverAddress)) return respond(INVALID_SOURCE);
      // Without an explicit format the CDN picks one from Accept (AVIF, then WebP, for a browser
      // that takes them), so Accept is part of the key. The emulation keeps the source's format
      // instead; ipx beneath it negotiates when asked for the format 'auto' (and says Vary: Accept).
      const negotiated = !url.searchParams.has('fm');
      const key = `${url.search}|${negotiated ? (request.headers.get('accept') ?? '') : ''}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key); // most recently used last
        cache.set(key, hit);
        return respond(hit);
      }
      const result = await netlify.handleAndIntrospect(negotiated ? withFormat(request, 'auto') : request, options);
      if (!result?.response) return result;
      const entry = await asEntry(result.response);
      if (isRefusedTransformation(entry)) return respond(UNMAKEABLE_IMAGE);
      // Only a transformed image is kept: a source missing now may be uploaded later.
      if (entry.status !== 200) return respond(entry);
      cache.set(key, entry);
      total += entry.body.length;
      for (const [oldKey, old] of cache) {
        if (total <= maxBytes) break;
        cache.delete(oldKey);
        total -= old.body.length;
      }
      return respond(entry);
    },
  };
}
