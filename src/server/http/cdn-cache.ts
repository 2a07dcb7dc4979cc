import { purgeCache } from '@netlify/functions';

// Netlify's CDN keeps public pages and answers built from the database; every write purges the
// tag of what it changed, so visitors get cached speed and admins see their change within seconds.

/** One tag per table the public pages read: a write to the table purges everything under its tag. */
export const CACHE_TAGS = {
  articles: 'articles',
  services: 'services',
} as const;
/** One uploaded image's own tag: deleting the image purges its answer, which is otherwise kept a year. */
export const uploadCacheTag = (name: string) => `upload-${name}` as const;
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS] | ReturnType<typeof uploadCacheTag>;

/**
 * What a cached answer's CDN cache key is made of besides its path. By default Netlify keys a
 * function's answer on the whole query string, so `?utm_source=...` or any random parameter would
 * be a cache miss that reaches the database; naming the parameters an answer reads keeps every
 * other one out of the key. Cookies are never in the key unless named here.
 */
export interface CacheKey {
  /** The query parameters the answer reads (none: the path alone is the key). */
  query: readonly string[];
  /** Cookies the answer depends on (the admin session, where an admin is shown more). */
  cookies?: readonly string[];
}

/** Pages and feeds that read no query parameter: one cache entry per path. */
export const PATH_ONLY: CacheKey = { query: [] };

/**
 * The `Netlify-Vary` value for a key: `query=a|b` keys on those parameters only (an empty list on
 * none, as @netlify/cache's `cacheHeaders({ vary: { query: [] } })` writes it) and `cookie=a|b` on
 * those cookies (Netlify's cache key variation).
 * Every answer of one URL must carry the same value, refusals and failures included: the CDN keeps
 * the instructions of the first answer it caches.
 */
export function netlifyVary({ query, cookies = [] }: CacheKey): string {
  const directives = [`query=${query.join('|')}`];
  if (cookies.length) directives.push(`cookie=${cookies.join('|')}`);
  return directives.join(',');
}

/**
 * Headers for a public answer the CDN may keep: browsers revalidate every time, the edge keeps it
 * a minute and serves it stale for a day while refreshing in the background, purged by tag, and
 * keyed on `key` only.
 */
export function publicCacheHeaders(key: CacheKey, tags: readonly CacheTag[]): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=60, stale-while-revalidate=86400',
    ...(tags.length ? { 'Netlify-Cache-Tag': tags.join(',') } : {}),
    'Netlify-Vary': netlifyVary(key),
  };
}

/** The CDN keeps an answer a year: until a deploy empties it, or a purge of its tag. */
const KEPT_A_YEAR = 'public, durable, s-maxage=31536000';

/**
 * Headers for a page that changes only with a deploy (nothing from the database in it): browsers
 * revalidate, the CDN keeps it until the next deploy, so nothing needs to purge it in between.
 */
export function untilDeployCacheHeaders(key: CacheKey): Record<string, string> {
  return { 'Cache-Control': 'public, max-age=0, must-revalidate', 'Netlify-CDN-Cache-Control': KEPT_A_YEAR, 'Netlify-Vary': netlifyVary(key) };
}

/**
 * Headers for an answer that never changes under its URL (an uploaded image, each name written once):
 * browsers and the CDN keep it a year; deleting it purges its tag.
 */
export function immutableCacheHeaders(key: CacheKey, tags: readonly CacheTag[]): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=31536000, immutable',
    'Netlify-CDN-Cache-Control': KEPT_A_YEAR,
    'Netlify-Cache-Tag': tags.join(','),
    'Netlify-Vary': netlifyVary(key),
  };
}

/** Headers for an answer of the same URL that must not be kept (a failure): tried afresh next time. */
export function uncachedHeaders(key: CacheKey): Record<string, string> {
  return { 'Cache-Control': 'no-store', 'Netlify-Vary': netlifyVary(key) };
}

/**
 * Turns an answer already given public cache headers into one no cache keeps (a page that shows
 * a refused form, or a failure): the CDN's instructions and tags go, `no-store` and the same key
 * stay.
 */
export function markUncached(headers: Headers, key: CacheKey): void {
  headers.delete('Netlify-CDN-Cache-Control');
  headers.delete('Netlify-Cache-Tag');
  for (const [name, value] of Object.entries(uncachedHeaders(key))) headers.set(name, value);
}

/**
 * The headers of a page that shows a refused form post again (the form with what was typed and
 * why: form-post.ts returnedForm): no shared cache keeps it (`private`, and markUncached's
 * CDN instructions gone), but the browser may, for Back alone (`no-cache`: any other use
 * revalidates, and a POST is never answered from the cache). With `no-store`, Back from the
 * page the corrected form's post was answered with found nothing to show: Chromium's 'Confirm
 * Form Resubmission' error page (ERR_CACHE_MISS) in place of the form.
 */
export function markReturnedForm(headers: Headers, key: CacheKey): void {
  markUncached(headers, key);
  headers.set('Cache-Control', 'private, no-cache');
}

/**
 * How long a write waits for the purge API. Netlify's answers in well under a second; one that takes
 * the request and never answers (an incident at the API) held every save, publish and delete until
 * the platform cut the function off at 10 s, so an article already stored was reported as not saved.
 */
const PURGE_DEADLINE_MS = 3_000;

/**
 * Drops every cached page and answer under `tag`: on Netlify through its API, under the local
 * runtime through the same call to the local CDN's purge API (NETLIFY_API_URL, set by
 * scripts/lib/local-services.mjs). Where no CDN is in front (a handler called directly) there is
 * nothing to purge. A purge that fails or passes PURGE_DEADLINE_MS is logged and the write answered.
 */
export async function purgeCacheTag(tag: CacheTag): Promise<void> {
  if (!process.env.NETLIFY_PURGE_API_TOKEN && !process.env.NETLIFY) return;
  let timer: NodeJS.Timeout | undefined;
  // purgeCache takes no AbortSignal: past the deadline its request is left to end on its own.
  const purge = purgeCache({ tags: [tag], ...(process.env.NETLIFY_API_URL ? { apiURL: process.env.NETLIFY_API_URL } : {}) });
  purge.catch(() => {});
  try {
    await Promise.race([
      purge,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the purge API did not answer within ${PURGE_DEADLINE_MS} ms`)), PURGE_DEADLINE_MS);
      }),
    ]);
  } catch (err) {
    // The write itself succeeded; a failed purge only means up to a minute of staleness.
    console.error(`[cdn] purging '${tag}' failed:`, err instanceof Error ? err.message : err);
  } finally {
    clearTimeout(timer);
  }
}
