import crypto from 'node:crypto';
import { consumeOrThrow, isRateLimited, rateLimiter } from '../rate-limit.ts';
import { tooManyRequests } from '../http/errors.ts';

// After 5 failed sign-ins for one account or from one address within 15 minutes, further attempts
// answer 429 for 15 minutes. Each attempt spends a point before the password is checked (so
// concurrent guesses cannot slip past the count); a success gives its point back.

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const LOGIN_BLOCK_SECONDS = 15 * 60;
export const THROTTLED_MESSAGE = 'Too many sign-in attempts. Try again in 15 minutes.';

const options = (keyPrefix: string) => ({
  keyPrefix,
  points: LOGIN_MAX_FAILURES,
  durationSeconds: LOGIN_WINDOW_SECONDS,
  blockDurationSeconds: LOGIN_BLOCK_SECONDS,
});
const byAccount = () => rateLimiter(options('login_account'));
const byAddress = () => rateLimiter(options('login_address'));

// Usernames can be 254 characters and the table's key is varchar(255): key by a digest instead.
const accountKey = (username: string) => crypto.createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');

/** Counts an attempt for the account and the address; 429 when either is over its limit. */
export async function beginLoginAttempt(username: string, address: string): Promise<void> {
  const results = await Promise.allSettled([byAccount().consume(accountKey(username)), byAddress().consume(address)]);
  let waitMs = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') continue;
    if (!isRateLimited(r.reason)) throw r.reason;
    waitMs = Math.max(waitMs, r.reason.msBeforeNext);
  }
  if (waitMs > 0) throw tooManyRequests(THROTTLED_MESSAGE, waitMs / 1000);
}

/** A successful sign-in: the account's failures are forgiven and the address gets its point back. */
export async function loginSucceeded(username: string, address: string): Promise<void> {
  await Promise.all([byAccount().delete(accountKey(username)), byAddress().reward(address, 1)]);
}

/** A wrong current password on change-password counts against the account like a failed sign-in. */
export async function beginPasswordCheck(username: string): Promise<void> {
  await consumeOrThrow(byAccount(), accountKey(username), THROTTLED_MESSAGE);
}

export async function passwordCheckSucceeded(username: string): Promise<void> {
  await byAccount().reward(accountKey(username), 1);
}
