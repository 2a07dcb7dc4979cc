// The headers the local servers (`npm start`'s http-server.mjs, `npm run dev`'s
// headers-on-write-plugin.mjs) take out of every answer as Node writes it, whichever code wrote the
// answer and however (writeHead's argument, or setHeader before it):
//   - the hop-by-hop headers of a relayed answer (a fetched Response: the image CDN's remote
//     source, anything a function fetches and returns), and those its Connection header names.
//     They describe the connection it came over, not the client's: an upstream's
//     `Connection: close` made Node close the client's keep-alive connection, its
//     `Transfer-Encoding: chunked` made Node chunk a body to an HTTP/1.0 client, and its
//     Keep-Alive promised a timeout this server does not keep. Node sets each connection's own.
//   - Strict-Transport-Security where the host the browser used may not be sent it (sendsHsts).
//
// They go as the answer is written, not from the Fetch Response before: a fetched Response's
// headers cannot be changed, and a Response rebuilt to change them streams out without the
// Content-Length the original had (chunked). And a hop-by-hop header is never stored at all,
// rather than removed at the write: `res.removeHeader('Connection')` or `('Transfer-Encoding')`
// tells Node the header is unwanted, so it sends no Connection header of its own and no chunked
// encoding, and a body without a length would end the connection instead.

/** The headers that are the connection's alone; Proxy-Connection is an old client's Connection. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

const HSTS = 'strict-transport-security';

/** The header names a Connection header's value lists, lower-case. */
const namesIn = (connection) =>
  [connection]
    .flat()
    .join(',')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

/** `headers` as [name, value] pairs: writeHead takes an object, a flat list or a list of pairs. */
function pairsOf(headers) {
  if (!Array.isArray(headers)) return Object.entries(headers);
  if (headers.length === 0 || Array.isArray(headers[0])) return headers;
  const pairs = [];
  for (let i = 0; i < headers.length; i += 2) pairs.push([headers[i], headers[i + 1]]);
  return pairs;
}

/**
 * Applies the local servers' write-time header filter to every answer `res` writes. `mayPin()`, asked once as
 * the headers are written, says whether the host the browser used may be sent HSTS. Call it before
 * anything writes to `res`; other wrappers of writeHead (compression's) may come before or after.
 * @param {import('node:http').ServerResponse} res
 * @param {() => boolean} mayPin
 */
export function headersOnWrite(res, mayPin) {
  /** What a Connection header set with setHeader named; the header itself is not kept. */
  const named = [];
  /** `set` (setHeader or appendHeader) for any header but a hop-by-hop one, which is never stored. */
  const storingNoHopByHop = (set) =>
    function (name, value) {
      const key = String(name).toLowerCase();
      if (!HOP_BY_HOP.has(key) || this.headersSent) return set.call(this, name, value);
      if (key === 'connection') named.push(...namesIn(value));
      return this;
    };
  res.setHeader = storingNoHopByHop(res.setHeader);
  res.appendHeader = storingNoHopByHop(res.appendHeader);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    const at = typeof rest[0] === 'string' ? 1 : 0;
    const given = rest[at] === undefined || rest[at] === null ? [] : pairsOf(rest[at]);
    const dropped = new Set([...named, ...given.filter(([name]) => String(name).toLowerCase() === 'connection').flatMap(([, value]) => namesIn(value))]);
    if (!mayPin()) dropped.add(HSTS);
    if (given.length) {
      const kept = given.filter(([name]) => !HOP_BY_HOP.has(String(name).toLowerCase()) && !dropped.has(String(name).toLowerCase()));
      rest[at] = !Array.isArray(rest[at]) ? Object.fromEntries(kept) : Array.isArray(rest[at][0]) ? kept : kept.flat(1);
    }
    // Those set before with setHeader: no hop-by-hop one was stored, so removing the rest leaves
    // Node framing the answer itself.
    for (const name of dropped) if (this.hasHeader(name)) this.removeHeader(name);
    return writeHead.call(this, statusCode, ...rest);
  };
}
