/** The Change Password modal (spec sections 2, 5 and 8) on Radix Dialog. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../schemas/auth';
import { toast } from '../../stores/toasts';
import { ApiError, adminPost } from './admin-api';
import { Button, Field, buttonClass, inputClass } from './ui';

export default function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [pending, setPending] = useState(false);
  const ready = currentPassword !== '' && newPassword.length >= MIN_PASSWORD_LENGTH;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCurrentPassword('');
      setNewPassword('');
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    try {
      await adminPost('/api/auth/change-password', { currentPassword, newPassword });
      toast({ title: 'Password changed successfully', description: 'Your password has been updated' });
      onOpenChange(false);
    } catch (err) {
      if (err instanceof ApiError) {
        toast({ title: 'Change failed', description: err.serverMessage || 'Invalid current password', variant: 'destructive' });
      } else {
        console.error('[admin] change-password request failed', err);
        toast({ title: 'Change failed', description: 'Unable to connect to server', variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClass('secondary', 'sm')}>Change Password</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
        <Dialog.Content className="dialog-content fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="font-display text-xl font-semibold text-brand-900">Change Password</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-600">Every other signed-in session ends when the password changes.</Dialog.Description>
          <form onSubmit={onSubmit} className="mt-5 grid gap-4" aria-busy={pending}>
            <Field label="Current Password">
              {({ id }) => (
                <input
                  id={id}
                  type="password"
                  autoComplete="current-password"
                  className={inputClass}
                  value={currentPassword}
                  onChange={(e) => setCurrentPassword(e.target.value)}
                  maxLength={1024}
                />
              )}
            </Field>
            <Field label="New Password">
              {({ id }) => (
                <input
                  id={id}
                  type="password"
                  autoComplete="new-password"
                  className={inputClass}
                  value={newPassword}
                  onChange={(e) => setNewPassword(e.target.value)}
                  placeholder={`Min ${MIN_PASSWORD_LENGTH} characters`}
                  maxLength={1024}
                />
              )}
            </Field>
            <div className="mt-2 flex justify-end gap-3">
              <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
              <Button type="submit" disabled={!ready || pending}>
                Change Password
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
