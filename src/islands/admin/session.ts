/**
 * The admin panel's session: checked at load, set by a sign-in, ended by Logout (which also
 * forgets every loaded list).
 */
import { atom } from 'nanostores';
import { api } from '../../lib/api-client';
import { resetCollections } from './collection';

export type SessionState = { status: 'checking' } | { status: 'signedOut' } | { status: 'signedIn'; username: string };

export const $session = atom<SessionState>({ status: 'checking' });

export function signedIn(username: string): void {
  $session.set({ status: 'signedIn', username });
}

/** At load: a valid session cookie signs the panel in; any failure is silently ignored. */
export async function checkSession(): Promise<void> {
  try {
    const { user } = await api.get<{ user: { username: string } }>('/api/auth/me');
    signedIn(user.username);
  } catch {
    $session.set({ status: 'signedOut' });
  }
}

/** Ends the session (the answer is ignored) and forgets every loaded list. */
export async function logout(): Promise<void> {
  try {
    await api.post('/api/auth/logout');
  } catch (err) {
    console.error('[admin] logout request failed', err);
  }
  $session.set({ status: 'signedOut' });
  resetCollections();
}
