import { purgeCache } from '@netlify/functions';

// Netlify's CDN keeps public article answers and pages; every article write purges them by tag so
// visitors get cached speed and admins see their change at once.
// https://docs.netlify.com/platform/caching/

export const ARTICLES_CACHE_TAG = 'articles';

/**
 * Headers for a public answer the CDN may keep: browsers revalidate every time, the edge keeps it
 * a minute and serves it stale for a day while refreshing in the background, purged by tag.
 */
export function publicCacheHeaders(tags: readonly string[] = [ARTICLES_CACHE_TAG]): Record<string, string> {
  return {
    'Cache-Control': 'public, max-age=0, must-revalidate',
    'Netlify-CDN-Cache-Control': 'public, durable, s-maxage=60, stale-while-revalidate=86400',
    'Netlify-Cache-Tag': tags.join(','),
  };
}

/** Drops every cached article page and answer. Only meaningful on Netlify; locally nothing is cached. */
export async function purgeArticleCache(): Promise<void> {
  if (!process.env.NETLIFY_PURGE_API_TOKEN && !process.env.NETLIFY) return;
  try {
    await purgeCache({ tags: [ARTICLES_CACHE_TAG] });
  } catch (err) {
    // The write itself succeeded; a failed purge only means up to a minute of staleness.
    console.error('[cdn] purge failed:', err instanceof Error ? err.message : err);
  }
}
