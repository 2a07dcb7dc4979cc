/**
 * The 'Get in Touch' dialog itself, loaded by EnquiryDialog on first open. Closed, the focus goes
 * back to the static trigger that opened it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '../../stores/use-store';
import { $enquiry, $enquiryDraft, closeEnquiry } from '../../stores/enquiry';
import DialogFrame from '../ui/DialogFrame';
import EnquiryForm from './EnquiryForm';

interface Props {
  title: string;
  description: string;
}

export default function EnquiryDialogContent({ title, description }: Props) {
  const { open, context, trigger } = useStore($enquiry);

  return (
    <Dialog.Root
      open={open && context !== null}
      onOpenChange={(next) => {
        if (!next) closeEnquiry();
      }}
    >
      <DialogFrame title={title} description={description} look="public" width="xl" returnTo={trigger} closeButton>
        {context && (
          <div className="mt-6">
            <EnquiryForm context={context} draft={$enquiryDraft} onSuccess={closeEnquiry} />
          </div>
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
