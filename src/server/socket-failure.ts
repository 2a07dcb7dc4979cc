/**
 * Socket-level failures (Node's system error codes, and undici's for a socket that closed or timed
 * out under fetch): the peer could not be reached or went away, so a retry later may succeed. The
 * database and the blob store tell their own outages with it.
 */
export const SOCKET_FAILURE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The code of the socket failure `err` is or wraps (fetch's TypeError carries it as its cause), or undefined. */
export function socketFailureCode(err: unknown, depth = 0): string | undefined {
  if (depth > 4 || typeof err !== 'object' || err === null) return undefined;
  const { code, cause } = err as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && SOCKET_FAILURE_CODES.has(code)) return code;
  return socketFailureCode(cause, depth + 1);
}
