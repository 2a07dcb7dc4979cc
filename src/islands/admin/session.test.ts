import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { sessionEndedCopy } from '../../content/admin';
import { $notDone, $session, endedSession, onceSignedInAgain, signedIn } from './session';

// What the 'Signed in again' toast is told: only what was pressed as the session ended and is not
// done, each once; nothing for what goes on by itself after the sign-in.

const unauthorised = () => new ApiError(401, 'API Error: 401', { error: 'Unauthorized' });

beforeEach(() => signedIn('admin@example.com'));

describe('endedSession', () => {
  it('ends a signed-in session on a 401 and keeps what was not done, each sentence once', () => {
    expect(endedSession(unauthorised(), sessionEndedCopy.notSaved('article'))).toBe(true);
    expect(endedSession(unauthorised(), sessionEndedCopy.notSaved('article'))).toBe(true);
    expect(endedSession(unauthorised())).toBe(true);
    expect($session.get()).toEqual({ status: 'ended', username: 'admin@example.com' });
    expect($notDone.get()).toEqual(['The article was not saved: save it again to keep your changes.']);
    expect(sessionEndedCopy.signedInAgain($notDone.get()).description).toBe('The article was not saved: save it again to keep your changes.');
  });

  it('says nothing about saving when nothing pressed is left undone, and forgets once signed in again', () => {
    endedSession(unauthorised(), sessionEndedCopy.notDeleted('service'));
    signedIn('admin@example.com');
    expect($notDone.get()).toEqual([]);
    endedSession(unauthorised());
    expect(sessionEndedCopy.signedInAgain($notDone.get())).toEqual({ title: 'Signed in again', description: 'Everything you were doing carries on.' });
  });

  it('is no ended session for any other failure', () => {
    expect(endedSession(new ApiError(500, 'API Error: 500', null), sessionEndedCopy.notSaved('article'))).toBe(false);
    expect($session.get().status).toBe('signedIn');
    expect($notDone.get()).toEqual([]);
  });
});

describe('onceSignedInAgain', () => {
  it('runs what waits once signed in again, once, and never after a sign-out', () => {
    let runs = 0;
    endedSession(unauthorised());
    onceSignedInAgain(() => (runs += 1));
    signedIn('admin@example.com');
    signedIn('admin@example.com');
    expect(runs).toBe(1);

    endedSession(unauthorised());
    onceSignedInAgain(() => (runs += 1));
    $session.set({ status: 'signedOut' });
    signedIn('admin@example.com');
    expect(runs).toBe(1);
  });
});
