/**
 * The panel's place in its URL: the open tab and that tab's list (search, filters, page) in the
 * query string of /admin, so a reload, a copied link and Back/Forward return to it (ADR 33).
 * Changing tabs pushes a history entry, so Back goes to the previous tab; typing a search, a filter
 * or a page replaces the current one, so Back does not step through every keystroke.
 * What the URL says is checked before use: an unknown tab, a page that is not a whole number from
 * 1 or a filter value the list does not offer falls back to the default without a word, and the
 * search is only ever a control's value and a request's parameter, never markup.
 */
import { adminPanelUrl } from '../../lib/permalinks';
import { SEARCH_MAX_LENGTH } from '../../schemas/list-query';
import type { Collection, ListQuery } from './collection';

export interface PanelTab {
  value: string;
  collection: Collection<unknown>;
}

export interface PanelPlace {
  tab: PanelTab;
  query: ListQuery;
}

const WHOLE_PAGE = /^[1-9][0-9]{0,6}$/;

/** The place a URL's query string names, each part checked against the tabs and their lists. */
export function readPanelPlace(search: string, tabs: readonly PanelTab[]): PanelPlace {
  const params = new URLSearchParams(search);
  const tab = tabs.find((t) => t.value === params.get('tab')) ?? tabs[0]!;
  const { collection } = tab;
  const pageText = params.get('page') ?? '';
  const filters = Object.fromEntries(
    Object.entries(collection.filterValues).map(([name, allowed]) => {
      const value = params.get(name);
      return [name, value !== null && allowed.includes(value) ? value : (collection.initialFilters[name] ?? '')];
    }),
  );
  return {
    tab,
    query: {
      page: collection.pageSize && WHOLE_PAGE.test(pageText) ? Number(pageText) : 1,
      search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
      filters: { ...collection.initialFilters, ...filters },
    },
  };
}

/** The URL of a place: the first tab, page 1 and a list's initial filters are left out, so each place has one URL. */
export function panelPlaceUrl({ tab, query }: PanelPlace, tabs: readonly PanelTab[]): string {
  const filters = Object.fromEntries(Object.entries(query.filters).filter(([name, value]) => value !== (tab.collection.initialFilters[name] ?? '')));
  return adminPanelUrl({ tab: tab === tabs[0] ? null : tab.value, search: query.search.trim(), filters, page: query.page });
}

/** Writes the place into the address bar: a new history entry for a new tab, the same entry otherwise. */
export function writePanelPlace(url: string, how: 'push' | 'replace'): void {
  if (`${location.pathname}${location.search}` === url) return;
  if (how === 'push') history.pushState(null, '', url);
  else history.replaceState(history.state, '', url);
}
