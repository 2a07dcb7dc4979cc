/** The Change Password modal. */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../lib/button-styles';
import { MIN_PASSWORD_LENGTH } from '../../schemas/auth';
import { toast } from '../../stores/toasts';
import DialogFrame from './DialogFrame';
import { TextField } from './fields';
import { Button } from './ui';
import { useAuthRequest } from './use-auth-request';

export default function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  /** The server's reason for refusing the new password (common, breached, the current one). */
  const [newPasswordError, setNewPasswordError] = useState<string>();
  const change = useAuthRequest({
    url: '/api/auth/change-password',
    refused: { title: 'Change failed', description: 'Invalid current password' },
    unreachable: { title: 'Change failed', description: 'Unable to connect to server' },
    onRefused: (err) => setNewPasswordError(err.fieldIssues.newPassword),
  });
  const ready = currentPassword !== '' && newPassword.length >= MIN_PASSWORD_LENGTH;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCurrentPassword('');
      setNewPassword('');
      setNewPasswordError(undefined);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    if (!(await change.send({ currentPassword, newPassword }))) return;
    toast({ title: 'Password changed successfully', description: 'Your password has been updated' });
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClass('neutral', 'sm')}>Change Password</Dialog.Trigger>
      <DialogFrame title="Change Password" description="Every other signed-in session ends when the password changes.">
        <form onSubmit={onSubmit} className="mt-5 grid gap-4" aria-busy={change.pending}>
          <TextField label="Current Password" type="password" autoComplete="current-password" value={currentPassword} onChange={setCurrentPassword} maxLength={1024} />
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(value) => {
              setNewPassword(value);
              setNewPasswordError(undefined);
            }}
            hint="Common and breached passwords are refused."
            error={newPasswordError}
            placeholder={`Min ${MIN_PASSWORD_LENGTH} characters`}
            maxLength={1024}
          />
          <div className="mt-2 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('neutral')}>Cancel</Dialog.Close>
            <Button type="submit" disabled={!ready || change.pending}>
              Change Password
            </Button>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
