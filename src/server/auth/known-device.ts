/**
 * A browser an admin has signed in from before, told by a cookie the sign-in sets (a signed token
 * naming the account, by its digest, and this browser, by a random id). Anyone who knows the admin's
 * address can fail 100 sign-ins an hour from many networks and so lock the account everywhere
 * (login-throttle.ts); a known browser is exempt from that lock and counted on its own instead, so
 * the admin keeps signing in from where they always do while a stranger's guessing is held back.
 */
import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { accountDigest } from './account-digest.ts';
import { knownDeviceCookie, knownDeviceCookieName, readCookie } from './cookies.ts';
import { JWT_ALG, signingKey } from './keys.ts';

/** A browser stays known a year after its last sign-in. */
const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 60 * 60;
const AUDIENCE = 'known-device';

/** The browser's id when the request carries a valid known-device token for `username`'s account; else null. */
export async function knownDevice(req: Request, username: string): Promise<string | null> {
  const token = readCookie(req, knownDeviceCookieName(req));
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey('known-device'), { algorithms: [JWT_ALG], audience: AUDIENCE, subject: accountDigest(username) });
    return typeof payload.jti === 'string' && /^[\w-]{16,64}$/.test(payload.jti) ? payload.jti : null;
  } catch {
    return null;
  }
}

/**
 * The Set-Cookie that marks this browser as known for `username`'s account for another year: the id
 * it already had (`device`), else a new one.
 */
export async function knownDeviceCookieFor(req: Request, username: string, device: string | null): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(accountDigest(username))
    .setAudience(AUDIENCE)
    .setJti(device ?? crypto.randomBytes(16).toString('base64url'))
    .setIssuedAt()
    .setExpirationTime(`${KNOWN_DEVICE_TTL_SECONDS}s`)
    .sign(signingKey('known-device'));
  return knownDeviceCookie(req, token, KNOWN_DEVICE_TTL_SECONDS);
}
