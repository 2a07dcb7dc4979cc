/**
 * The 'Get in Touch' dialog itself, loaded by EnquiryDialog on
 * first open. Radix Dialog provides the focus trap, Escape, scroll lock and aria wiring.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '../../stores/use-store';
import { $enquiry, $enquiryDraft, closeEnquiry } from '../../stores/enquiry';
import DialogCloseButton from '../ui/DialogCloseButton';
import { TooltipProvider } from '../ui/Tooltip';
import EnquiryForm from './EnquiryForm';

interface Props {
  title: string;
  description: string;
}

export default function EnquiryDialogContent({ title, description }: Props) {
  const { open, context, returnFocus } = useStore($enquiry);

  return (
    <Dialog.Root
      open={open && context !== null}
      onOpenChange={(next) => {
        if (!next) closeEnquiry();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
        <Dialog.Content
          className="dialog-content fixed left-1/2 top-1/2 z-[60] max-h-[80vh] w-[calc(100%-2rem)] max-w-[600px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
          onCloseAutoFocus={(event) => {
            // The triggers are static buttons outside Radix, so return focus to the one used.
            if (returnFocus?.isConnected) {
              event.preventDefault();
              returnFocus.focus();
            }
          }}
        >
          <Dialog.Title className="pr-10 font-display text-2xl font-semibold text-brand-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 mb-6 text-sm text-ink-600">{description}</Dialog.Description>
          {context && <EnquiryForm context={context} draft={$enquiryDraft} onSuccess={closeEnquiry} />}
          <TooltipProvider>
            <DialogCloseButton />
          </TooltipProvider>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
