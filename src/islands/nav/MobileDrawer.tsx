/**
 * The small-screen navigation drawer: a right-side panel 300px
 * wide (400px from sm up) built on Radix Dialog, so focus stays inside, Escape
 * closes it and the page behind is inert. Choosing a link closes it.
 * Loaded by MobileNav on the first tap of the menu button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { isCurrentPath } from '../../lib/permalinks';
import Icon from '../ui/Icon';
import { buttonClass } from '../../lib/button-styles';
import { navLabels } from '../../content/site';
import * as icons from '../../lib/icons/site';

export interface Link {
  label: string;
  href: string;
}

export interface DrawerProps {
  links: readonly Link[];
  contact: Link;
  currentPath: string;
  firmName: string;
}

interface Props extends DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Returns focus to the menu button, which lives outside Radix. */
  onCloseAutoFocus: () => void;
}

export default function MobileDrawer({ links, contact, currentPath, firmName, open, onClose, onCloseAutoFocus }: Props) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          id="mobile-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onCloseAutoFocus();
          }}
          // scroll-pt: a link the focus scrolls to stops below the sticky top bar (header height, and the
          // nav's own 1rem), never hidden under it, as the page's own scroll-padding does.
          className="drawer-content fixed inset-y-0 right-0 z-[60] flex w-[300px] max-w-full scroll-pt-[calc(var(--spacing-header)+1rem)] flex-col overflow-y-auto bg-white shadow-2xl focus:outline-none sm:w-[400px]"
        >
          <div className="sticky top-0 z-10 flex h-header shrink-0 items-center justify-between border-b border-ink-200 bg-white px-5">
            {/* The dialog is named for what it is, the menu its button opens ('Open menu'): named after
                the firm, a screen reader announced a dialog that said nothing of what it holds. The
                firm's name stays at its head, seen, as the header shows it. */}
            <Dialog.Title className="sr-only">{navLabels.menu}</Dialog.Title>
            <p className="font-display text-xl font-semibold text-brand-900">{firmName}</p>
            <Dialog.Close
              aria-label={navLabels.closeMenu}
              className="rounded-control p-2.5 text-ink-700 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <Icon body={icons.close} size={24} />
            </Dialog.Close>
          </div>
          <nav aria-label={navLabels.main} className="flex flex-1 flex-col gap-1 p-4">
            {links.map((link) => {
              const current = isCurrentPath(currentPath, link.href);
              return (
                <a
                  key={link.href}
                  href={link.href}
                  aria-current={current ? 'page' : undefined}
                  onClick={onClose}
                  className={`rounded-control px-4 py-3 text-lg font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                    current ? 'bg-brand-50 text-brand-800' : 'text-ink-800 hover:bg-ink-50'
                  }`}
                >
                  {link.label}
                </a>
              );
            })}
            <a
              href={contact.href}
              aria-current={isCurrentPath(currentPath, contact.href) ? 'page' : undefined}
              onClick={onClose}
              className={buttonClass('primary', 'lg', 'mt-4')}
            >
              {contact.label}
            </a>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
