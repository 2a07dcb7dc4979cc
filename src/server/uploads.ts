import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { UPLOAD_PART_BYTES, uploadTargetPath, type ImageType } from '../schemas/upload.ts';
import { JWT_ALG, signingKey } from './auth/keys.ts';

// Article image uploads: an admin asks for an upload URL, PUTs the
// raw bytes to it, and the image is then served from /objects/uploads/{last segment of that URL}.
// The URL is signed, names its object, expires after 10 minutes or with the admin's session (a
// logout or a password change), and stores at most one object.
// A file larger than one part goes as several PUTs with Content-Range (src/schemas/upload.ts,
// src/server/upload-parts.ts).

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

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * The image type the bytes themselves declare (their magic numbers), or null. The client's
 * Content-Type and file name are never trusted; SVG (script-capable XML) is never an image here.
 * Signatures: https://mimesniff.spec.whatwg.org/#matching-an-image-type-pattern and, for AVIF, the
 * ISO-BMFF `ftyp` box with an avif/avis brand (https://aomediacodec.github.io/av1-avif/).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && ascii(b, 1, 3) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) {
    return 'image/png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'image/webp';
  if (b.length >= 16 && ascii(b, 4, 4) === 'ftyp') {
    const boxSize = new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(0);
    const end = Math.min(boxSize, b.length);
    const brands = [ascii(b, 8, 4)];
    for (let i = 16; i + 4 <= end; i += 4) brands.push(ascii(b, i, 4)); // compatible brands
    if (brands.some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  }
  return null;
}

export const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported file type: upload a PNG, JPEG, GIF, WebP or AVIF image';

export const TOO_LARGE_MESSAGE = 'File too large: images must be 10 MB or smaller';

export const PART_TOO_LARGE_MESSAGE = `Upload part too large: a part must be ${UPLOAD_PART_BYTES / (1024 * 1024)} MiB or smaller`;
