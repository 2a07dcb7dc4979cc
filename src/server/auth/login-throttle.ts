import crypto from 'node:crypto';
import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Kysely } from 'kysely';
import { emailKey } from '../../schemas/fields.ts';
import { likeLiteral } from '../db/like.ts';
import { withDetachedDatabase } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import type { RequestContext } from '../http/request-context.ts';
import { tooManyRequests } from '../http/errors.ts';
import { isRateLimited, rateLimiter, type RateLimitOptions } from '../rate-limit.ts';

// Sign-in throttling that guessing cannot get past and a stranger cannot turn into a lockout.
// Failed attempts are counted three ways:
//
// - per account *and* address: the 6th attempt within 15 minutes from one address is refused for 15
//   minutes, even with the right password. The same account from any other address is untouched,
//   so nobody can lock the admin out from where they are.
// - per address, whatever the accounts: 20 failures in an hour refuse that address for an hour
//   (one address trying many accounts, i.e. password spraying).
// - per account, from everywhere: only a much higher ceiling, 100 failures in an hour, locks the
//   account on every address (for an hour, or until `npm run admin -- unlock --username U`). Reaching
//   it takes a distributed guessing run of at least five addresses.
//
// Addresses come from the platform, IPv6 by /64 (src/server/http/request-context.ts). Only a
// password checked and found wrong counts. Each attempt spends its points before the password is
// checked, so parallel guesses cannot overshoot a limit; an attempt refused by one counter gives its
// points back to the others (it tested nothing), an attempt that ends before its password is judged
// (the database failed: 503) gives every point back, and a sign-in that succeeds gives its points
// back too and clears the failures of its (account, address). The counters live in the database:
// while it is unreachable nothing is spent. A point spent just before the database went silent is
// given back after the 503 has gone out (the platform's waitUntil), as soon as the database
// answers again within GIVE_BACK_WITHIN_MS: waiting for it before answering doubled the sign-in's
// wait to about 9 s, and the give-back then failed against the same silence and kept the point.

interface ThrottleRule extends RateLimitOptions {
  /** The 429's error text. */
  message: string;
}

export const ACCOUNT_ADDRESS_RULE: ThrottleRule = {
  keyPrefix: 'login_account_address',
  points: 5,
  durationSeconds: 15 * 60,
  blockDurationSeconds: 15 * 60,
  message: 'Too many failed sign-in attempts from your network. Try again in 15 minutes.',
};

export const ADDRESS_RULE: ThrottleRule = {
  keyPrefix: 'login_address',
  points: 20,
  durationSeconds: 60 * 60,
  blockDurationSeconds: 60 * 60,
  message: 'Too many failed sign-in attempts from your network. Try again in an hour.',
};

export const ACCOUNT_RULE: ThrottleRule = {
  keyPrefix: 'login_account',
  points: 100,
  durationSeconds: 60 * 60,
  blockDurationSeconds: 60 * 60,
  message: 'This account is locked after too many failed sign-in attempts. Try again in an hour, or ask an administrator to unlock it.',
};

// Usernames can be 254 characters and the table's key is varchar(255): key accounts by a digest.
const accountDigest = (username: string) => crypto.createHash('sha256').update(emailKey(username)).digest('base64url');

interface Counter {
  rule: ThrottleRule;
  limiter: RateLimiterPostgres;
  key: string;
}

function counters(username: string, address: string): Counter[] {
  const account = accountDigest(username);
  return [
    { rule: ACCOUNT_ADDRESS_RULE, key: `${account}:${address}` },
    { rule: ADDRESS_RULE, key: address },
    { rule: ACCOUNT_RULE, key: account },
  ].map((c) => ({ ...c, limiter: rateLimiter(c.rule) }));
}

/**
 * Counts a sign-in attempt before its password is checked: 429 with Retry-After (the longest wait
 * among the counters that refuse it) when any counter is over its limit.
 */
async function beginLoginAttempt(username: string, address: string, ctx: RequestContext): Promise<void> {
  const all = counters(username, address);
  const results = await Promise.allSettled(all.map((c) => c.limiter.consume(c.key)));
  const failed = results.find((r) => r.status === 'rejected' && !isRateLimited(r.reason));
  if (failed?.status === 'rejected') {
    // The database failed some counters: the attempt checks nothing, so those that counted it give their point back.
    giveBackAfterAnswer(
      all.filter((_, i) => results[i]!.status === 'fulfilled'),
      ctx,
    );
    throw failed.reason;
  }
  let refusal: { rule: ThrottleRule; ms: number } | undefined;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled' || !isRateLimited(r.reason)) return;
    if (!refusal || r.reason.msBeforeNext > refusal.ms) refusal = { rule: all[i]!.rule, ms: r.reason.msBeforeNext };
  });
  if (refusal) {
    // A refused attempt checks no password: the counters that let it through get their point back.
    await Promise.all(all.filter((_, i) => results[i]!.status === 'fulfilled').map((c) => c.limiter.reward(c.key, 1)));
    throw tooManyRequests(refusal.rule.message, refusal.ms / 1000);
  }
}

/**
 * The password was right: this (account, address)'s failures are forgiven, and the address and
 * account get this attempt's point back (failures by others elsewhere still count).
 */
async function loginSucceeded(username: string, address: string): Promise<void> {
  const [pair, byAddress, byAccount] = counters(username, address);
  await Promise.all([pair!.limiter.delete(pair!.key), byAddress!.limiter.reward(byAddress!.key, 1), byAccount!.limiter.reward(byAccount!.key, 1)]);
}

/** How long after a failed attempt its points are still offered back to a database that does not answer. */
const GIVE_BACK_WITHIN_MS = 5_000;
/** The pause between offers while the database does not answer. */
const GIVE_BACK_RETRY_MS = 250;

/**
 * Gives each of `pending` its point back, trying again while the database is unavailable, for up
 * to GIVE_BACK_WITHIN_MS; a counter whose give-back did go through is not offered again. A failure
 * is logged, never thrown: nobody waits on this. (A give-back whose statement ran but whose answer
 * was lost is offered again and so gives back two points: the rarer error, and the one in the
 * admin's favour.)
 */
async function giveBack(pending: Counter[]): Promise<void> {
  const until = Date.now() + GIVE_BACK_WITHIN_MS;
  for (;;) {
    const results = await Promise.allSettled(pending.map((c) => c.limiter.reward(c.key, 1)));
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failed.length === 0) return;
    if (!isDatabaseUnavailable(failed[0]) || Date.now() >= until) {
      console.error('[login-throttle] giving back the points of an undecided attempt failed:', failed[0] instanceof Error ? failed[0].message : failed[0]);
      return;
    }
    pending = pending.filter((_, i) => results[i]!.status === 'rejected');
    await new Promise((resolve) => setTimeout(resolve, GIVE_BACK_RETRY_MS));
  }
}

/**
 * No verdict (the database failed): the points `counted` go back once the answer is on its way,
 * with connections of their own (the request's end with its answer), on Netlify through
 * `context.waitUntil`; with no waitUntil (a handler called directly) the work simply runs on.
 */
function giveBackAfterAnswer(counted: Counter[], ctx: RequestContext): void {
  if (counted.length === 0) return;
  const work = withDetachedDatabase(() => giveBack(counted));
  ctx.waitUntil?.(work);
}

/**
 * Checks a password of `username` from `address` under the throttle: 429 before `check` runs when
 * a counter refuses; otherwise its verdict, of which only `false` (a wrong password) stays counted.
 * When `check` throws (the database failed), the error goes on at once and the attempt's points
 * are given back after the answer.
 */
export async function throttledPasswordCheck(username: string, address: string, ctx: RequestContext, check: () => Promise<boolean>): Promise<boolean> {
  await beginLoginAttempt(username, address, ctx);
  let right: boolean;
  try {
    right = await check();
  } catch (err) {
    giveBackAfterAnswer(counters(username, address), ctx);
    throw err;
  }
  if (right) await loginSucceeded(username, address);
  return right;
}

/**
 * Ends every sign-in refusal of an account: its account-wide lock and the per-address counts of
 * that account (the admin command line's `unlock`). Answers how many counters were cleared.
 */
export async function unlockAccount(db: Kysely<Database>, username: string): Promise<number> {
  const account = accountDigest(username);
  // The stored keys as the limiters write them: the account's own, and every (account, address) one.
  const accountKey = rateLimiter(ACCOUNT_RULE).getKey(account);
  const pairKeysStart = rateLimiter(ACCOUNT_ADDRESS_RULE).getKey(`${account}:`);
  const result = await db
    .deleteFrom('rateLimits')
    .where((eb) => eb.or([eb('key', '=', accountKey), eb('key', 'like', `${likeLiteral(pairKeysStart)}%`)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
