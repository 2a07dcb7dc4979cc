/**
 * The admin panel's state: the session and the six tabs' collections. Each collection loads the
 * first time its tab opens while signed in (spec section 4) and reloads after a save or delete;
 * logging out clears every list and every loaded flag. No refetching, retrying or staleness
 * (spec section 9, data-fetching defaults).
 */
import { atom, map } from 'nanostores';
import type { Article } from '../../schemas/article';
import type { Service } from '../../schemas/service';
import { toast } from '../../stores/toasts';
import { adminGet, adminPost } from './admin-api';

export type SessionState = { status: 'checking' } | { status: 'signedOut' } | { status: 'signedIn'; username: string };

export const $session = atom<SessionState>({ status: 'checking' });

export interface CollectionTypes {
  articles: Article;
  services: Service;
  packages: unknown;
  teamMembers: unknown;
  companyStats: unknown;
  siteContent: unknown;
}
export type CollectionKey = keyof CollectionTypes;

export interface Collection<T> {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  items: T[];
}

/** Where each list comes from and the words its failure toast uses (spec section 8). */
export const COLLECTIONS: Record<CollectionKey, { url: string; noun: string }> = {
  articles: { url: '/api/articles', noun: 'articles' },
  services: { url: '/api/services', noun: 'services' },
  packages: { url: '/api/packages', noun: 'packages' },
  teamMembers: { url: '/api/team-members', noun: 'team members' },
  companyStats: { url: '/api/company-stats', noun: 'company stats' },
  siteContent: { url: '/api/site-content', noun: 'site content' },
};

type Collections = { [K in CollectionKey]: Collection<CollectionTypes[K]> };

const empty = (): Collections => ({
  articles: { status: 'idle', items: [] },
  services: { status: 'idle', items: [] },
  packages: { status: 'idle', items: [] },
  teamMembers: { status: 'idle', items: [] },
  companyStats: { status: 'idle', items: [] },
  siteContent: { status: 'idle', items: [] },
});

export const $collections = map<Collections>(empty());

function setCollection(key: CollectionKey, value: Collection<unknown>): void {
  $collections.set({ ...$collections.get(), [key]: value } as Collections);
}

/** Loads a collection: once (the first open of its tab), or again after a change (`reload`). */
export async function loadCollection<K extends CollectionKey>(key: K, { reload = false } = {}): Promise<void> {
  const current = $collections.get()[key];
  if (!reload && current.status !== 'idle') return;
  setCollection(key, { ...current, status: 'loading' });
  try {
    const items = await adminGet<CollectionTypes[K][]>(COLLECTIONS[key].url);
    if ($session.get().status !== 'signedIn') return; // signed out meanwhile: keep the lists empty
    setCollection(key, { status: 'loaded', items });
  } catch (err) {
    console.error(`[admin] loading ${key} failed`, err);
    const { noun } = COLLECTIONS[key];
    // Idle again, so opening the tab later tries once more.
    setCollection(key, { status: 'idle', items: [] });
    toast({ title: `Error loading ${noun}`, description: `Failed to fetch ${noun}`, variant: 'destructive' });
  }
}

export function signedIn(username: string): void {
  $session.set({ status: 'signedIn', username });
}

/** At load: a valid session cookie signs the panel in; any failure is silently ignored. */
export async function checkSession(): Promise<void> {
  try {
    const { user } = await adminGet<{ user: { username: string } }>('/api/auth/me');
    signedIn(user.username);
  } catch {
    $session.set({ status: 'signedOut' });
  }
}

/** Ends the session (the answer is ignored) and forgets every loaded list. */
export async function logout(): Promise<void> {
  try {
    await adminPost('/api/auth/logout');
  } catch (err) {
    console.error('[admin] logout request failed', err);
  }
  $session.set({ status: 'signedOut' });
  $collections.set(empty());
}
