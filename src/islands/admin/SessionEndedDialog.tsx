/**
 * Over the panel when the server has ended the session: the password again, with the panel and
 * its half-written forms left as they were underneath. Only signing in or Logout closes it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from '../../stores/toasts';
import DialogFrame from './DialogFrame';
import { TextField } from './fields';
import { logout, signedIn } from './session';
import { Button } from './ui';
import { useAuthRequest } from './use-auth-request';
import { signInCopy, sessionEndedCopy } from '../../content/admin';

export default function SessionEndedDialog({ username: previous }: { username: string }) {
  const [username, setUsername] = useState(previous);
  const [password, setPassword] = useState('');
  const login = useAuthRequest<{ user: { username: string } }>({
    url: '/api/auth/login',
    refused: signInCopy.refused,
    unreachable: signInCopy.unreachable,
  });
  const filled = username.trim() !== '' && password !== '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!filled) return;
    const answer = await login.send({ username: username.trim(), password });
    if (!answer) return;
    toast(sessionEndedCopy.signedInAgain);
    signedIn(answer.user.username);
  }

  return (
    // Open for as long as it is rendered; Escape and the overlay do not close it.
    <Dialog.Root open>
      <DialogFrame title={sessionEndedCopy.title} description={sessionEndedCopy.description}>
        <form onSubmit={onSubmit} className="mt-5 grid gap-4" aria-busy={login.pending}>
          <TextField label={signInCopy.username} type="email" autoComplete="username" value={username} onChange={setUsername} maxLength={254} />
          <TextField label={signInCopy.password} type="password" autoComplete="current-password" value={password} onChange={setPassword} maxLength={1024} />
          <div className="mt-2 flex justify-end gap-3">
            <Button variant="neutral" onClick={() => void logout()}>
              {sessionEndedCopy.signOut}
            </Button>
            <Button type="submit" disabled={!filled || login.pending}>
              {sessionEndedCopy.submit}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
