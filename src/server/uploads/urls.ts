import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { uploadTargetPath } from '../../lib/api-paths.ts';
import { JWT_ALG, signingKey } from '../auth/keys.ts';

// Article image uploads: an admin asks for an upload URL, PUTs the
// raw bytes to it, and the image is then served from /objects/uploads/{last segment of that URL}.
// The URL is signed, names its object, expires after 10 minutes or with the admin's session (a
// logout or a password change), and stores at most one object.
// A file larger than one part goes as several PUTs with Content-Range (src/schemas/upload.ts,
// src/server/uploads/parts.ts); what the PUTs store, and how, is src/server/uploads/store.ts.

export const UPLOAD_URL_TTL_SECONDS = 10 * 60;
const AUDIENCE = 'image-upload';

/** A new object's name: 16 random bytes as hex (the form isObjectName accepts). */
export function newObjectName(): string {
  return crypto.randomBytes(16).toString('hex');
}

/**
 * A signed, short-lived upload URL (relative: the browser PUTs to the same origin), issued within
 * the admin's session: it names the session's user and version, so a logout or a password change
 * ends it with the session.
 */
export async function createUploadUrl(admin: { id: number; sessionVersion: number }): Promise<{ uploadURL: string; name: string }> {
  const name = newObjectName();
  const token = await new SignJWT({ uid: admin.id, sv: admin.sessionVersion })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(name)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${UPLOAD_URL_TTL_SECONDS}s`)
    .sign(signingKey('upload'));
  return { uploadURL: `${uploadTargetPath(name)}?token=${token}`, name };
}

/**
 * The session an upload token was issued in, when `token` is a valid, unexpired upload token for
 * exactly this object name; else null. Whether that session is still current is the caller's check.
 */
export async function verifyUploadToken(token: string | null, name: string): Promise<{ userId: number; sessionVersion: number } | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey('upload'), {
      algorithms: [JWT_ALG],
      audience: AUDIENCE,
      subject: name,
      maxTokenAge: UPLOAD_URL_TTL_SECONDS,
    });
    const { uid, sv } = payload;
    return typeof uid === 'number' && typeof sv === 'number' ? { userId: uid, sessionVersion: sv } : null;
  } catch {
    return null;
  }
}
