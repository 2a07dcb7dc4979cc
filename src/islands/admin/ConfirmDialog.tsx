/** A yes/no question before something irreversible (spec section 5: delete confirmations). */
import * as Dialog from '@radix-ui/react-dialog';
import { Button, buttonClass } from './ui';

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
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
        <Dialog.Content
          role="alertdialog"
          className="dialog-content fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="font-display text-lg font-semibold text-brand-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-700">{question}</Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <Dialog.Close className={buttonClass('secondary')}>Cancel</Dialog.Close>
            <Button variant="danger" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
