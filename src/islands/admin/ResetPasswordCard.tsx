/**
 * The 'Reset Password' card: reset by e-mail is permanently disabled, even where the site sends
 * mail (`npm run admin -- reset-password` resets a password); the card says so and Cancel closes it.
 */
import { useEffect, useRef } from 'react';
import { TextField } from './fields';
import { Button, Card } from './ui';
import { resetPasswordCopy } from '../../content/admin';

export default function ResetPasswordCard({ onCancel }: { onCancel: () => void }) {
  // Opened in place of the sign-in card, it takes the focus at its title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => titleRef.current?.focus(), []);
  return (
    <Card className="mx-auto max-w-md">
      <h1 ref={titleRef} tabIndex={-1} className="font-display text-2xl font-semibold text-brand-900 focus:outline-none">
        {resetPasswordCopy.title}
      </h1>
      <p role="note" className="mt-3 rounded-control border border-accent-300 bg-accent-100 px-3 py-2 text-sm text-ink-800">
        {resetPasswordCopy.disabledNote}
      </p>
      <div className="mt-6 grid gap-4">
        <TextField label={resetPasswordCopy.email} type="email" disabled value="" onChange={() => undefined} placeholder="you@example.com" />
        <Button disabled className="w-full">
          {resetPasswordCopy.submit}
        </Button>
        <Button variant="neutral" onClick={onCancel} className="w-full">
          {resetPasswordCopy.cancel}
        </Button>
      </div>
    </Card>
  );
}
