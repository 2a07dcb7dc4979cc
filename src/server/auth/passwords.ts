import argon2 from 'argon2';

// argon2id, whose memory cost makes each guess at a stolen hash expensive, at 19 MiB, 2 passes and
// 1 lane: the least cost held safe for it, so a sign-in stays quick inside a function.
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * A password as it is hashed: NFKC, as NIST SP 800-63B advises, so the same characters typed on
 * two keyboards (an é composed on one, e and a combining accent on another; fullwidth letters from
 * an East Asian input method) are one password, not a sign-in refused on the second.
 */
const normalised = (plain: string) => plain.normalize('NFKC');

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(normalised(plain), ARGON2_OPTIONS);
}

async function verifies(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false; // a malformed stored hash is a failed login, not a crash
  }
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  const form = normalised(plain);
  if (await verifies(hash, form)) return true;
  // A hash made before passwords were normalised holds the text as it was typed then.
  return form !== plain && verifies(hash, plain);
}

/**
 * What a sign-in for a user who does not exist is verified against, so both paths cost one argon2
 * verification. A constant, made once with ARGON2_OPTIONS from 32 random bytes nobody kept: hashed
 * on first use instead, it made the first unknown-user sign-in of every function instance (each
 * cold start) cost a hash and a verification, twice a known user's, which told who exists.
 * passwords.test.ts keeps it made with ARGON2_OPTIONS.
 */
export const DECOY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$AG6HajfmuxaKAbaZwD/EuQ$Fri72udkPsdUo96jUSDp2K3GgTcYg7/c5UXiU7Fejik';
