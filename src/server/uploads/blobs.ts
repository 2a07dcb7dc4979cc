import { getStore, listStores } from '@netlify/blobs';
import { BlobCallTimeoutError, startBlobCallDeadline, type BlobCallDeadline } from './blob-call-deadline.ts';
import { ObjectStoreUnavailableError } from './object-store-errors.ts';
import { socketFailureCode } from '../socket-failure.ts';

// Binary objects (uploaded images) behind one small interface over Netlify Blobs. Netlify sets the
// blobs context on every invocation; the local runtime and the tests run the same blob server the
// Netlify emulator uses and announce it the same way (NETLIFY_BLOBS_CONTEXT, see
// scripts/lib/blobs-server.mjs), so this module has no local special case.

export interface StoredObject {
  data: Uint8Array<ArrayBuffer>;
  metadata: Record<string, string>;
}

export interface ObjectStore {
  /** Writes only if no object has that key yet; false (and nothing written) if one does. */
  createIfAbsent(key: string, data: Uint8Array, metadata: Record<string, string>): Promise<boolean>;
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object has that key (its metadata is read, not its data). */
  has(key: string): Promise<boolean>;
  /** The metadata of the object with that key, without its data; null if there is none. */
  metadata(key: string): Promise<Record<string, string> | null>;
  /** The keys that start with `prefix` ('' for every key), in no particular order. */
  list(prefix: string): Promise<string[]>;
  delete(key: string): Promise<void>;
}

/** Store names and keys are ours; anything path-like is refused all the same. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function assertSafe(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`Invalid object ${kind}: ${JSON.stringify(value)}`);
}

type BlobsStore = ReturnType<typeof getStore>;

/**
 * Runs one call on the named store under its deadline (src/server/uploads/blob-call-deadline.ts; `sends`
 * is the bytes it writes), and tells the store's outage apart from anything else: a 5xx kept after
 * @netlify/blobs' retries, a socket that failed, or the deadline passing is an
 * ObjectStoreUnavailableError naming the store and the call; any other error (a bug) goes as it
 * came. The client is made per call: its fetch carries this call's deadline, and on Netlify the
 * blobs context arrives with each invocation.
 */
function blobCall<T>(
  name: string,
  operation: string,
  sends: number,
  run: (store: BlobsStore, deadline: BlobCallDeadline) => Promise<T>,
): Promise<T> {
  // Strong consistency: an image is fetched for its preview right after it is uploaded.
  return underDeadline(name, operation, sends, (deadline) => run(getStore({ name, consistency: 'strong', fetch: deadline.fetch }), deadline));
}

async function underDeadline<T>(name: string, operation: string, sends: number, run: (deadline: BlobCallDeadline) => Promise<T>): Promise<T> {
  const deadline = startBlobCallDeadline(sends);
  let work: Promise<T> | undefined;
  try {
    work = run(deadline);
    return await Promise.race([work, deadline.expired]);
  } catch (err) {
    throw asUnavailable(name, operation, err);
  } finally {
    deadline.end();
    // Past the deadline the library still ends its retries (each refused before it sends): unheard.
    work?.catch(() => {});
  }
}

function asUnavailable(name: string, operation: string, err: unknown): unknown {
  if (err instanceof ObjectStoreUnavailableError) return err;
  if (err instanceof BlobCallTimeoutError) return new ObjectStoreUnavailableError(name, operation, err.message, err);
  if (err instanceof Error && err.name === 'BlobsInternalError') return new ObjectStoreUnavailableError(name, operation, err.message, err);
  const code = socketFailureCode(err);
  if (code) return new ObjectStoreUnavailableError(name, operation, `${(err as Error).message} (${code})`, err);
  return err;
}

function netlifyStore(name: string): ObjectStore {
  async function readMetadata(key: string): Promise<Record<string, string> | null> {
    assertSafe('key', key);
    const r = await blobCall(name, 'getMetadata', 0, (store) => store.getMetadata(key));
    return r ? (r.metadata as Record<string, string>) : null;
  }
  return {
    async createIfAbsent(key, data, metadata) {
      assertSafe('key', key);
      return blobCall(name, 'set', data.byteLength, async (store, deadline) => {
        await store.set(key, data.slice().buffer as ArrayBuffer, { metadata, onlyIfNew: true });
        // With onlyIfNew, @netlify/blobs reports any answer but 412 as written, a 5xx kept after its
        // retries included: only a 2xx is a write, 412 is a name already taken.
        const status = deadline.lastStatus();
        if (status === 412) return false;
        if (status !== undefined && status >= 200 && status < 300) return true;
        throw new ObjectStoreUnavailableError(name, 'set', `answered ${status}`);
      });
    },
    async get(key) {
      assertSafe('key', key);
      const r = await blobCall(name, 'get', 0, (store) => store.getWithMetadata(key, { type: 'arrayBuffer' }));
      if (!r) return null;
      return { data: new Uint8Array(r.data), metadata: r.metadata as Record<string, string> };
    },
    async has(key) {
      return (await readMetadata(key)) !== null;
    },
    metadata: readMetadata,
    async list(prefix) {
      if (prefix !== '') assertSafe('prefix', prefix);
      // Made through the same client, so with the same strong consistency as the reads. The whole
      // listing, every page of it, is one call under one deadline.
      const { blobs } = await blobCall(name, 'list', 0, (store) => store.list(prefix === '' ? {} : { prefix }));
      return blobs.map((blob) => blob.key);
    },
    async delete(key) {
      assertSafe('key', key);
      await blobCall(name, 'delete', 0, (store) => store.delete(key));
    },
  };
}

/**
 * The named store. Resolved per call, not at import: on Netlify the blobs context arrives with
 * each invocation. Every call is bounded by its deadline (src/server/uploads/blob-call-deadline.ts) and
 * fails as ObjectStoreUnavailableError when the store is unavailable.
 */
export function objectStore(name: string): ObjectStore {
  assertSafe('store name', name);
  return netlifyStore(name);
}

/** The names of the site's stores (every deploy's; not the stores scoped to one deploy). */
export async function listObjectStores(): Promise<string[]> {
  const { stores } = await underDeadline('(every store)', 'listStores', 0, (deadline) => listStores({ fetch: deadline.fetch }));
  return stores;
}

/** Where uploaded article images live; served at /objects/uploads/{key}. */
export const UPLOADS_STORE = 'uploads';

/** Parts of an upload sent in several PUTs, keyed `{name}-{first byte}`, until they are joined. */
export const UPLOAD_PARTS_STORE = 'upload-parts';
