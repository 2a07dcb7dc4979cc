import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleUrl, isCurrentPath, normalisePath, publicOrigin } from './permalinks';

describe('articleUrl', () => {
  it('uses the slug when there is one', () => {
    expect(articleUrl({ id: 7, slug: 'growth-levers' })).toBe('/insights/growth-levers');
  });

  it('falls back to the id without a slug or with a blank one', () => {
    expect(articleUrl({ id: 7, slug: null })).toBe('/insights/7');
    expect(articleUrl({ id: 7, slug: '  ' })).toBe('/insights/7');
  });

  it('encodes a slug that is not URL-safe', () => {
    expect(articleUrl({ id: 7, slug: 'a b/c?d' })).toBe('/insights/a%20b%2Fc%3Fd');
  });
});

describe('absolute URLs', () => {
  it('take the configured site over the origin the request came to', () => {
    const url = new URL('http://localhost:4321/insights/7');
    expect(publicOrigin({ site: new URL('https://surgere.com.au'), url }).href).toBe('https://surgere.com.au/');
    expect(publicOrigin({ site: undefined, url }).href).toBe('http://localhost:4321/');
  });

  it('join a site path to the public origin', () => {
    expect(absoluteUrl('/insights/7', 'https://surgere.com.au')).toBe('https://surgere.com.au/insights/7');
    expect(absoluteUrl('/objects/uploads/abc', new URL('https://surgere.com.au/insights/x'))).toBe('https://surgere.com.au/objects/uploads/abc');
  });
});

describe('isCurrentPath', () => {
  it('marks Home only on an exact match', () => {
    expect(isCurrentPath('/', '/')).toBe(true);
    expect(isCurrentPath('/about', '/')).toBe(false);
  });

  it('marks other links on a whole-segment prefix, with or without a trailing slash', () => {
    expect(isCurrentPath('/insights/42', '/insights')).toBe(true);
    expect(isCurrentPath('/insights/', '/insights')).toBe(true);
    expect(isCurrentPath('/insightsful', '/insights')).toBe(false);
  });
});

describe('normalisePath', () => {
  it("gives a page's one URL, without a trailing slash, from any form Astro or a visitor names it by", () => {
    for (const path of ['/about', '/about/', '/about.html']) expect(normalisePath(path), path).toBe('/about');
    for (const path of ['/insights/growth', '/insights/growth.html', '/insights/growth/']) expect(normalisePath(path), path).toBe('/insights/growth');
    for (const path of ['/', '/index.html']) expect(normalisePath(path), path).toBe('/');
    expect(normalisePath('/insights/index')).toBe('/insights/index'); // an article slugged 'index' keeps it
  });
});
