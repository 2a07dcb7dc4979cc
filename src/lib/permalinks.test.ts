import { describe, expect, it } from 'vitest';
import { absoluteUrl, articleUrl } from './permalinks';

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

describe('absoluteUrl', () => {
  it('joins a path to the public origin', () => {
    expect(absoluteUrl('/insights/7', 'https://surgere.com.au')).toBe('https://surgere.com.au/insights/7');
  });
});
