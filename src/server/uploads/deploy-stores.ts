import { UPLOADS_STORE, objectStore, type ObjectStore } from './blobs.ts';
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

/** Store names are letters, digits, '_' and '-': a branch's context name is cut down to them. */
function previewStoreName(context: string): string {
  return `${UPLOADS_STORE}-${context.replace(/[^A-Za-z0-9_-]+/g, '-')}`.slice(0, 128);
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
