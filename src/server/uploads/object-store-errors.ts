/**
 * The blob store being unavailable: a call it failed with a 5xx (after @netlify/blobs' own
 * retries), could not be reached for, or did not answer within its deadline. A moment's outage,
 * like a database that does not answer: answered 503 with Retry-After (src/server/http/errors.ts).
 * Its own module, free of @netlify/blobs, so a function that never touches Blobs can still tell it.
 */
export class ObjectStoreUnavailableError extends Error {
  /** The Netlify Blobs store that failed. */
  readonly store: string;
  constructor(store: string, operation: string, reason: string, cause?: unknown) {
    super(`Netlify Blobs store '${store}' ${operation}: ${reason}`, { cause });
    this.name = 'ObjectStoreUnavailableError';
    this.store = store;
  }
}
