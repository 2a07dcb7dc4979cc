/**
 * The overlay and centred panel every dialog of the site opens in (Radix Dialog's Portal, Overlay
 * and Content, which bring the focus trap, Escape, the scroll lock and the aria wiring): the
 * enquiry dialog, Cookie Preferences and the admin panel's dialogs.
 *
 * Closed, it gives the focus back to `returnTo` (the static control outside React that opened
 * it), else to what had the focus when it opened (the button that asked for it), or to the page's
 * main region when that is gone (a deleted item's button, a banner that closed): src/lib/return-focus.ts.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { returnFocus } from '../../lib/return-focus';
import DialogCloseButton from './DialogCloseButton';
import { TooltipProvider } from './Tooltip';

/** Panel widths: admin questions (sm) and forms (md); Cookie Preferences (lg); the enquiry form (xl). */
const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-[600px]' } as const;

/**
 * A visitor's dialog (public): roomier, scrolling within 80% of the screen's height so the page
 * stays in view around it and a long form never runs off a short screen, its larger heading
 * leaving room for the Close button. An admin's: compact, long names wrapping anywhere, and
 * scrolling within the screen, less a margin, when taller than it (a phone held sideways, 400%
 * zoom): centred, it would run off the top and bottom, where the page's scroll lock keeps its title
 * and buttons out of reach.
 */
const LOOKS = {
  public: {
    panel: 'max-h-[80vh] overflow-y-auto sm:p-8',
    title: 'pr-10 text-2xl',
    description: 'mt-2 text-ink-600',
  },
  admin: {
    panel: 'max-h-[calc(100dvh-2rem)] overflow-y-auto',
    title: 'text-xl wrap-anywhere',
    description: 'mt-1 text-ink-700',
  },
} as const;

interface Props {
  title: ReactNode;
  description: ReactNode;
  look: keyof typeof LOOKS;
  width: keyof typeof WIDTHS;
  /** 'alertdialog' for a question before something irreversible. */
  role?: 'dialog' | 'alertdialog';
  /** The control that opened it when that was outside React (a static trigger). */
  returnTo?: Element | null;
  /** A Close button in the top-right corner, with its tooltip. */
  closeButton?: boolean;
  /**
   * Where the focus starts: on the first control (Radix's own choice; links skipped), or on the
   * panel itself, read out with its title and description, for a dialog whose first control is one
   * of several equal choices that Enter must not make for the visitor (Cookie Preferences).
   */
  openFocus?: 'first-control' | 'panel';
  children: ReactNode;
}

/** Notes the focused element as the dialog mounts: before Radix moves the focus into it. */
function RememberFocus({ into }: { into: RefObject<HTMLElement | null> }) {
  useLayoutEffect(() => {
    into.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [into]);
  return null;
}

export default function DialogFrame({ title, description, look, width, role = 'dialog', returnTo, closeButton = false, openFocus = 'first-control', children }: Props) {
  const openedFrom = useRef<HTMLElement | null>(null);
  const escapeClose = useRef<HTMLButtonElement>(null);
  const looks = LOOKS[look];
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink-900/60" />
      <Dialog.Content
        role={role}
        className={`dialog-content fixed left-1/2 top-1/2 z-[60] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-card bg-white p-6 shadow-2xl focus:outline-none ${WIDTHS[width]} ${looks.panel}`}
        onOpenAutoFocus={(event) => {
          if (openFocus === 'first-control') return;
          event.preventDefault();
          if (event.target instanceof HTMLElement) event.target.focus();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus(returnTo ?? openedFrom.current);
        }}
        // Escape closes the dialog it is pressed in. Radix gives Escape to the newest dismissable
        // layer alone, and a toast raised while the dialog is open is newer: the toast region
        // leaves that Escape unhandled (it closes a toast only from the region itself), and it
        // closes the dialog here, as Radix would, through the dialog's own close (so a dialog that
        // stays open, 'Sign in again', stays open). Handled already (by the dialog itself, by a
        // tooltip in it or by a dialog opened from it), it is left alone.
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return;
          event.preventDefault();
          escapeClose.current?.click();
        }}
      >
        <RememberFocus into={openedFrom} />
        <Dialog.Close ref={escapeClose} hidden tabIndex={-1} />
        <Dialog.Title className={`font-display font-semibold text-brand-900 ${looks.title}`}>{title}</Dialog.Title>
        <Dialog.Description className={`text-sm ${looks.description}`}>{description}</Dialog.Description>
        {children}
        {closeButton && (
          <TooltipProvider>
            <DialogCloseButton />
          </TooltipProvider>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
