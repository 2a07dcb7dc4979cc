import crypto from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { getEnv } from './env.ts';

// Binary objects (uploaded images) behind one small interface. Under Netlify, and under the local
// runtime that announces its blob server the same way (NETLIFY_BLOBS_CONTEXT), it is a Netlify
// Blobs store. Without any blobs context (the integration tests, a bare script) it is a folder
// under DATA_DIR/blobs with the same behaviour, including the atomic create-only write.
// https://docs.netlify.com/build/data-and-storage/netlify-blobs/

export interface StoredObject {
  data: Uint8Array<ArrayBuffer>;
  metadata: Record<string, string>;
}

export interface ObjectStore {
  /** Writes only if no object has that key yet; false (and nothing written) if one does. */
  createIfAbsent(key: string, data: Uint8Array, metadata: Record<string, string>): Promise<boolean>;
  get(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Store names and keys are ours, but the file store still refuses anything path-like. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

function assertSafe(kind: string, value: string): void {
  if (!SAFE_NAME.test(value)) throw new Error(`Invalid object ${kind}: ${JSON.stringify(value)}`);
}

function netlifyStore(name: string): ObjectStore | null {
  let store: ReturnType<typeof getStore>;
  try {
    // Strong consistency: an image is fetched for its preview right after it is uploaded.
    store = getStore({ name, consistency: 'strong' });
  } catch (err) {
    if (err instanceof Error && err.name === 'MissingBlobsEnvironmentError') return null;
    throw err;
  }
  return {
    async createIfAbsent(key, data, metadata) {
      const r = await store.set(key, data.slice().buffer as ArrayBuffer, { metadata, onlyIfNew: true });
      return r.modified;
    },
    async get(key) {
      const r = await store.getWithMetadata(key, { type: 'arrayBuffer' });
      if (!r) return null;
      return { data: new Uint8Array(r.data), metadata: r.metadata as Record<string, string> };
    },
    async delete(key) {
      await store.delete(key);
    },
  };
}

/**
 * One file per object: a 4-byte length, the metadata as JSON, then the bytes, so data and metadata
 * appear together. Written to a temporary file, then hard-linked into place: link() fails if the
 * name exists, which makes the create-only write atomic.
 */
function fileStore(root: string): ObjectStore {
  const file = (key: string) => {
    assertSafe('key', key);
    return path.join(root, key);
  };
  return {
    async createIfAbsent(key, data, metadata) {
      const target = file(key);
      await fs.mkdir(root, { recursive: true });
      const meta = Buffer.from(JSON.stringify(metadata));
      const header = Buffer.alloc(4);
      header.writeUInt32BE(meta.length);
      const tmp = path.join(root, `.tmp-${crypto.randomBytes(8).toString('hex')}`);
      await fs.writeFile(tmp, Buffer.concat([header, meta, data]));
      try {
        await fs.link(tmp, target);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw err;
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async get(key) {
      let raw: Buffer;
      try {
        raw = await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const metaLength = raw.readUInt32BE(0);
      const metadata = JSON.parse(raw.subarray(4, 4 + metaLength).toString('utf8')) as Record<string, string>;
      return { data: new Uint8Array(raw.subarray(4 + metaLength)), metadata };
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
  };
}

/**
 * The named store. Resolved per call, not at import: on Netlify the blobs context arrives with
 * each invocation.
 */
export function objectStore(name: string): ObjectStore {
  assertSafe('store name', name);
  return netlifyStore(name) ?? fileStore(path.resolve(getEnv().dataDir, 'blobs', 'files', name));
}

/** Where uploaded article images live; served at /objects/uploads/{key}. */
export const UPLOADS_STORE = 'uploads';
