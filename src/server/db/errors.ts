/**
 * The one place that tells 'the database is unavailable' from any other failure. Unavailable means
 * a retry later may succeed without anyone changing anything: the connection was refused, timed out,
 * or dropped; the server is starting, shutting down, out of connections or cancelled the statement
 * at its time limit. Handlers answer these with 503 and Retry-After; anything else stays a 500 (a
 * bug or a schema mismatch, which no retry fixes).
 */
import { SOCKET_FAILURE_CODES } from '../socket-failure.ts';

/** Seconds a client is asked to wait before trying again when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// SQLSTATEs: class 08 connection exception; 53 insufficient resources (too many connections, out
// of memory or disk); 57P01-57P05 the server shut down or is starting; 57014 statement cancelled
// (statement_timeout); 40001/40P01 serialization failure and deadlock (retry succeeds).
const UNAVAILABLE_SQLSTATE = /^(08...|53...|57P0[1-5]|57014|40001|40P01)$/;

/** The client's query_timeout: the statement's answer never came, and its connection still waits for it. */
const QUERY_READ_TIMEOUT = /query read timeout/i;

/** True when a statement failed because its answer did not come within the client's query limit. */
export const isQueryReadTimeout = (err: unknown): boolean => err instanceof Error && QUERY_READ_TIMEOUT.test(err.message);

// What node-postgres, pg-pool and the Neon driver throw when the connection itself fails; they
// carry no code, only these messages.
const DRIVER_MESSAGES = [
  /connection terminated/i, // 'Connection terminated unexpectedly', '... due to connection timeout'
  /timeout exceeded when trying to connect/i, // pg-pool's connectionTimeoutMillis
  QUERY_READ_TIMEOUT,
  /not queryable/i, // a client whose connection already failed
  /connection (?:error|ended|closed|refused|reset)/i,
  /websocket/i, // the Neon driver's socket failing to open or closing
  /couldn't connect to compute node|compute node|endpoint is disabled|control plane/i, // Neon's proxy
  /too many connections/i, // a local server's own refusal (PGlite socket server)
  /Cannot use a pool after calling end/i,
  // Neon's HTTP endpoint (or the local bridge's) failing to serve; not 507, an answer over its size
  // limit, which the same query meets again (a bug to fix: src/server/db/page-reads.ts).
  /^Server error \(HTTP status 5(?!07)\d\d\)/,
];

function fields(err: unknown): { name: string; message: string; code: string | undefined; cause: unknown; errors: unknown[] } {
  if (typeof err !== 'object' || err === null) return { name: '', message: String(err ?? ''), code: undefined, cause: undefined, errors: [] };
  const e = err as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; sourceError?: unknown; errors?: unknown; type?: unknown };
  const message = typeof e.message === 'string' ? e.message : typeof e.type === 'string' ? `websocket ${e.type}` : '';
  return {
    name: typeof e.name === 'string' ? e.name : '',
    message,
    code: typeof e.code === 'string' ? e.code : undefined,
    // The Neon driver's HTTP query keeps the failure of its fetch as sourceError.
    cause: e.cause ?? e.sourceError,
    errors: Array.isArray(e.errors) ? e.errors : [],
  };
}

/** A statement refused by a unique index or constraint (SQLSTATE 23505): a duplicate the caller can name. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}

/** True when `err` (or what it wraps) says the database could not be reached or could not serve now. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 4 || err === undefined || err === null) return false;
  const { name, message, code, cause, errors } = fields(err);
  if (code && (SOCKET_FAILURE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
  // An HTTP query whose answer did not come within its limit (AbortSignal.timeout).
  if (name === 'TimeoutError') return true;
  if (DRIVER_MESSAGES.some((re) => re.test(message))) return true;
  // An AggregateError (several addresses tried) or an error wrapping the real one.
  return errors.some((e) => isDatabaseUnavailable(e, depth + 1)) || isDatabaseUnavailable(cause, depth + 1);
}
