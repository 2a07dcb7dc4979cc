/** The signed-out 'Admin Access' card. */
import { useEffect, useRef } from 'react';
import SignInFields, { useSignIn } from './SignInFields';
import { Button, Card } from './ui';
import { signInCopy } from '../../content/admin';

export default function LoginCard({ onForgotPassword, focusForgotPassword = false }: { onForgotPassword: () => void; focusForgotPassword?: boolean }) {
  const signIn = useSignIn({ granted: signInCopy.granted });
  const forgotRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusForgotPassword) forgotRef.current?.focus();
  }, [focusForgotPassword]);

  return (
    <Card className="mx-auto max-w-md">
      <h1 tabIndex={-1} className="font-display text-2xl font-semibold text-brand-900 focus:outline-none">{signInCopy.title}</h1>
      <p className="mt-1 text-sm text-ink-600">{signInCopy.lead}</p>
      <form onSubmit={signIn.submit} className="mt-6 grid gap-4" aria-busy={signIn.pending}>
        <SignInFields form={signIn} usernamePlaceholder="you@example.com" />
        <Button type="submit" disabled={!signIn.ready} pending={signIn.pending} className="w-full">
          {signInCopy.submit}
        </Button>
      </form>
      <button
        ref={forgotRef}
        type="button"
        onClick={onForgotPassword}
        className="mt-4 text-sm font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {signInCopy.forgotPassword}
      </button>
    </Card>
  );
}
