/**
 * A browser an admin has signed in from before, told by a cookie the sign-in sets (a signed token
 * naming the account, by its digest, its password, by a keyed digest of its hash, and this browser,
 * by a random id). Anyone who knows the admin's address can fail 100 sign-ins an hour from many
 * networks and so lock the account everywhere (login-throttle.ts); a known browser is exempt from
 * that lock and counted on its own instead, so the admin keeps signing in from where they always do
 * while a stranger's guessing is held back.
 *
 * A token names the password it was issued under, and is no longer honoured once that password
 * changes: every sign-in mints one, so whoever once had the password could otherwise keep any number
 * of them, each exempt from the account's lock with 20 guesses an hour of its own, for a year after
 * the password was reset (`npm run admin -- reset-password`) to shut them out.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { accountDigest } from './account-digest.ts';
import { knownDeviceCookie, knownDeviceCookieName, readCookie } from './cookies.ts';
import { JWT_ALG, signingKey } from './keys.ts';

/** A browser stays known a year after its last sign-in. */
const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const AUDIENCE = 'known-device';

/** The password a token was issued under, as it names it: a keyed digest of its stored hash, so it tells nothing of the hash. */
const passwordTag = (passwordHash: string) => crypto.createHmac('sha256', signingKey('known-device')).update(passwordHash).digest('base64url').slice(0, 22);

/**
 * The browser's id when the request carries a valid known-device token for `username`'s account,
 * issued under its current password (`storedHash`: the account's password hash as stored, none for
 * no account); else null. Asks for that hash only for a request that carries such a token, so the
 * caller reads the account once, for this and for the password check alike.
 */
export async function knownDevice(req: Request, username: string, storedHash: () => Promise<string | undefined>): Promise<string | null> {
  const token = readCookie(req, knownDeviceCookieName(req));
  if (!token) return null;
  let claims: { jti?: unknown; pw?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, signingKey('known-device'), { algorithms: [JWT_ALG], audience: AUDIENCE, subject: accountDigest(username) }));
  } catch {
    return null;
  }
  if (typeof claims.jti !== 'string' || !/^[\w-]{16,64}$/.test(claims.jti) || typeof claims.pw !== 'string') return null;
  // The claim is signed, so a plain comparison tells a guesser nothing.
  const hash = await storedHash();
  return hash !== undefined && claims.pw === passwordTag(hash) ? claims.jti : null;
}

/**
 * The Set-Cookie that marks this browser as known for `username`'s account, under its password
 * `passwordHash` (as stored), for another year: the id it already had (`device`), else a new one.
 */
export async function knownDeviceCookieFor(req: Request, username: string, passwordHash: string, device: string | null): Promise<string> {
  const token = await new SignJWT({ pw: passwordTag(passwordHash) })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(accountDigest(username))
    .setAudience(AUDIENCE)
    .setJti(device ?? crypto.randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${KNOWN_DEVICE_TTL_SECONDS}s`)
    .sign(signingKey('known-device'));
  return knownDeviceCookie(req, token, KNOWN_DEVICE_TTL_SECONDS);
}
