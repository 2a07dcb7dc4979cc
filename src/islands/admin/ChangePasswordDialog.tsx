/**
 * The Change Password modal. A password past the server's limit is kept whole and refused beside
 * its field (limitIssue), never cut to the limit and set as a different password.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '../../lib/button-styles';
import { MIN_PASSWORD_LENGTH } from '../../schemas/auth';
import { toast } from '../../stores/toasts';
import DialogFrame from '../ui/DialogFrame';
import { TextField } from './fields';
import { endedSession } from './session';
import { Button } from './ui';
import { useAuthRequest } from './use-auth-request';
import { changePasswordCopy, sessionEndedCopy } from '../../content/admin';
import { API_PATHS } from '../../lib/api-paths';
import { PASSWORD_MAX_LENGTH, characterCount, limitIssue } from '../../schemas/text-limits';

export default function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  /** The server's reason for refusing the current password (wrong) or the new one (common, breached, the current one). */
  const [currentPasswordError, setCurrentPasswordError] = useState<string>();
  const [newPasswordError, setNewPasswordError] = useState<string>();
  // As in every admin form, a refusal that names a field gives that field the focus (the first in
  // the form's order), so the keyboard and a screen reader land on what to correct. A count, so the
  // same refusal twice in a row moves it again.
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldRefusals, setFieldRefusals] = useState(0);
  useEffect(() => {
    if (fieldRefusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldRefusals]);
  const change = useAuthRequest({
    url: API_PATHS.changePassword,
    refused: changePasswordCopy.refused,
    unreachable: changePasswordCopy.unreachable,
    onRefused: (err) => {
      // The session ended under the dialog: the panel asks for the password again instead.
      if (endedSession(err, sessionEndedCopy.passwordNotChanged)) {
        onOpenChange(false);
        return true;
      }
      setCurrentPasswordError(err.fieldIssues.currentPassword);
      setNewPasswordError(err.fieldIssues.newPassword);
      if (err.fieldIssues.currentPassword || err.fieldIssues.newPassword) setFieldRefusals((n) => n + 1);
    },
  });
  const currentTooLong = limitIssue(currentPassword, PASSWORD_MAX_LENGTH);
  const newTooLong = limitIssue(newPassword, PASSWORD_MAX_LENGTH);
  const ready = currentPassword !== '' && characterCount(newPassword) >= MIN_PASSWORD_LENGTH && !currentTooLong && !newTooLong;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      setCurrentPassword('');
      setNewPassword('');
      setCurrentPasswordError(undefined);
      setNewPasswordError(undefined);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    if (!(await change.send({ currentPassword, newPassword }))) return;
    toast(changePasswordCopy.changed);
    onOpenChange(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className={buttonClass('neutral', 'sm')}>{changePasswordCopy.open}</Dialog.Trigger>
      <DialogFrame title={changePasswordCopy.title} description={changePasswordCopy.description} look="admin" width="md">
        <form ref={formRef} onSubmit={onSubmit} className="mt-5 grid gap-4" aria-busy={change.pending}>
          <TextField
            label={changePasswordCopy.currentPassword}
            type="password"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(value) => {
              setCurrentPassword(value);
              setCurrentPasswordError(undefined);
            }}
            error={currentPasswordError ?? currentTooLong}
          />
          <TextField
            label={changePasswordCopy.newPassword}
            type="password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(value) => {
              setNewPassword(value);
              setNewPasswordError(undefined);
            }}
            hint={changePasswordCopy.newPasswordHint}
            error={newPasswordError ?? newTooLong}
            placeholder={changePasswordCopy.newPasswordPlaceholder(MIN_PASSWORD_LENGTH)}
          />
          <div className="mt-2 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('neutral')}>{changePasswordCopy.cancel}</Dialog.Close>
            <Button type="submit" disabled={!ready} pending={change.pending}>
              {changePasswordCopy.submit}
            </Button>
          </div>
        </form>
      </DialogFrame>
    </Dialog.Root>
  );
}
