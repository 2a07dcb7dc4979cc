import type { ByteRange } from '../schemas/upload.ts';
import { UPLOAD_PARTS_STORE, objectStore } from './blobs.ts';
import { badRequest } from './http/errors.ts';

// The parts of an upload sent in several PUTs (src/schemas/upload.ts says why). Each part is kept
// create-only in its own store under `{name}-{first byte}` until the last one arrives; then the
// parts are checked to cover the whole file exactly once, joined, and deleted, whatever the
// outcome. Nothing reaches the uploads store before the whole file is there and checked.

const partKey = (name: string, start: number) => `${name}-${start}`;

/** Keeps one part; false (and nothing written) when a part starting at that byte is already kept. */
export function storePart(name: string, range: ByteRange, bytes: Uint8Array): Promise<boolean> {
  return objectStore(UPLOAD_PARTS_STORE).createIfAbsent(partKey(name, range.start), bytes, {
    total: String(range.total),
    uploadedAt: new Date().toISOString(),
  });
}

/**
 * Joins the kept parts of `name` into its `total` bytes and hands them to `use`, then deletes the
 * parts, whether the join, `use` or neither failed (so a failed upload leaves nothing behind and the
 * same URL may be tried again while it is valid). 400 naming the first gap or overlap, or parts
 * that disagree on the total.
 */
export async function withJoinedParts<T>(name: string, total: number, use: (bytes: Uint8Array<ArrayBuffer>) => Promise<T>): Promise<T> {
  const store = objectStore(UPLOAD_PARTS_STORE);
  const keys = await store.list(`${name}-`);
  try {
    const starts = keys.map((key) => Number(key.slice(name.length + 1))).sort((a, b) => a - b);
    const bytes = new Uint8Array(total);
    let next = 0; // the first byte not yet covered
    for (const start of starts) {
      if (start > next) throw badRequest(`Upload incomplete: bytes ${next}-${start - 1} are missing`);
      const part = await store.get(partKey(name, start));
      if (!part) throw badRequest(`Upload incomplete: the part from byte ${start} is missing`);
      if (part.metadata.total !== String(total)) {
        throw badRequest(`Upload parts disagree on the file size: ${part.metadata.total} and ${total} bytes`);
      }
      const end = start + part.data.byteLength - 1;
      if (start < next) throw badRequest(`Upload parts overlap: bytes ${start}-${Math.min(end, next - 1)} were sent twice`);
      bytes.set(part.data, start);
      next = end + 1;
    }
    if (next < total) throw badRequest(`Upload incomplete: bytes ${next}-${total - 1} are missing`);
    return await use(bytes);
  } finally {
    const deleted = await Promise.allSettled(keys.map((key) => store.delete(key)));
    // A part left behind is harmless (never served, never joined again): log it, keep the answer.
    for (const r of deleted) if (r.status === 'rejected') console.error(`[uploads] could not delete a part of ${name}:`, r.reason);
  }
}
