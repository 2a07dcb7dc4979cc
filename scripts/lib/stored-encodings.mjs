// A CDN keeps a static file's compressed copies beside the file and sends the one the browser
// accepts, so it compresses each file once and can afford the best compression for it. The local
// server does the same for the static files it serves: brotli at its highest quality (gzip at
// level 9 for a browser without brotli), made on a file's first request and kept in memory by
// content. A page then fits more of itself in the first round trip (a brochure page: about 16 KB
// at brotli's streaming quality 4, under 14 at 11). On-demand answers are compressed as they
// stream out (scripts/lib/http-server.mjs), where the best quality would cost tens of milliseconds
// of CPU per answer.
import zlib from 'node:zlib';
import compressible from 'compressible';
import etag from 'etag';
import Negotiator from 'negotiator';

/** Smaller bodies go as they are, as the streaming compression leaves them. */
const MIN_BYTES = 1024;
/** Compressed copies kept (a build has about a hundred text files). */
const KEPT_LIMIT = 512;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

const COMPRESS = {
  br: (body) =>
    zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/** The encoding to send: the browser's preference among brotli and gzip; none without an Accept-Encoding. */
function chosenEncoding(request) {
  const accepted = request.headers.get('accept-encoding');
  if (!accepted) return undefined;
  const choice = new Negotiator({ headers: { 'accept-encoding': accepted } }).encoding(['br', 'gzip', 'identity'], ['br', 'gzip']);
  return choice === 'br' || choice === 'gzip' ? choice : undefined;
}

/**
 * A function that answers a static file's 200 in the encoding the request accepts, from its kept
 * copy. The file's ETag (weak: it names the content, whatever the encoding) is set from the
 * uncompressed bytes, so a browser's If-None-Match matches across encodings.
 * @returns {(request: Request, response: Response) => Promise<Response>}
 */
export function storedEncodings() {
  /** @type {Map<string, Buffer>} `${encoding} ${etag}` -> the compressed body */
  const kept = new Map();
  return async function encode(request, response) {
    const type = response.headers.get('content-type');
    if (response.status !== 200 || !response.body || !type || !compressible(type) || response.headers.has('content-encoding')) return response;
    if (NO_TRANSFORM.test(response.headers.get('cache-control') ?? '')) return response;

    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const tag = headers.get('etag') ?? etag(body, { weak: true });
    headers.set('etag', tag);
    if (!/\baccept-encoding\b/i.test(headers.get('vary') ?? '')) headers.append('vary', 'Accept-Encoding');
    const encoding = body.length >= MIN_BYTES ? chosenEncoding(request) : undefined;
    if (!encoding) return new Response(body, { status: 200, statusText: response.statusText, headers });

    const key = `${encoding} ${tag}`;
    let encoded = kept.get(key);
    if (!encoded) {
      encoded = COMPRESS[encoding](body);
      if (kept.size >= KEPT_LIMIT) kept.delete(kept.keys().next().value);
      kept.set(key, encoded);
    }
    headers.set('content-encoding', encoding);
    headers.set('content-length', String(encoded.length));
    return new Response(encoded, { status: 200, statusText: response.statusText, headers });
  };
}
