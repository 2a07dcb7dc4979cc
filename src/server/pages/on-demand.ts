/**
 * The one way an on-demand route loads its data: one load (a page's one query, or the few an
 * article address may need), then the answer's status and cache headers. A found answer (and a not-found one: 404) carries the CDN cache headers under the
 * route's tags, so a flood of requests, good or bad, reaches the database once a minute at most and
 * a write purges it. When the database does not answer, the route answers 503 with `no-store` and
 * a Retry-After, so the next request tries again; the page renders its 'unavailable' state. Any
 * other failure (a bug, a schema the code does not match) is thrown on, for the 500 page: no
 * retry fixes it, and dressing it as 'unavailable' would hide it. Every answer this function
 * shapes, the 503 included, carries the same `Netlify-Vary` (the CDN keeps the cache-key
 * instructions of the first answer it sees for a URL); the 500 page is `no-store`, never kept.
 */
import type { Kysely } from 'kysely';
import { markUncached, publicCacheHeaders, type CacheKey, type CacheTag } from '../http/cdn-cache.ts';
import { withRequestDatabase } from '../db/client.ts';
import { getPageReads } from '../db/page-reads.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';

/** The part of a response a route sets before its body: Astro.response, or a Response's init. */
export interface ResponseHead {
  status?: number;
  headers: Headers;
}

export type OnDemand<T> = { available: true; data: T } | { available: false; data?: undefined };

export interface OnDemandOptions<T> {
  /** Names the route in the log: '[insights] database unavailable: ...'. */
  label: string;
  /** CDN cache tags the answer is kept under (purged together). */
  tags: readonly CacheTag[];
  /** What the CDN keys the route's answers on besides the path: the query parameters it reads. */
  cacheKey: CacheKey;
  /** True when the data means 'no such page': the answer is a 404, cached like a found one. */
  isMissing?: (data: T) => boolean;
}

export async function loadOnDemand<T>(
  head: ResponseHead,
  load: (db: Kysely<Database>) => Promise<T>,
  { label, tags, cacheKey, isMissing }: OnDemandOptions<T>,
): Promise<OnDemand<T>> {
  let data: T;
  try {
    // The page's statements go over HTTP (src/server/db/page-reads.ts), each bounded by the query
    // limit. Anything else the load reaches through getDb() (a signed-in admin's session) takes a
    // connection of the request's own, closed before the page renders (src/server/db/client.ts).
    data = await withRequestDatabase(() => load(getPageReads()));
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    console.error(`[${label}] database unavailable:`, err instanceof Error ? err.message : err);
    head.status = 503;
    markUncached(head.headers, cacheKey);
    head.headers.set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return { available: false };
  }
  if (isMissing?.(data)) head.status = 404;
  for (const [name, value] of Object.entries(publicCacheHeaders(cacheKey, tags))) head.headers.set(name, value);
  return { available: true, data };
}

/**
 * An on-demand endpoint (feed, sitemap): `render` turns the data into the body; a database failure
 * answers 503 with a plain-text line.
 */
export async function respondOnDemand<T>(
  load: (db: Kysely<Database>) => Promise<T>,
  render: (data: T) => Promise<{ body: string; contentType: string }> | { body: string; contentType: string },
  options: OnDemandOptions<T> & { unavailableText: string },
): Promise<Response> {
  const head: ResponseHead & { status: number } = { status: 200, headers: new Headers() };
  const loaded = await loadOnDemand(head, load, options);
  if (!loaded.available) {
    head.headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(options.unavailableText, head);
  }
  const { body, contentType } = await render(loaded.data);
  head.headers.set('Content-Type', contentType);
  return new Response(body, head);
}
