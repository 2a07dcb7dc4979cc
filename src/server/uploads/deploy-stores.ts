import { UPLOADS_STORE, listObjectStores, objectStore, type ObjectStore } from './blobs.ts';
import { currentDeployContext, isLiveDeploy } from '../deploy-context.ts';

/**
 * Where the running deploy keeps uploaded images, and where it may read the live site's.
 *
 * The live site keeps them in UPLOADS_STORE. A deploy preview or a branch deploy runs on a copy of
 * the live site's articles (a database branch), so its pages name the live site's images; but a
 * Netlify Blobs store is shared by every deploy of a site. A preview therefore writes and deletes
 * only in a store of its deploy context's own and reads the live store where its own has no such
 * image: nothing done on a preview can delete an image the live site shows, and the live site's
 * sweep of unused images never meets (nor deletes) a preview's uploads.
 */
export interface UploadStores {
  /** Where this deploy stores, lists and deletes its uploads. */
  own: ObjectStore;
  /** The live site's store, read only, on a deploy that is not the live site; null on the live site. */
  live: ObjectStore | null;
}

/**
 * Store names are letters, digits, '_' and '-' (a branch's context name is cut down to them), and
 * Netlify Blobs refuses one over 64 bytes.
 */
function previewStoreName(context: string): string {
  return `${UPLOADS_STORE}-${context.replace(/[^A-Za-z0-9_-]+/g, '-')}`.slice(0, 64);
}

export function uploadStores(context = currentDeployContext()): UploadStores {
  if (context === null || isLiveDeploy(context)) return { own: objectStore(UPLOADS_STORE), live: null };
  return { own: objectStore(previewStoreName(context)), live: objectStore(UPLOADS_STORE) };
}

/** An uploaded image as this deploy serves it: its own upload, else (on a preview) the live site's. */
export async function readUpload(name: string): ReturnType<ObjectStore['get']> {
  const { own, live } = uploadStores();
  return (await own.get(name)) ?? (live ? await live.get(name) : null);
}

/**
 * How long a deploy preview's or branch deploy's own uploads are kept. Nothing the live site shows
 * is among them (its articles are on a database branch of its own), and the Scheduled Functions
 * that clean a store run on the live site only, so without a limit every image uploaded on any
 * preview would be kept for ever. A preview still open past this shows its own older uploads as
 * broken images; the live site's images it shows are not touched.
 */
export const PREVIEW_UPLOAD_DAYS = 30;

/** One run of a sweep of uploaded images (unused ones on the live site, expired ones on previews). */
export interface UploadSweep {
  /** Images uploaded before this are candidates. */
  uploadedBefore: Date;
  /** The most deleted in one run; the rest wait for the next. */
  limit: number;
  /** When to stop looking (epoch ms): a run must end inside its platform's time limit. */
  deadline?: number;
  /** These images only (a test's own, in stores other tests share). */
  only?: readonly string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The most images one run of a sweep deletes; the rest wait for the next run. */
const SWEEP_LIMIT = 200;

/** How long one run of a sweep looks: Netlify stops a Scheduled Function at 30 s. */
const SWEEP_MS = 20_000;

/** A Scheduled Function's run of a sweep, begun at `started`: images uploaded more than `days` ago. */
export function scheduledSweep(days: number, started = Date.now()): UploadSweep {
  return { uploadedBefore: new Date(started - days * DAY_MS), limit: SWEEP_LIMIT, deadline: started + SWEEP_MS };
}

/**
 * Deletes the images uploaded on deploy previews and branch deploys (every store `uploadStores`
 * gives a deploy that is not the live site) before `uploadedBefore`, at most `limit` a run and
 * stopping at the deadline. An image without a readable upload time is as old: every upload has
 * one. Run daily by netlify/functions/expired-preview-uploads.ts.
 */
export async function deleteExpiredPreviewUploads({ uploadedBefore, limit, deadline = Infinity, only }: UploadSweep): Promise<number> {
  let deleted = 0;
  const prefix = `${UPLOADS_STORE}-`;
  for (const storeName of await listObjectStores()) {
    if (!storeName.startsWith(prefix)) continue;
    const store = objectStore(storeName);
    for (const name of only ?? (await store.list(''))) {
      if (deleted >= limit || Date.now() >= deadline) return deleted;
      const metadata = await store.metadata(name);
      if (!metadata) continue;
      const uploadedAt = Date.parse(metadata.uploadedAt ?? '');
      if (Number.isFinite(uploadedAt) && uploadedAt >= uploadedBefore.getTime()) continue;
      await store.delete(name);
      deleted += 1;
    }
  }
  return deleted;
}
