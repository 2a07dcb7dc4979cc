/**
 * One admin list: its items, its loading state and the query that chose them. Every tab's data is
 * a collection made here; a tab loads it the first time it opens while signed in and reloads it
 * after a change; signing out clears every collection. A load that fails leaves the list 'failed'
 * for the tab to offer a retry; one refused for an ended session waits for the next sign-in.
 *
 * The list URL answers either the whole list (a JSON array) or one page of it,
 * `{ "items": [...], "total": n }`. A collection made with `pageSize` asks for pages:
 * GET {url}?page=1&pageSize=20 (pages count from 1), and either kind sends the search text as
 * `search` and each filter under its own name when they are set, e.g. ?search=acme&status=new.
 * One item lives at {url}/{id} (PUT, PATCH, DELETE). A list that exports answers every row of the
 * current search and filters as CSV at {url}?format=csv&... (no page).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { api } from '../../lib/api-client';
import { itemPath } from '../../lib/api-paths';
import { withQuery } from '../../lib/permalinks';
import { pageCount } from '../../lib/pagination';
import type { ListPage } from '../../schemas/list-query';
import { toast } from '../../stores/toasts';
import { $session, endedSession } from './session';
import { collectionCopy } from '../../content/admin';

export interface ListQuery {
  /** 1-based; always 1 for a collection without pages. */
  page: number;
  search: string;
  filters: Readonly<Record<string, string>>;
}

export interface CollectionState<T> {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: T[];
  /** Items matching the query on every page (the list's length without pages). */
  total: number;
  query: ListQuery;
}

export interface Collection<T> {
  readonly url: string;
  /** Plural, for messages: 'Error loading articles'. */
  readonly nouns: string;
  /** Items per page, or null when the server answers the whole list. */
  readonly pageSize: number | null;
  /** The filters the list starts with: what shows every item. */
  readonly initialFilters: Readonly<Record<string, string>>;
  /** Each filter's values, the initial one included: what a query from the panel's URL may set. */
  readonly filterValues: Readonly<Record<string, readonly string[]>>;
  readonly $state: ReadableAtom<CollectionState<T>>;
  /** Loads the list unless it is loaded or loading: the first time, after a failed load, and after a load an ended session refused. */
  open(): Promise<void>;
  /** Loads the current query again (after a save, a delete or a status change). */
  reload(): Promise<void>;
  /** Changes the query and loads it; a new search or filter starts again at page 1. */
  setQuery(change: Partial<ListQuery>): Promise<void>;
  /**
   * Moves the list to `query` (the panel's URL at start-up, Back or Forward): before its first load
   * the query is only kept for that load, after it the list loads the query when it differs.
   */
  goTo(query: ListQuery): Promise<void>;
  /** The URL of one item. */
  itemUrl(id: number | string): string;
  /**
   * The CSV download of the current filters and `search` (every page). The search is the caller's:
   * the search box's text, which the list's query takes only once typing pauses.
   */
  csvUrl(search: string): string;
}

interface CollectionOptions {
  url: string;
  /** Plural: 'articles'. */
  nouns: string;
  pageSize?: number;
  /** Query parameters every list request sends, e.g. { drafts: 'include' }. */
  params?: Readonly<Record<string, string>>;
  /** The filters a new or reset list starts with, e.g. { status: 'all' }. */
  initialFilters?: Readonly<Record<string, string>>;
  /** Each filter's values, e.g. { status: ['all', 'subscribed', 'unsubscribed'] }. */
  filterValues?: Readonly<Record<string, readonly string[]>>;
}

const resets = new Set<() => void>();

export function createCollection<T>({ url, nouns, pageSize, params: fixed = {}, initialFilters = {}, filterValues = {} }: CollectionOptions): Collection<T> {
  const firstQuery = (): ListQuery => ({ page: 1, search: '', filters: { ...initialFilters } });
  const initial = (): CollectionState<T> => ({ status: 'idle', items: [], total: 0, query: firstQuery() });
  const $state = atom<CollectionState<T>>(initial());
  // Every load and reset takes a new number; an answer whose number is no longer the latest is
  // dropped, so a slow answer never overwrites a newer query, nor fills a list after sign-out.
  let latest = 0;

  function listUrl(query: ListQuery, format: 'json' | 'csv' = 'json'): string {
    const params = new URLSearchParams(fixed);
    if (format === 'csv') params.set('format', 'csv');
    else if (pageSize) {
      params.set('page', String(query.page));
      params.set('pageSize', String(pageSize));
    }
    if (query.search.trim()) params.set('search', query.search.trim());
    for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
    return withQuery(url, params);
  }

  async function load(query: ListQuery): Promise<void> {
    const ticket = ++latest;
    $state.set({ ...$state.get(), status: 'loading', query });
    try {
      const answer = await api.get<T[] | ListPage<T>>(listUrl(query));
      if (ticket !== latest) return;
      const page = Array.isArray(answer) ? { items: answer, total: answer.length } : answer;
      // The last item of the last page went (a delete, a status change under a filter): show the new last page.
      if (pageSize && page.items.length === 0 && query.page > 1 && page.total > 0) {
        return load({ ...query, page: pageCount(page.total, pageSize) });
      }
      $state.set({ status: 'loaded', items: page.items, total: page.total, query });
    } catch (err) {
      if (ticket !== latest) return;
      if (endedSession(err)) {
        // Idle again: the tab loads it once the admin has signed in again.
        $state.set({ ...$state.get(), status: 'idle', query });
        return;
      }
      console.error(`[admin] loading ${nouns} failed`, err);
      $state.set({ ...$state.get(), status: 'failed', query });
      toast({ ...collectionCopy.loadFailedToast(nouns), variant: 'destructive' });
    }
  }

  resets.add(() => {
    latest++;
    $state.set(initial());
  });

  return {
    url,
    nouns,
    pageSize: pageSize ?? null,
    initialFilters,
    filterValues,
    $state,
    async open() {
      const { status } = $state.get();
      if (status === 'idle' || status === 'failed') await load($state.get().query);
    },
    reload: () => load($state.get().query),
    setQuery(change) {
      const current = $state.get().query;
      const narrowed = change.search !== undefined || change.filters !== undefined;
      return load({ ...current, ...change, page: change.page ?? (narrowed ? 1 : current.page) });
    },
    async goTo(query) {
      const state = $state.get();
      if (state.status === 'idle') $state.set({ ...state, query });
      else if (listUrl(query) !== listUrl(state.query)) await load(query);
    },
    itemUrl: (id) => itemPath(url, id),
    csvUrl: (search) => listUrl({ ...$state.get().query, search }, 'csv'),
  };
}

/** Signed out, every collection forgets its items and query. */
$session.listen((session) => {
  if (session.status === 'signedOut') for (const reset of resets) reset();
});
