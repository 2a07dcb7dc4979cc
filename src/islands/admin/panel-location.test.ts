import { describe, expect, it } from 'vitest';
import { createCollection } from './collection';
import { panelPlaceUrl, readPanelPlace } from './panel-location';

// What the panel reads from its URL and writes back: each part checked, defaults left out.

const TABS = [
  { value: 'articles', collection: createCollection<unknown>({ url: '/api/articles', nouns: 'articles', pageSize: 10 }) },
  { value: 'subscribers', collection: createCollection<unknown>({ url: '/api/subscribers', nouns: 'subscribers', pageSize: 25, initialFilters: { status: 'all' }, filterValues: { status: ['all', 'subscribed'] } }) },
];

describe('readPanelPlace', () => {
  it('reads the tab, search, filter and page the URL names', () => {
    const place = readPanelPlace('?tab=subscribers&search=acme%20co&status=subscribed&page=3', TABS);
    expect(place.tab.value).toBe('subscribers');
    expect(place.query).toEqual({ page: 3, search: 'acme co', filters: { status: 'subscribed' } });
    expect(panelPlaceUrl(place, TABS)).toBe('/admin?tab=subscribers&search=acme%20co&status=subscribed&page=3');
  });

  it('falls back to the defaults for an unknown tab, a bad page and a filter value the list does not offer', () => {
    for (const search of ['?tab=nonsense&page=-1', '?tab=constructor&page=1.5', '?page=0x10', '']) {
      const place = readPanelPlace(search, TABS);
      expect(place.tab.value).toBe('articles');
      expect(place.query).toEqual({ page: 1, search: '', filters: {} });
      expect(panelPlaceUrl(place, TABS)).toBe('/admin');
    }
    const hostile = readPanelPlace('?tab=subscribers&status=%3Cscript%3E&page=abc', TABS);
    expect(hostile.query).toEqual({ page: 1, search: '', filters: { status: 'all' } });
    expect(panelPlaceUrl(hostile, TABS)).toBe('/admin?tab=subscribers');
  });

  it('cuts a search to the API limit and keeps markup as text in the URL', () => {
    expect(readPanelPlace(`?search=${'x'.repeat(300)}`, TABS).query.search).toHaveLength(200);
    const place = readPanelPlace(`?search=${encodeURIComponent('<img src=x>&tab=1')}`, TABS);
    expect(place.query.search).toBe('<img src=x>&tab=1');
    expect(panelPlaceUrl(place, TABS)).toBe('/admin?search=%3Cimg%20src%3Dx%3E%26tab%3D1');
  });
});
