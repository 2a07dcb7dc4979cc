/** A yes/no question before something irreversible (a delete). */
import * as Dialog from '@radix-ui/react-dialog';
import { buttonClass } from '../../lib/button-styles';
import DialogFrame from '../ui/DialogFrame';
import { Button } from './ui';
import { confirmDialogCopy } from '../../content/admin';

interface Props {
  open: boolean;
  title: string;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialog({ open, title, question, confirmLabel, onConfirm, onCancel }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogFrame title={title} description={question} role="alertdialog" look="admin" width="sm">
        <div className="mt-6 flex justify-end gap-3">
          <Dialog.Close className={buttonClass('neutral')}>{confirmDialogCopy.cancel}</Dialog.Close>
          <Button variant="danger" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </DialogFrame>
    </Dialog.Root>
  );
}
