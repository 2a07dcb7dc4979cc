import crypto from 'node:crypto';
import { getEnv } from '../env.ts';

// One secret (SESSION_SECRET), one derived key per purpose, so a token minted for one purpose (an
// upload URL) can never be replayed as another (a session), whatever its claims say. The keys are
// derived with HKDF, the purpose as its info, so knowing one key tells nothing of another.

export type KeyPurpose = 'session' | 'upload' | 'unsubscribe' | 'message-id' | 'known-device';

const cache = new Map<string, Uint8Array>();

export function signingKey(purpose: KeyPurpose): Uint8Array {
  const secret = getEnv().sessionSecret;
  const id = `${purpose}\0${secret}`;
  let key = cache.get(id);
  if (!key) {
    // The salt keeps the project's first name: changing it would end every session and void every
    // unsubscribe link already mailed.
    key = new Uint8Array(crypto.hkdfSync('sha256', secret, 'rise-consulting-site', `jwt-hs256:${purpose}`, 32));
    cache.set(id, key);
  }
  return key;
}

/** The one algorithm every token is signed with and the only one verification accepts. */
export const JWT_ALG = 'HS256';
