/** The signed-out 'Admin Access' card. */
import { useState, type FormEvent } from 'react';
import { toast } from '../../stores/toasts';
import { TextField } from './fields';
import { signedIn } from './session';
import { Button, Card } from './ui';
import { useAuthRequest } from './use-auth-request';
import { signInCopy } from '../../content/admin';

export default function LoginCard({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const login = useAuthRequest<{ user: { username: string } }>({
    url: '/api/auth/login',
    refused: signInCopy.refused,
    unreachable: signInCopy.unreachable,
  });
  const filled = username.trim() !== '' && password !== '';

  async function onSubmit(event: FormEvent) {
    // A <form>, so Enter in the Password field submits.
    event.preventDefault();
    if (!filled) return;
    const answer = await login.send({ username: username.trim(), password });
    if (!answer) return;
    setPassword('');
    toast(signInCopy.granted);
    signedIn(answer.user.username);
  }

  return (
    <Card className="mx-auto max-w-md">
      <h1 className="font-display text-2xl font-semibold text-brand-900">{signInCopy.title}</h1>
      <p className="mt-1 text-sm text-ink-600">{signInCopy.lead}</p>
      <form onSubmit={onSubmit} className="mt-6 grid gap-4" aria-busy={login.pending}>
        <TextField label={signInCopy.username} type="email" autoComplete="username" value={username} onChange={setUsername} placeholder="you@example.com" maxLength={254} />
        <TextField label={signInCopy.password} type="password" autoComplete="current-password" value={password} onChange={setPassword} maxLength={1024} />
        <Button type="submit" disabled={!filled || login.pending} className="w-full">
          {signInCopy.submit}
        </Button>
      </form>
      <button
        type="button"
        onClick={onForgotPassword}
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {signInCopy.forgotPassword}
      </button>
    </Card>
  );
}
