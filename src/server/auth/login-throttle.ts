import type { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Kysely } from 'kysely';
import { likeLiteral } from '../db/like.ts';
import { withDetachedDatabase } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import type { RequestContext } from '../http/request-context.ts';
import { tooManyRequests } from '../http/errors.ts';
import { isRateLimited, rateLimiter, type RateLimitOptions } from '../rate-limit.ts';
import { accountDigest } from './account-digest.ts';

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
//   it takes a distributed guessing run of at least five addresses. A browser the account has signed
//   in from before (known-device.ts) is not held by that lock: its failures count on a counter of its
//   own instead, 20 an hour, so a stranger's guessing never locks the admin out of their own browser.
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

export const KNOWN_DEVICE_RULE: ThrottleRule = {
  keyPrefix: 'login_known_device',
  points: 20,
  durationSeconds: 60 * 60,
  blockDurationSeconds: 60 * 60,
  message: 'Too many failed sign-in attempts from this browser. Try again in an hour, or ask an administrator to unlock it.',
};

/** Who is trying to sign in as `username`: the client's address, and the browser's id when it is one the account knows. */
export interface LoginAttempt {
  username: string;
  address: string;
  device: string | null;
}

interface Counter {
  rule: ThrottleRule;
  limiter: RateLimiterPostgres;
  key: string;
}

function counters({ username, address, device }: LoginAttempt): Counter[] {
  const account = accountDigest(username);
  return [
    { rule: ACCOUNT_ADDRESS_RULE, key: `${account}:${address}` },
    { rule: ADDRESS_RULE, key: address },
    device ? { rule: KNOWN_DEVICE_RULE, key: `${account}:${device}` } : { rule: ACCOUNT_RULE, key: account },
  ].map((c) => ({ ...c, limiter: rateLimiter(c.rule) }));
}

/**
 * Counts a sign-in attempt before its password is checked: 429 with Retry-After (the longest wait
 * among the counters that refuse it) when any counter is over its limit.
 */
async function beginLoginAttempt(attempt: LoginAttempt, ctx: RequestContext): Promise<void> {
  const all = counters(attempt);
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
async function loginSucceeded(attempt: LoginAttempt): Promise<void> {
  const [pair, byAddress, byAccountOrDevice] = counters(attempt);
  await Promise.all([pair!.limiter.delete(pair!.key), byAddress!.limiter.reward(byAddress!.key, 1), byAccountOrDevice!.limiter.reward(byAccountOrDevice!.key, 1)]);
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
 * Checks a password of the attempt's account from its address (and known browser) under the
 * throttle: 429 before `check` runs when a counter refuses; otherwise its verdict, of which only
 * `false` (a wrong password) stays counted. When `check` throws (the database failed), the error
 * goes on at once and the attempt's points are given back after the answer.
 */
export async function throttledPasswordCheck(attempt: LoginAttempt, ctx: RequestContext, check: () => Promise<boolean>): Promise<boolean> {
  await beginLoginAttempt(attempt, ctx);
  let right: boolean;
  try {
    right = await check();
  } catch (err) {
    giveBackAfterAnswer(counters(attempt), ctx);
    throw err;
  }
  if (right) await loginSucceeded(attempt);
  return right;
}

/**
 * Ends every sign-in refusal of an account: its account-wide lock and the per-address and
 * per-browser counts of that account (the admin command line's `unlock`). Answers how many
 * counters were cleared.
 */
export async function unlockAccount(db: Kysely<Database>, username: string): Promise<number> {
  const account = accountDigest(username);
  // The stored keys as the limiters write them: the account's own, and every (account, address) and
  // (account, browser) one.
  const accountKey = rateLimiter(ACCOUNT_RULE).getKey(account);
  const pairKeyStarts = [ACCOUNT_ADDRESS_RULE, KNOWN_DEVICE_RULE].map((rule) => likeLiteral(rateLimiter(rule).getKey(`${account}:`)));
  const result = await db
    .deleteFrom('rateLimits')
    .where((eb) => eb.or([eb('key', '=', accountKey), ...pairKeyStarts.map((start) => eb('key', 'like', `${start}%`))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
