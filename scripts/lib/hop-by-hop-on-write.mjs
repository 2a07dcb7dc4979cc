// The hop-by-hop headers of an answer the site relays (a fetched Response: the image CDN's remote
// source, anything a function fetches and returns) describe the connection it came over, not the
// client's: an upstream's `Connection: close` made Node close the client's keep-alive connection,
// its `Transfer-Encoding: chunked` made Node chunk a body to an HTTP/1.0 client, and its
// Keep-Alive promised a timeout this server does not keep. Node sets each connection's own.
//
// They are taken out of the headers handed to `writeHead` (the Fetch adapter hands it all of a
// Response's), before Node or any `on-headers` hook has set them: a fetched Response's headers
// cannot be changed, a Response rebuilt to change them loses its Content-Length, and
// `res.removeHeader` would tell Node the header is unwanted (no Connection header of its own, no
// chunked encoding: a body without a length would end the connection instead).

/** The headers that are the connection's alone; Proxy-Connection is an old client's Connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** `headers` as [name, value] pairs: writeHead takes an object, a flat list or a list of pairs. */
function pairsOf(headers) {
  if (!Array.isArray(headers)) return Object.entries(headers);
  if (headers.length === 0 || Array.isArray(headers[0])) return headers;
  const pairs = [];
  for (let i = 0; i < headers.length; i += 2) pairs.push([headers[i], headers[i + 1]]);
  return pairs;
}

/** `headers` without the hop-by-hop ones, nor those its Connection header names as such. */
function withoutHopByHop(headers) {
  const pairs = pairsOf(headers);
  const named = pairs
    .filter(([name]) => String(name).toLowerCase() === 'connection')
    .flatMap(([, value]) => [value].flat().join(',').split(','))
    .map((name) => name.trim().toLowerCase());
  const kept = pairs.filter(([name]) => !HOP_BY_HOP.has(String(name).toLowerCase()) && !named.includes(String(name).toLowerCase()));
  return Array.isArray(headers) ? kept : Object.fromEntries(kept);
}

/**
 * Leaves the hop-by-hop headers of every answer `res` writes to Node. Call it after any other
 * wrapper of `res.writeHead` (compression's, hsts-on-write.mjs's): it must see the headers first.
 * @param {import('node:http').ServerResponse} res
 */
export function hopByHopFromNode(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    const at = typeof rest[0] === 'string' ? 1 : 0;
    if (rest[at] !== undefined && rest[at] !== null) rest[at] = withoutHopByHop(rest[at]);
    return writeHead.call(this, statusCode, ...rest);
  };
}
