/** The signed-out 'Admin Access' card (spec sections 2, 5 and 8). */
import { useState, type FormEvent } from 'react';
import { toast } from '../../stores/toasts';
import { ApiError, adminPost } from './admin-api';
import { signedIn } from './admin-store';
import { Button, Card, Field, inputClass } from './ui';

export default function LoginCard({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const filled = username.trim() !== '' && password !== '';

  async function onSubmit(event: FormEvent) {
    // A <form>, so Enter in the Password field submits.
    event.preventDefault();
    if (!filled || pending) return;
    setPending(true);
    try {
      const { user } = await adminPost<{ user: { username: string } }>('/api/auth/login', { username: username.trim(), password });
      setPassword('');
      toast({ title: 'Access granted', description: 'Welcome to the admin panel' });
      signedIn(user.username);
    } catch (err) {
      if (err instanceof ApiError) {
        toast({ title: 'Access denied', description: err.serverMessage || 'Invalid credentials', variant: 'destructive' });
      } else {
        console.error('[admin] login request failed', err);
        toast({ title: 'Login failed', description: 'Unable to connect to server. Check console for details.', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Card className="mx-auto max-w-md">
      <h1 className="font-display text-2xl font-semibold text-brand-900">Admin Access</h1>
      <p className="mt-1 text-sm text-ink-600">Sign in to manage the site's articles and services.</p>
      <form onSubmit={onSubmit} className="mt-6 grid gap-4" aria-busy={pending}>
        <Field label="Username">
          {({ id }) => (
            <input
              id={id}
              type="email"
              autoComplete="username"
              className={inputClass}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              placeholder="you@example.com"
              maxLength={254}
            />
          )}
        </Field>
        <Field label="Password">
          {({ id }) => (
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              className={inputClass}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              maxLength={1024}
            />
          )}
        </Field>
        <Button type="submit" disabled={!filled || pending} className="w-full">
          Access Admin Panel
        </Button>
      </form>
      <button
        type="button"
        onClick={onForgotPassword}
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Forgot Password?
      </button>
    </Card>
  );
}
