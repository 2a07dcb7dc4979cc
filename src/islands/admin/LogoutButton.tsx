/**
 * Logout, wherever the panel offers it (its header, the 'Sign in again' dialog): while a form holds
 * unsaved changes it asks 'Logout and discard changes?' first.
 */
import { useState } from 'react';
import ConfirmDialog from './ConfirmDialog';
import { logout } from './session';
import { $unsavedForms } from './unsaved-changes';
import { Button } from './ui';
import { useStore } from '../../stores/use-store';
import { logoutCopy } from '../../content/admin';

export default function LogoutButton({ label, size }: { label: string; size?: 'sm' | 'md' }) {
  const [confirming, setConfirming] = useState(false);
  const unsaved = useStore($unsavedForms) > 0;
  return (
    <>
      <Button variant="neutral" size={size} onClick={() => (unsaved ? setConfirming(true) : void logout())}>
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={logoutCopy.title}
        question={logoutCopy.question}
        confirmLabel={logoutCopy.confirm}
        onConfirm={() => {
          setConfirming(false);
          void logout();
        }}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
