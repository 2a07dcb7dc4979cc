/**
 * Image upload sizes and the Content-Range of an upload part, shared by the admin panel (which
 * splits the file) and the upload function (which checks and reassembles it). Browser-safe: no
 * Node APIs, no dependencies.
 *
 * Why parts: Netlify buffers a function's request body up to 6 MB and Base64-encodes binary
 * bodies, so one PUT above about 4.5 MB never reaches the function (docs/decisions/0005). A file
 * larger than one part therefore goes as several PUTs to the same upload URL, each at most
 * UPLOAD_PART_BYTES (4 MiB, about 5.6 MB once encoded) and each with a standard
 * `Content-Range: bytes <start>-<end>/<total>` header; a file within one part is one plain PUT.
 */
// With its .ts extension: scripts/test-netlify.mjs loads this module under Node's own TypeScript support.
import { UPLOADED_OBJECTS_PATH } from '../lib/permalinks.ts';

/** Server-made object names: 32 lowercase hex characters, nothing a path could be built from. */
const OBJECT_NAME = /^[0-9a-f]{32}$/;

export function isObjectName(name: string | undefined): name is string {
  return typeof name === 'string' && OBJECT_NAME.test(name);
}

/** A stored image, as the upload's last PUT answers it. */
export interface StoredImage {
  /** /objects/uploads/{name}: where it is served, and what an article keeps. */
  objectPath: string;
  contentType: string;
  size: number;
}

/** The object name an image path names when it is one of our uploads (/objects/uploads/{name}); else null. */
export function uploadedObjectName(path: string): string | null {
  const trimmed = path.trim();
  const name = trimmed.startsWith(UPLOADED_OBJECTS_PATH) ? trimmed.slice(UPLOADED_OBJECTS_PATH.length) : undefined;
  return isObjectName(name) ? name : null;
}

/** Uploads are images only, at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels an uploaded image may have: what the Image CDN's decoder (libvips, whose input
 * limit this is) takes, 16,383 x 16,383. Past it the CDN answers an error for every size the
 * article page asks for, so a bigger image would be stored and then never shown.
 */
export const MAX_IMAGE_PIXELS = 16_383 * 16_383;

/** The image types an upload may be: the server checks the bytes themselves, the file picker offers these. */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'] as const;
export type ImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The largest body one upload PUT carries. */
export const UPLOAD_PART_BYTES = 4 * 1024 * 1024;

/**
 * The smallest part but the last: it bounds an upload to a dozen parts. Without it, a file sent a
 * few bytes a part became millions of stored parts, each PUT listing all those before it.
 */
export const MIN_UPLOAD_PART_BYTES = 1024 * 1024;

/** Bytes start..end (inclusive, zero-based) of an upload of `total` bytes. */
export interface ByteRange {
  start: number;
  end: number;
  total: number;
}

/** The parts a file of `total` bytes is sent in: consecutive, each at most `partBytes`. */
export function uploadParts(total: number, partBytes: number = UPLOAD_PART_BYTES): ByteRange[] {
  const parts: ByteRange[] = [];
  for (let start = 0; start < total; start += partBytes) {
    parts.push({ start, end: Math.min(start + partBytes, total) - 1, total });
  }
  return parts;
}

/** The Content-Range header value of a part: `bytes <start>-<end>/<total>`, the end inclusive. */
export const formatContentRange = ({ start, end, total }: ByteRange) => `bytes ${start}-${end}/${total}`;

const CONTENT_RANGE = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/;

/**
 * A Content-Range header of the `bytes <start>-<end>/<total>` form with start <= end < total, or
 * null for anything else (another unit, `*` for the range or the length, missing or extra parts).
 */
export function parseContentRange(header: string): ByteRange | null {
  const m = CONTENT_RANGE.exec(header.trim());
  if (!m) return null;
  const [start, end, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (start > end || end >= total) return null;
  return { start, end, total };
}
