/**
 * Signing in with a username and password, where the panel asks for it: the Admin Access card and,
 * over the panel, the dialog after a session has ended. One request at a time; a refusal is the
 * shared failure toast (use-auth-request.ts); a success says `granted` and signs the panel in.
 * A username or password past the server's limit is kept whole, refused beside its field, and not
 * sent (limitIssue).
 */
import { useState, type FormEvent } from 'react';
import { toast } from '../../stores/toasts';
import { TextField } from './fields';
import { signedIn } from './session';
import { useAuthRequest } from './use-auth-request';
import { signInCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, limitIssue } from '../../schemas/text-limits';

export function useSignIn({ username: initial = '', granted }: { username?: string; granted: { title: string; description: string } }) {
  const [username, setUsername] = useState(initial);
  const [password, setPassword] = useState('');
  const login = useAuthRequest<{ user: { username: string } }>({
    url: API_PATHS.login,
    refused: signInCopy.refused,
    unreachable: signInCopy.unreachable,
  });
  const usernameIssue = limitIssue(username.trim(), EMAIL_MAX_LENGTH);
  const passwordIssue = limitIssue(password, PASSWORD_MAX_LENGTH);
  /** Both filled in, each within its limit. */
  const ready = username.trim() !== '' && password !== '' && !usernameIssue && !passwordIssue;

  async function submit(event: FormEvent) {
    // A <form>, so Enter in the Password field submits.
    event.preventDefault();
    if (!ready) return;
    const answer = await login.send({ username: username.trim(), password });
    if (!answer) return;
    setPassword('');
    toast(granted);
    signedIn(answer.user.username);
  }

  return { username, setUsername, password, setPassword, usernameIssue, passwordIssue, ready, pending: login.pending, submit };
}

/**
 * The two fields of a sign-in form. `focusPassword`, where the username is already filled in: the
 * Password field takes the focus as the form opens, so a password typed at once lands there,
 * hidden, not in plain sight at the end of the username (the field a dialog would focus first).
 */
export default function SignInFields({ form, usernamePlaceholder, focusPassword = false }: { form: ReturnType<typeof useSignIn>; usernamePlaceholder?: string; focusPassword?: boolean }) {
  return (
    <>
      <TextField
        label={signInCopy.username}
        type="email"
        autoComplete="username"
        value={form.username}
        onChange={form.setUsername}
        placeholder={usernamePlaceholder}
        error={form.usernameIssue}
      />
      <TextField
        label={signInCopy.password}
        type="password"
        autoComplete="current-password"
        value={form.password}
        onChange={form.setPassword}
        error={form.passwordIssue}
        autoFocus={focusPassword}
      />
    </>
  );
}
