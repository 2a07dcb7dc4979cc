import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { getPool, withRequestDatabase } from './db/client.ts';
import { getEnv } from './env.ts';
import { tooManyRequests, type HttpError } from './http/errors.ts';

// Rate limits shared by every function (login throttling, enquiries, newsletter sign-ups). State
// lives in Postgres (the `rate_limits` table of the initial migration), so limits hold across
// function instances; rate-limiter-flexible owns the table's layout.

export interface RateLimitOptions {
  /** Distinguishes one limit's keys from another's in the shared table, e.g. 'login_account'. */
  keyPrefix: string;
  /** How many points (attempts) a key may spend per window. */
  points: number;
  /** The window, in seconds, counted from a key's first point. */
  durationSeconds: number;
  /** Once a key spends more than `points`, refuse it for this long (seconds); 0 keeps the window only. */
  blockDurationSeconds?: number;
}

const limiters = new Map<string, RateLimiterPostgres>();

/**
 * The pool, minus statement names. rate-limiter-flexible names its prepared statements, which
 * breaks wherever server sessions are shared between client connections: the embedded PGlite of
 * the local runtime and the tests (one backend session for every socket: "prepared statement
 * already exists") and transaction-mode poolers. Unnamed statements work everywhere.
 */
function unnamedStatements() {
  return {
    // The pool of the request being served (src/server/db/client.ts), looked up per query: the
    // limiter outlives requests, their connections do not. Its own clean-up of expired rows runs on
    // a timer, outside any request: that query gets a pool of its own, closed when it is done.
    query: (q: { text: string; values?: unknown[] }) => withRequestDatabase(() => getPool().query(q.text, q.values)),
  };
}

/**
 * The limiter for one purpose, created on first use and kept for the life of the function instance;
 * its queries go through the pool of the request being served. A key prefix names one rule: asked
 * for again with other numbers, it throws rather than count under the first ones.
 */
export function rateLimiter(o: RateLimitOptions): RateLimiterPostgres {
  let limiter = limiters.get(o.keyPrefix);
  if (limiter && (limiter.points !== o.points || limiter.duration !== o.durationSeconds || limiter.blockDuration !== (o.blockDurationSeconds ?? 0))) {
    throw new Error(`Rate limit '${o.keyPrefix}' is already defined with other numbers`);
  }
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: unnamedStatements(),
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true, // created by the migration: no DDL inside a request
      keyPrefix: o.keyPrefix,
      points: o.points,
      duration: o.durationSeconds,
      blockDuration: o.blockDurationSeconds ?? 0,
    });
    limiters.set(o.keyPrefix, limiter);
  }
  return limiter;
}

// The public forms' limits count per sender's address per hour, their numbers set in the
// environment (ENQUIRY_RATE_LIMIT_PER_HOUR, NEWSLETTER_RATE_LIMIT_PER_HOUR).
const HOUR_SECONDS = 3600;

/** The enquiries one address may send an hour (POST /api/contacts). */
export function enquiryLimiter(): RateLimiterPostgres {
  return rateLimiter({ keyPrefix: 'enquiries', points: getEnv().enquiryRateLimitPerHour, durationSeconds: HOUR_SECONDS });
}

/** The newsletter sign-ups one address may make an hour (POST /api/newsletter). */
export function newsletterLimiter(): RateLimiterPostgres {
  return rateLimiter({ keyPrefix: 'newsletter', points: getEnv().newsletterRateLimitPerHour, durationSeconds: HOUR_SECONDS });
}

/** True for the limiter's refusal (which carries how long to wait); false for anything else, such as a database error, which the caller rethrows. */
export function isRateLimited(err: unknown): err is RateLimiterRes {
  return err instanceof RateLimiterRes;
}

/** What a point spent inside a statement leaves: the key's points in its window and the window's end. */
export interface SpentPoint {
  points: number;
  /** Epoch milliseconds (a bigint column, so a string from the driver). */
  expire: string | null;
}

/**
 * One point of `limiter` spent for `key`, as SQL for a common table expression of the caller's own
 * statement, so a request spends it and does its work in one round trip (the enquiry POST; the
 * separate round trip cost it a third of its throughput, ADR 14). It is the upsert that
 * RateLimiterPostgres runs for `consume`, on the same table and the same key (`getKey`), so a
 * key's count is one count whichever way it is spent. The caller's statement does its work only
 * where the returned `points` are within `limiter.points`, and answers `overLimit` otherwise.
 * Limits that block past their window (`blockDurationSeconds`) need a statement of their own and
 * are refused here. With `onlyIf`, a condition of the caller's statement, the point is spent only
 * where it holds, and the expression then answers no row where it does not.
 */
export function spendPoint(
  limiter: RateLimiterPostgres,
  key: string,
  { now = Date.now(), onlyIf = sql<SqlBool>`true` }: { now?: number; onlyIf?: RawBuilder<SqlBool> } = {},
): RawBuilder<SpentPoint> {
  if (limiter.blockDuration > 0) throw new Error(`${limiter.keyPrefix}: a limit that blocks is spent with the limiter's own consume`);
  const expire = now + limiter.duration * 1000;
  return sql<SpentPoint>`insert into rate_limits (key, points, expire) select ${limiter.getKey(key)}::text, 1, ${expire}::bigint where ${onlyIf}
    on conflict (key) do update set
      points = case when rate_limits.expire <= ${now} then 1 else rate_limits.points + 1 end,
      expire = case when rate_limits.expire <= ${now} then excluded.expire else rate_limits.expire end
    returning points, expire`;
}

/**
 * The point `spent` for `key` given back, as SQL for a common table expression of the caller's own
 * statement: where `onlyIf` holds and the key is still in the window that point was spent in (a
 * point of a window already over is gone with it). Answers the key's points left, or no row.
 */
export function givePointBack(
  limiter: RateLimiterPostgres,
  key: string,
  spent: SpentPoint,
  { onlyIf = sql<SqlBool>`true` }: { onlyIf?: RawBuilder<SqlBool> } = {},
): RawBuilder<{ points: number }> {
  return sql<{ points: number }>`update rate_limits set points = points - 1
    where key = ${limiter.getKey(key)}::text and expire = ${spent.expire}::bigint and points > 0 and ${onlyIf}
    returning points`;
}

/** The 429 for a point spent over the limit, with Retry-After until the key's window ends. */
export function overLimit(spent: SpentPoint, message: string, now = Date.now()): HttpError {
  const msBeforeNext = spent.expire ? Math.max(Number(spent.expire) - now, 0) : 0;
  return tooManyRequests(message, msBeforeNext / 1000);
}
