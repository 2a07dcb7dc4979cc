import type { ByteRange } from '../../schemas/upload.ts';
import { UPLOAD_PARTS_STORE, objectStore } from './blobs.ts';
import { HttpError, badRequest, conflict } from '../http/errors.ts';

// The parts of an upload sent in several PUTs (src/schemas/upload.ts says why). Parts must arrive
// in order: each one starts at the byte after the last one kept, so the kept parts always cover
// 0..n-1 exactly once and one upload URL can never hold more than the file it names. Each part is
// kept create-only in its own store under `{name}-{first byte}` until the last one arrives; then
// the parts are joined and deleted, whatever the outcome. Nothing reaches the uploads store before
// the whole file is there and checked.

const partKey = (name: string, start: number) => `${name}-${start}`;

/** How far an upload in parts has come: the byte the next part must start at, and the file size. */
interface UploadProgress {
  next: number;
  /** The size the kept parts announced; undefined before the first part. */
  total: number | undefined;
}

async function uploadProgress(name: string): Promise<UploadProgress> {
  const store = objectStore(UPLOAD_PARTS_STORE);
  const starts = (await store.list(`${name}-`)).map((key) => Number(key.slice(name.length + 1)));
  if (starts.length === 0) return { next: 0, total: undefined };
  const last = Math.max(...starts);
  const metadata = await store.metadata(partKey(name, last));
  // Deleted by a join meanwhile: the upload is over, and the URL is refused as used.
  if (!metadata) return { next: 0, total: undefined };
  return { next: Number(metadata.end) + 1, total: Number(metadata.total) };
}

/**
 * Refuses a part that does not start at the next expected byte (409, naming that byte and sending
 * it as Upload-Offset, as resumable-upload clients expect) or that announces another file size than
 * the parts before it (400). A whole-file PUT is a part starting at 0 (of no announced size).
 */
export async function assertNextPart(name: string, start: number, total?: number): Promise<void> {
  const progress = await uploadProgress(name);
  if (start !== progress.next) {
    const message = `Upload parts must arrive in order: the next part starts at byte ${progress.next}`;
    throw new HttpError(409, message, undefined, { 'Upload-Offset': String(progress.next) });
  }
  if (total !== undefined && progress.total !== undefined && total !== progress.total) {
    throw badRequest(`Upload parts disagree on the file size: ${progress.total} and ${total} bytes`);
  }
}

/** Keeps one part; 409 when a part starting at that byte was kept meanwhile (a racing repeat). */
export async function storePart(name: string, range: ByteRange, bytes: Uint8Array): Promise<void> {
  const created = await objectStore(UPLOAD_PARTS_STORE).createIfAbsent(partKey(name, range.start), bytes, {
    total: String(range.total),
    end: String(range.end),
    uploadedAt: new Date().toISOString(),
  });
  if (!created) throw conflict(`The part from byte ${range.start} has already been uploaded`);
}

/**
 * Joins the kept parts of `name` into its `total` bytes and hands them to `use`, then deletes the
 * parts, whether the join, `use` or neither failed (so a failed upload leaves nothing behind and the
 * same URL may be tried again while it is valid). The parts arrive in order, so a gap or an overlap
 * means the store lost or doubled one: 400 naming it.
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

/**
 * Deletes the parts of uploads left unfinished (the admin closed the page, the connection dropped)
 * once their upload URL can no longer finish them: kept since before `keptBefore`. Answers how many
 * parts went. Run hourly by netlify/functions/abandoned-upload-parts.ts.
 */
export async function deleteAbandonedParts(keptBefore: Date): Promise<number> {
  const store = objectStore(UPLOAD_PARTS_STORE);
  let deleted = 0;
  for (const key of await store.list('')) {
    const metadata = await store.metadata(key);
    // A part without a readable time is as abandoned as an old one: nothing can finish it either.
    const kept = Date.parse(metadata?.uploadedAt ?? '');
    if (metadata && Number.isFinite(kept) && kept >= keptBefore.getTime()) continue;
    await store.delete(key);
    deleted += 1;
  }
  return deleted;
}
