import crypto from 'node:crypto';

// Every test file of a run shares one database and one set of rate-limit counters: a test that makes
// its own e-mail addresses and client addresses never sees another's rows or throttling.

/** Eight random hex characters, for e-mail addresses, titles and search terms no other test uses. */
export function unique(): string {
  return crypto.randomBytes(4).toString('hex');
}

/** A fresh client address (private 10/8 range), so throttling counters never collide between tests. */
export function uniqueIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
