import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { $toasts } from '../../stores/toasts';
import { createCollection } from './collection';
import { $session } from './session';

// The collection store against a real HTTP server: what it asks for (page, pageSize, search,
// filters) and what it keeps of the answers, whole lists and pages alike.

interface Item {
  id: number;
  name: string;
  status: string;
}

const ITEMS: Item[] = Array.from({ length: 7 }, (_, i) => ({ id: i + 1, name: i % 2 ? `Acme ${i + 1}` : `Beta ${i + 1}`, status: i < 3 ? 'new' : 'done' }));
const requests: string[] = [];
/** The status the next request is refused with, once. */
let failNext: 401 | 500 | null = null;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (failNext) {
      const status = failNext;
      failNext = null;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: status === 401 ? 'Unauthorized' : 'Internal server error' }));
      return;
    }
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    const status = url.searchParams.get('status');
    const matching = ITEMS.filter((item) => item.name.toLowerCase().includes(search) && (!status || item.status === status));
    if (url.pathname === '/whole') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(matching));
      return;
    }
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('pageSize'));
    const items = matching.slice((page - 1) * size, page * size);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, total: matching.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a collection answered as a whole list', () => {
  it('loads once on open, sends search and filters, and counts what it got', async () => {
    const whole = createCollection<Item>({ url: `${origin}/whole`, nouns: 'items' });
    requests.length = 0;
    await whole.open();
    await whole.open();
    expect(requests).toEqual(['/whole']);
    expect(whole.$state.get()).toMatchObject({ status: 'loaded', total: 7 });

    await whole.setQuery({ search: 'acme', filters: { status: 'done' } });
    expect(requests.at(-1)).toBe('/whole?search=acme&status=done');
    expect(whole.$state.get().items.map((i) => i.id)).toEqual([4, 6]);
    expect(whole.itemUrl(4)).toBe(`${origin}/whole/4`);
  });
});

describe('a server-paged collection', () => {
  it('asks for pages, starts a new search at page 1, and steps back when its page empties', async () => {
    const paged = createCollection<Item>({ url: `${origin}/paged`, nouns: 'items', pageSize: 3 });
    requests.length = 0;
    await paged.open();
    expect(requests).toEqual(['/paged?page=1&pageSize=3']);
    expect(paged.$state.get()).toMatchObject({ total: 7, items: [{ id: 1 }, { id: 2 }, { id: 3 }] });

    await paged.setQuery({ page: 3 });
    expect(paged.$state.get().items.map((i) => i.id)).toEqual([7]);

    await paged.setQuery({ search: 'beta' });
    expect(requests.at(-1)).toBe('/paged?page=1&pageSize=3&search=beta');
    expect(paged.$state.get()).toMatchObject({ total: 4, query: { page: 1, search: 'beta' } });

    // Page 2 of 'acme' is empty (its three matches fit on page 1): the store shows the last page.
    await paged.setQuery({ search: 'acme', page: 2 });
    expect(requests.slice(-2)).toEqual(['/paged?page=2&pageSize=3&search=acme', '/paged?page=1&pageSize=3&search=acme']);
    expect(paged.$state.get()).toMatchObject({ total: 3, query: { page: 1 } });
    await paged.setQuery({ filters: { status: 'new' } });
    expect(paged.$state.get()).toMatchObject({ total: 1, query: { page: 1 }, items: [{ id: 2 }] });
  });

  it('is failed with a toast when loading fails, loads again on the next open, and forgets everything on sign-out', async () => {
    const paged = createCollection<Item>({ url: `${origin}/paged`, nouns: 'items', pageSize: 3, params: { drafts: 'include' } });
    failNext = 500;
    $toasts.set([]);
    await paged.open();
    expect(paged.$state.get().status).toBe('failed');
    expect($toasts.get().map(({ title, description, variant }) => ({ title, description, variant }))).toEqual([
      { title: 'Error loading items', description: 'Failed to fetch items', variant: 'destructive' },
    ]);

    requests.length = 0;
    await paged.open();
    expect(requests).toEqual(['/paged?drafts=include&page=1&pageSize=3']);
    expect(paged.$state.get().status).toBe('loaded');
    expect(paged.csvUrl('')).toBe(`${origin}/paged?drafts=include&format=csv`);
    // The search given, not the query's: the box's text, which the list takes only once typing pauses.
    expect(paged.csvUrl(' acme ')).toBe(`${origin}/paged?drafts=include&format=csv&search=acme`);
    $session.set({ status: 'signedOut' });
    expect(paged.$state.get()).toEqual({ status: 'idle', items: [], total: 0, query: { page: 1, search: '', filters: {} } });
  });

  it('refused for an ended session, asks for the password again, with no error toast, and loads once signed in', async () => {
    const paged = createCollection<Item>({ url: `${origin}/paged`, nouns: 'items', pageSize: 3 });
    $session.set({ status: 'signedIn', username: 'admin@example.com' });
    $toasts.set([]);
    failNext = 401;
    await paged.open();
    expect($session.get()).toEqual({ status: 'ended', username: 'admin@example.com' });
    expect(paged.$state.get().status).toBe('idle');
    expect($toasts.get()).toEqual([]);
    $session.set({ status: 'signedIn', username: 'admin@example.com' });
    await paged.open();
    expect(paged.$state.get()).toMatchObject({ status: 'loaded', total: 7 });
  });
});
