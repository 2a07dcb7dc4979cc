// The Image CDN's cache, for the local runtime: Netlify transforms an image once per distinct
// request (source, size, format) and serves the cached result from then on. The emulation
// (@netlify/images) transforms on every request, which would make every page view re-encode a
// 6,000 px upload; this keeps the results in memory, oldest dropped first past `maxBytes`.
// Sources never change under the same URL: uploads get new names, build assets new hashes.
import { SECURITY_HEADERS } from '../../src/server/security-headers.ts';

const IMAGE_PATHS = new Set(['/.netlify/images', '/.netlify/images/']);
/** This server's own answer, not the emulation's: it carries the site's headers, as every other one does. */
const INVALID_SOURCE = {
  status: 400,
  headers: [...Object.entries(SECURITY_HEADERS), ['content-type', 'text/plain; charset=utf-8'], ['cache-control', 'no-store']],
  body: Buffer.from('Bad Request: Invalid "url" query parameter'),
};

/**
 * Wraps NetlifyDev's handleAndIntrospect with the cache; everything else passes through.
 * @param {import('@netlify/dev').NetlifyDev} netlify
 */
export function withImageCache(netlify, { maxBytes = 128 * 1024 * 1024 } = {}) {
  /** @type {Map<string, { status: number, headers: [string, string][], body: Buffer }>} */
  const cache = new Map();
  let total = 0;
  const respond = (entry) => ({ response: new Response(entry.body, { status: entry.status, headers: entry.headers }), type: 'image' });
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
      // Without an explicit format the CDN picks one from Accept, so Accept is part of the key.
      const key = `${url.search}|${url.searchParams.has('fm') ? '' : (request.headers.get('accept') ?? '')}`;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key); // most recently used last
        cache.set(key, hit);
        return respond(hit);
      }
      const result = await netlify.handleAndIntrospect(request, options);
      if (!result?.response || result.response.status !== 200) return result;
      const entry = { status: 200, headers: [...result.response.headers], body: Buffer.from(await result.response.arrayBuffer()) };
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
