/**
 * The overlay and centred panel every admin dialog opens in (Radix Dialog's Portal, Overlay and
 * Content). Closed, it gives the focus back to what had it when it opened (the button that asked
 * for it), whether or not that was a Radix trigger, or to the page's main region when that is gone
 * (the deleted item's button): src/lib/return-focus.ts.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { returnFocus } from '../../lib/return-focus';

interface Props {
  title: string;
  description: string;
  /** 'alertdialog' for a question before something irreversible. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md';
  children: ReactNode;
}

/** Notes the focused element as the dialog mounts: before Radix moves the focus into it. */
function RememberFocus({ into }: { into: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    into.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [into]);
  return null;
}

export default function DialogFrame({ title, description, role = 'dialog', size = 'md', children }: Props) {
  const openedFrom = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
      <Dialog.Content
        role={role}
        className={`dialog-content fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-2xl focus:outline-none ${size === 'sm' ? 'max-w-sm' : 'max-w-md'}`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus(openedFrom.current);
        }}
      >
        <RememberFocus into={openedFrom} />
        <Dialog.Title className="font-display text-xl font-semibold wrap-anywhere text-brand-900">{title}</Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-ink-700">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
