import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import { getDb } from '../db/client.ts';
import type { Database, UserRow } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { readCookie, sessionCookie, sessionCookieName } from './cookies.ts';
import { JWT_ALG, signingKey } from './keys.ts';

// Sessions are JWTs (HS256, pinned on verification) in an HttpOnly, SameSite=Strict cookie. The
// token carries the user id and the user's session version; every request checks that version
// against the users row, so bumping it (logout, password change) ends every earlier session at
// once, without a sessions table.

/** A session lives at most 12 hours, however active it is. */
const SESSION_TTL_SECONDS = 12 * 60 * 60;
const AUDIENCE = 'admin-session';

/** What handlers learn about the signed-in admin. */
export interface SessionUser {
  id: number;
  username: string;
  sessionVersion: number;
}

async function createSessionToken(user: Pick<UserRow, 'id' | 'sessionVersion'>): Promise<string> {
  return new SignJWT({ sv: user.sessionVersion })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(String(user.id))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(signingKey('session'));
}

/** The claims of a valid token, or null for anything forged, expired, malformed or of another algorithm. */
async function readSessionToken(token: string): Promise<{ userId: number; sessionVersion: number } | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey('session'), {
      algorithms: [JWT_ALG], // pinned: refuses alg "none" and any algorithm confusion
      audience: AUDIENCE,
      maxTokenAge: SESSION_TTL_SECONDS,
    });
    const userId = Number(payload.sub);
    const sessionVersion = payload.sv;
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionVersion !== 'number') return null;
    return { userId, sessionVersion };
  } catch {
    return null;
  }
}

/** The signed-in admin, or null. Never throws for a bad cookie: a bad cookie is no session. */
export async function getSession(req: Request): Promise<SessionUser | null> {
  const token = readCookie(req, sessionCookieName(req));
  if (!token) return null;
  const claims = await readSessionToken(token);
  return claims ? currentSessionUser(getDb(), claims) : null;
}

/**
 * The admin a session (or anything issued within one: an upload URL) belongs to, while that
 * session is still current; null once a logout or a password change has moved the user's session
 * version on, or the user is gone.
 */
export async function currentSessionUser(db: Kysely<Database>, claims: { userId: number; sessionVersion: number }): Promise<SessionUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'sessionVersion'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  return user && user.sessionVersion === claims.sessionVersion ? user : null;
}

/** Every admin-only handler starts here: the session's admin, or a 401. (Every user is an admin.) */
export async function requireAdmin(req: Request): Promise<SessionUser> {
  const user = await getSession(req);
  if (!user) throw unauthorized('Authentication required');
  return user;
}

/** The Set-Cookie header that starts a session for `user` (at its current session version). */
export async function startSessionCookie(req: Request, user: Pick<UserRow, 'id' | 'sessionVersion'>): Promise<string> {
  return sessionCookie(req, await createSessionToken(user), SESSION_TTL_SECONDS);
}

/** Ends every session of the user: tokens carrying the old version no longer match. */
export async function endAllSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ sessionVersion: eb('sessionVersion', '+', 1), updatedAt: new Date() }))
    .where('id', '=', userId)
    .execute();
}
