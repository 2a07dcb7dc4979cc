/**
 * The admin panel's session: checked at load, set by a sign-in, ended by Logout. A request the server refuses with 401 while the panel is signed in
 * means the session ended under it (it expired, or a password change ended it): the panel stays
 * as it is, half-written forms included, and asks for the password again over it.
 */
import { atom } from 'nanostores';
import type { MouseEvent } from 'react';
import { ApiError, api } from '../../lib/api-client';
import { collectionCopy, logoutCopy } from '../../content/admin';
import { toast } from '../../stores/toasts';
import { API_PATHS } from '../../lib/api-paths';

export type SessionState =
  | { status: 'checking' }
  | { status: 'unavailable' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; username: string }
  | { status: 'ended'; username: string };

export const $session = atom<SessionState>({ status: 'checking' });

/** Whether the panel shows in this state: signed in, or ended with the panel kept under the sign-in dialog. */
export function showsPanel(state: SessionState | undefined): state is Extract<SessionState, { username: string }> {
  return state?.status === 'signedIn' || state?.status === 'ended';
}

export function signedIn(username: string): void {
  $session.set({ status: 'signedIn', username });
}

/**
 * What the admin pressed as the session ended that is not done and will not be done by itself (a
 * save, a delete), one sentence each: said once they sign in again (SessionEndedDialog), so they
 * know to do it again. What goes on by itself after the sign-in (onceSignedInAgain) is not listed.
 * Emptied as the session stops being ended.
 */
export const $notDone = atom<readonly string[]>([]);

$session.listen((state) => {
  if (state.status !== 'ended' && $notDone.get().length > 0) $notDone.set([]);
});

/**
 * Whether `err` is the server saying the session is gone (401); if so, and the panel was signed
 * in, the panel asks for the password again. Callers skip their own failure message then, and say
 * in `notDone` what the admin must do again once signed in, unless they do it then themselves.
 */
export function endedSession(err: unknown, notDone?: string): boolean {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  const current = $session.get();
  if (current.status === 'signedIn') $session.set({ status: 'ended', username: current.username });
  if (notDone && $session.get().status === 'ended' && !$notDone.get().includes(notDone)) $notDone.set([...$notDone.get(), notDone]);
  return true;
}

/**
 * Runs `run` once the panel is signed in again after an ended session (the admin gave the password
 * in the dialog over the panel); never, if they sign out instead. What the admin did as the session
 * ended (a status chosen, an image chosen, an export pressed) is then done, rather than lost or put
 * back unsaid.
 */
export function onceSignedInAgain(run: () => void): void {
  const stop = $session.listen((state) => {
    if (state.status === 'ended') return;
    stop();
    if (state.status === 'signedIn') run();
  });
}

/**
 * At load: a valid session cookie signs the panel in, and only the server's 401 signs it out. Any
 * other failure (the database down, no answer) says so with a way to ask again: shown the sign-in
 * card, a signed-in admin would take it for a lost session.
 */
export async function checkSession(): Promise<void> {
  $session.set({ status: 'checking' });
  try {
    const { user } = await api.get<{ user: { username: string } }>(API_PATHS.me);
    signedIn(user.username);
  } catch (err) {
    const signedOut = err instanceof ApiError && err.status === 401;
    if (!signedOut) console.error('[admin] checking the session failed', err);
    $session.set({ status: signedOut ? 'signedOut' : 'unavailable' });
  }
}

/**
 * Ends the session; signed out, the panel forgets every loaded list (collection.ts). Only the
 * server's answer ends it (it clears the HttpOnly cookie and every session of the admin): when the
 * request fails, the panel stays signed in and says so, rather than look signed out on a shared
 * computer while the session lives on.
 */
export async function logout(): Promise<void> {
  try {
    await api.post(API_PATHS.logout);
  } catch (err) {
    console.error('[admin] logout request failed', err);
    toast({ ...logoutCopy.failed, variant: 'destructive' });
    return;
  }
  $session.set({ status: 'signedOut' });
}

/**
 * A download link's click (Export CSV). The browser fetches the file itself, streamed to disk, and
 * shows nothing when the server refuses it; so the download is asked for here first and let go as
 * soon as it is answered: an ended session asks for the password like any refused request, a
 * refusal is shown with the server's reason (an export too large for one download, and the filter
 * to narrow it by), an unreachable server is said so, and only then does the browser follow the
 * link. The server answers both requests (the first batch is read twice): the price of a refusal
 * the admin can read. One the session had ended for downloads once the admin has signed in again:
 * they pressed Export, and nothing else in the dialog says it was not done.
 */
export function downloadWithSession(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  void download(event.currentTarget.href);
}

async function download(href: string): Promise<void> {
  try {
    await api.probe(href);
  } catch (err) {
    if (endedSession(err)) {
      onceSignedInAgain(() => void download(href));
      return;
    }
    const refused = err instanceof ApiError && err.status < 500 && err.serverMessage;
    toast({ ...collectionCopy.exportFailed, ...(refused ? { description: refused } : {}), variant: 'destructive' });
    return;
  }
  const link = document.createElement('a');
  link.href = href;
  link.download = '';
  link.click();
}
