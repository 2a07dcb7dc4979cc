// The CDN cache key of every cacheable answer names the query parameters (and cookies) it reads and
// nothing else, so `?utm_source=...`, a random query string or a random cookie is served from the
// cached copy instead of reaching the database. The .astro pages are checked the same way against
// the built site in tests/e2e/platform.spec.ts.
import { describe, expect, it } from 'vitest';
import articles from '../../netlify/functions/articles.ts';
import companyStats from '../../netlify/functions/company-stats.ts';
import packages from '../../netlify/functions/packages.ts';
import siteContent from '../../netlify/functions/site-content.ts';
import teamMembers from '../../netlify/functions/team-members.ts';
import { GET as rssGet } from '../../src/pages/insights/rss.xml.ts';
import { GET as sitemapGet } from '../../src/pages/sitemap.xml.ts';
import { CACHE_TAGS, netlifyVary, PATH_ONLY } from '../../src/server/http/cdn-cache.ts';
import { respondOnDemand } from '../../src/server/pages/on-demand.ts';
import { adminSession } from '../support/admin-session.ts';
import { call } from '../support/call.ts';
import { endpointContext } from '../support/endpoint-context.ts';

describe('Netlify-Vary', () => {
  it('names the parameters and cookies of a key, and none for a path-only key', () => {
    expect(netlifyVary({ query: ['category'] })).toBe('query=category');
    expect(netlifyVary({ query: ['published'], cookies: ['session', '__Host-session'] })).toBe('query=published,cookie=session|__Host-session');
    expect(netlifyVary(PATH_ONLY)).toBe('query=');
  });
});

describe('feeds read no query parameter: the path alone is the key', () => {
  for (const [label, get, path] of [
    ['/sitemap.xml', sitemapGet, '/sitemap.xml'],
    ['/insights/rss.xml', rssGet, '/insights/rss.xml'],
  ] as const) {
    it(`${label} with tracking and random parameters`, async () => {
      for (const query of ['', '?utm_source=newsletter&fbclid=abc', `?${crypto.randomUUID()}=1`]) {
        const res = await get(endpointContext(path + query));
        expect(res.status, query).toBe(200);
        expect(res.headers.get('netlify-vary'), query).toBe('query=');
        expect(res.headers.get('netlify-cdn-cache-control'), query).toBe('public, durable, s-maxage=60, stale-while-revalidate=86400');
      }
    });
  }
});

describe('the Coming Soon catalogues read nothing but their table: the CDN keeps them, keyed on the path', () => {
  for (const [path, handler] of [
    ['/api/packages', packages],
    ['/api/team-members', teamMembers],
    ['/api/company-stats', companyStats],
    ['/api/site-content', siteContent],
  ] as const) {
    it(path, async () => {
      const res = await call(handler, `${path}?utm_source=x&${crypto.randomUUID()}=1`);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.json)).toBe(true);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(res.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60, stale-while-revalidate=86400');
      expect(res.headers.get('netlify-vary')).toBe('query=');
      // A refusal is keyed alike and never kept.
      const refused = await call(handler, path, { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('netlify-vary')).toBe('query=');
      expect(refused.headers.get('cache-control')).toBe('no-store');
    });
  }
});

describe('GET /api/articles reads ?published, ?drafts, ?page, ?pageSize, ?search and the session cookie only', () => {
  const KEY = 'query=published|drafts|page|pageSize|search,cookie=session|__Host-session';

  it('keys every answer of the URL alike: visitor, published-only and an admin (uncached)', async () => {
    const { cookie } = await adminSession();
    const visitor = await call(articles, '/api/articles?utm_source=x&sort=random');
    const published = await call(articles, '/api/articles?published=true&_=1700000000');
    const admin = await call(articles, '/api/articles', { headers: { cookie } });
    expect([visitor.status, published.status, admin.status]).toEqual([200, 200, 200]);
    expect(visitor.headers.get('netlify-vary')).toBe(KEY);
    expect(visitor.headers.get('netlify-cdn-cache-control')).toBe('public, durable, s-maxage=60, stale-while-revalidate=86400');
    expect(published.headers.get('netlify-vary')).toBe(KEY);
    // The admin's answer (drafts included) is never kept, but says the same about its key.
    expect(admin.headers.get('netlify-vary')).toBe(KEY);
    expect(admin.headers.get('cache-control')).toBe('no-store');
    expect(admin.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('keys its refusals alike too, uncached: 404, 400 and 401', async () => {
    const answers = [
      await call(articles, '/api/articles/2147483000', { params: { id: '2147483000' } }),
      await call(articles, '/api/articles?page=0&pageSize=12'),
      await call(articles, '/api/articles?drafts=include'),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('netlify-vary')).toBe(KEY);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('netlify-cdn-cache-control')).toBeNull();
    }
  });
});

describe('an on-demand route', () => {
  // A failure the database did not cause is not 'unavailable': no retry fixes it, so it goes on to
  // Astro's 500 page instead of a 503 that would hide it. (Its 503, when the database is cut, is
  // pinned in database-faults.test.ts.)
  it('throws on a failure that is not the database being unavailable (a table that does not exist)', async () => {
    const answer = respondOnDemand(
      (db) => db.selectFrom('no_such_table' as 'articles').selectAll().execute(),
      () => ({ body: 'never', contentType: 'text/plain' }),
      { label: 'test', tags: [CACHE_TAGS.articles], cacheKey: { query: ['category'] }, unavailableText: 'Temporarily unavailable' },
    );
    await expect(answer).rejects.toMatchObject({ code: '42P01' });
  });
});
