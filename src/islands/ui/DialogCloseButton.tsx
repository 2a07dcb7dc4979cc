/** The top-right Close button of a modal (Radix Dialog.Close), with its tooltip. */
import * as Dialog from '@radix-ui/react-dialog';
import Icon from './Icon';
import { Tooltip } from './Tooltip';
import { closeLabels } from '../../content/site';
import * as icons from '../../lib/icons/site';

export default function DialogCloseButton() {
  return (
    <Tooltip label={closeLabels.dialog}>
      <Dialog.Close
        aria-label={closeLabels.dialog}
        className="absolute right-4 top-4 rounded-control p-2 text-ink-600 hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Icon body={icons.close} />
      </Dialog.Close>
    </Tooltip>
  );
}
