/**
 * The uploaded images' store: a whole file, or one part of a file sent in parts (joined once its
 * last part is in), checked to be an image whatever its Content-Type says, each name written once
 * (the same bytes sent again to a name that holds them answered as the first success: a write whose
 * answer was lost, retried by the library or the admin);
 * the delete, which keeps an image an article still shows; and the sweep of images no article uses.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { objectPublicPath } from '../../lib/permalinks.ts';
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, MIN_UPLOAD_PART_BYTES, UPLOAD_PART_BYTES, type ByteRange, type ImageType, type StoredImage } from '../../schemas/upload.ts';
import type { Database } from '../db/schema.ts';
import { readBodyBytes } from '../http/body.ts';
import { badRequest, conflict, notFound, payloadTooLarge, unsupportedMediaType } from '../http/errors.ts';
import { purgeCacheTag, uploadCacheTag } from '../http/cdn-cache.ts';
import { findArticlesUsingImage, listImageNamesInUse } from '../repositories/articles.ts';
import { assertNextPart, storePart, withJoinedParts } from './parts.ts';
import { uploadStores, type UploadSweep } from './deploy-stores.ts';
import { holdsWholeImage } from './image-completeness.ts';
import { imageSize } from './image-dimensions.ts';
import { withoutLocation } from './image-location.ts';

const ALREADY_USED_MESSAGE = 'This upload URL has already been used';

const ascii = (bytes: Uint8Array, start: number, length: number) =>
  String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * The image type the bytes themselves declare (their magic numbers), or null. The client's
 * Content-Type and file name are never trusted; SVG (script-capable XML) is never an image here.
 * Signatures: the byte patterns browsers sniff images by (PNG, JPEG, GIF, WebP) and, for AVIF, the
 * ISO-BMFF `ftyp` box with an avif/avis brand.
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

const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported file type: upload a PNG, JPEG, GIF, WebP or AVIF image';

const CUT_SHORT_MESSAGE = 'The image is cut short: its file ends before the image does; download or export it again';

const DAMAGED_METADATA_MESSAGE = 'The image is damaged: its metadata does not read through; export it again';

const TOO_LARGE_MESSAGE = 'File too large: images must be 10 MB or smaller';

const TOO_MANY_PIXELS_MESSAGE = 'Image too large: it must be at most 268 megapixels (16,383 × 16,383 pixels); export a smaller copy';

const PART_TOO_LARGE_MESSAGE = `Upload part too large: a part must be ${UPLOAD_PART_BYTES / (1024 * 1024)} MiB or smaller`;

const PART_TOO_SMALL_MESSAGE = `Upload part too small: every part but the last must be ${MIN_UPLOAD_PART_BYTES / (1024 * 1024)} MiB or larger`;

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('base64url');

/** The metadata naming the last part a file sent in parts was joined with: its range and its digest. */
const lastPartOf = (range: ByteRange, bytes: Uint8Array) => `${range.start}-${range.end}/${range.total} ${sha256(bytes)}`;

/**
 * Stores the whole, checked file under its name: 415 unless an image. A name already taken is 409,
 * unless it holds these very bytes (their SHA-256, kept in its metadata): then an earlier write of
 * this file landed and its answer was lost (the blob store's, to a retry of the library's own, or
 * the admin's, to a retry after the 503), and this one answers as that one would have.
 */
async function storeImage(name: string, sent: Uint8Array, lastPart?: string): Promise<StoredImage> {
  const contentType = sniffImageType(sent);
  if (!contentType) throw unsupportedMediaType(UNSUPPORTED_IMAGE_MESSAGE);
  // What is stored, and what the same bytes sent again are known by: the photo without its location.
  const bytes = withoutLocation(sent, contentType);
  if (!bytes) throw badRequest(DAMAGED_METADATA_MESSAGE);
  // An image whose header gives no size is no image any decoder will show.
  const size = imageSize(bytes);
  if (!size) throw unsupportedMediaType(UNSUPPORTED_IMAGE_MESSAGE);
  if (size.width * size.height > MAX_IMAGE_PIXELS) throw payloadTooLarge(TOO_MANY_PIXELS_MESSAGE);
  if (!holdsWholeImage(bytes, contentType)) throw badRequest(CUT_SHORT_MESSAGE);
  const digest = sha256(bytes);
  const store = uploadStores().own;
  const created = await store.createIfAbsent(name, bytes, {
    contentType,
    uploadedAt: new Date().toISOString(),
    sha256: digest,
    ...(lastPart ? { lastPart } : {}),
  });
  if (!created && (await store.metadata(name))?.sha256 !== digest) throw conflict(ALREADY_USED_MESSAGE);
  return { objectPath: objectPublicPath(name), contentType, size: bytes.byteLength };
}

/**
 * The answer to the last part of a file already stored under its name from these very parts (the
 * same range and bytes as the last one it was joined with: a retry after that answer was lost), or
 * 409: a used name takes no more parts.
 */
async function storedFromParts(name: string, stored: Record<string, string>, range: ByteRange, req: Request): Promise<StoredImage> {
  const isLast = range.end + 1 === range.total;
  if (!isLast || !stored.lastPart?.startsWith(`${range.start}-${range.end}/${range.total} `) || !stored.contentType) {
    throw conflict(ALREADY_USED_MESSAGE);
  }
  const bytes = await readBodyBytes(req, UPLOAD_PART_BYTES, PART_TOO_LARGE_MESSAGE);
  if (stored.lastPart !== lastPartOf(range, bytes)) throw conflict(ALREADY_USED_MESSAGE);
  return { objectPath: objectPublicPath(name), contentType: stored.contentType as ImageType, size: range.total };
}

/** Stores a whole file sent in one request: only while no part of it is kept (it starts at byte 0). */
export async function storeWholeImage(name: string, req: Request): Promise<StoredImage> {
  await assertNextPart(name, 0);
  return storeImage(name, await readBodyBytes(req, MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE));
}

/**
 * Keeps one part of a file: the bytes received so far while parts are missing, the stored image once
 * its last part is in. A used name takes no more parts (they could never be joined), but its last
 * part sent again is answered as the stored image; a part out of order is refused before its bytes
 * are read; a non-image is refused at its first part.
 */
export async function storeImagePart(
  name: string,
  range: ByteRange,
  req: Request,
): Promise<{ received: number } | StoredImage> {
  if (range.total > MAX_UPLOAD_BYTES) throw payloadTooLarge(TOO_LARGE_MESSAGE);
  const length = range.end - range.start + 1;
  if (length > UPLOAD_PART_BYTES) throw payloadTooLarge(PART_TOO_LARGE_MESSAGE);
  const stored = await uploadStores().own.metadata(name);
  if (stored) return storedFromParts(name, stored, range, req);
  await assertNextPart(name, range.start, range.total);
  const bytes = await readBodyBytes(req, UPLOAD_PART_BYTES, PART_TOO_LARGE_MESSAGE);
  if (bytes.byteLength !== length) {
    throw badRequest(`The part has ${bytes.byteLength} bytes but its Content-Range names ${length}`);
  }
  const isLast = range.end + 1 === range.total;
  if (!isLast && length < MIN_UPLOAD_PART_BYTES) throw badRequest(PART_TOO_SMALL_MESSAGE);
  if (range.start === 0 && !sniffImageType(bytes)) throw unsupportedMediaType(UNSUPPORTED_IMAGE_MESSAGE);
  await storePart(name, range, bytes);
  if (!isLast) return { received: range.end + 1 };
  return withJoinedParts(name, range.total, (whole) => storeImage(name, whole, lastPartOf(range, bytes)));
}

/** A preview's articles may show the live site's images, which only the live site may delete. */
const LIVE_IMAGE_MESSAGE = 'This image belongs to the live site: delete it there, not from a preview';

/**
 * Deletes an uploaded image no article uses: 404 for an unknown one, 409 naming the articles (drafts
 * too) whose image or body uses it, which the admin edits first, and 409 on a preview for one of
 * the live site's images (src/server/uploads/deploy-stores.ts).
 */
export async function deleteUnusedImage(db: Kysely<Database>, name: string): Promise<void> {
  const { own: store, live } = uploadStores();
  if (!(await store.has(name))) {
    if (live && (await live.has(name))) throw conflict(LIVE_IMAGE_MESSAGE);
    throw notFound('Image not found');
  }
  const users = await findArticlesUsingImage(db, name);
  if (users.length > 0) {
    const [first] = users;
    const more = users.length > 1 ? ` and ${users.length - 1} other article${users.length > 2 ? 's' : ''}` : '';
    throw conflict(`This image is used by the article "${first!.title}"${more}: remove it there first`);
  }
  await store.delete(name);
}

/**
 * How long an uploaded image no article uses is kept: an article may be written over days before
 * it is first saved, and its image is uploaded when it is chosen. An article first saved later than
 * this after its image's upload finds the image gone and is saved without it showing.
 */
export const UNUSED_IMAGE_GRACE_DAYS = 7;

/**
 * Deletes the uploaded images that no article uses any more (or ever did: an upload whose article
 * was never saved, an image replaced or whose article was deleted), and purges the CDN's copies;
 * at most `limit` a run, stopping at the deadline, the rest on the next run. The articles are read
 * twice: once to find the candidates, and again just before the deletes, so an image saved into an
 * article meanwhile is kept.
 */
export async function deleteUnusedImages(db: Kysely<Database>, { uploadedBefore, limit, deadline = Infinity, only }: UploadSweep): Promise<number> {
  const store = uploadStores().own;
  const inUse = await listImageNamesInUse(db);
  const unused: string[] = [];
  for (const name of only ?? (await store.list(''))) {
    if (unused.length >= limit || Date.now() >= deadline) break;
    if (inUse.has(name)) continue;
    const metadata = await store.metadata(name);
    if (!metadata) continue;
    // An image without a readable time is old: every upload since the first has one.
    const uploadedAt = Date.parse(metadata.uploadedAt ?? '');
    if (Number.isFinite(uploadedAt) && uploadedAt >= uploadedBefore.getTime()) continue;
    unused.push(name);
  }
  if (unused.length === 0) return 0;
  const inUseNow = await listImageNamesInUse(db);
  let deleted = 0;
  for (const name of unused) {
    if (inUseNow.has(name)) continue;
    await store.delete(name);
    await purgeCacheTag(uploadCacheTag(name));
    deleted += 1;
  }
  return deleted;
}
