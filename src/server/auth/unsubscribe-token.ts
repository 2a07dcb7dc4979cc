/**
 * The token in a newsletter's unsubscribe link: a JWT for one address, signed with its own key
 * (derived from SESSION_SECRET), so the link works without signing in and cannot be made for
 * another address, nor replayed as a session or an upload token.
 */
import { SignJWT, jwtVerify } from 'jose';
import { emailKey } from '../../schemas/fields.ts';
import { JWT_ALG, signingKey } from './keys.ts';

/** Long enough for any newsletter a subscriber keeps; a newer message carries a newer link. */
const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 2 * 365 * 24 * 60 * 60;

export async function createUnsubscribeToken(email: string, ttlSeconds = UNSUBSCRIBE_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: JWT_ALG })
    .setSubject(emailKey(email))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(signingKey('unsubscribe'));
}

/** True only for an unexpired token of ours, made for this very address. */
export async function verifyUnsubscribeToken(token: string, email: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, signingKey('unsubscribe'), { algorithms: [JWT_ALG] });
    return payload.sub === emailKey(email);
  } catch {
    return false;
  }
}
