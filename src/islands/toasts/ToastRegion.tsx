/**
 * The toast region, fed by the toast store (src/stores/toasts.ts); rendered by the Toaster island
 * from the first toast. Radix Toast carries the site's numbers: 5000 ms, swipe right past
 * 50 px, F8 focuses the region (Radix's default hotkey), one toast at a time,
 * viewport max width 420px from md up.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useRef } from 'react';
import { useStore } from '../../stores/use-store';
import { closeLabels } from '../../content/site';
import { $toasts, dismissToast, TOAST_DURATION } from '../../stores/toasts';
import { $cookieBannerHeight } from '../../stores/cookie-banner-height';
import { $saveBarInset } from '../../stores/save-bar-inset';
import Icon from '../ui/Icon';
import * as icons from '../../lib/icons/site';

const TOAST_SWIPE_THRESHOLD = 50;

export default function ToastRegion() {
  const toasts = useStore($toasts);
  // While the cookie banner shows, toasts rise above it rather than cover its buttons.
  const cookieBannerHeight = useStore($cookieBannerHeight);
  // And above an open admin form's sticky save bar, so they never cover its buttons.
  const saveBarInset = useStore($saveBarInset);
  const bottom = Math.max(cookieBannerHeight, saveBarInset);
  // A toast closes on Escape only with the focus in the region (F8 takes it there). Radix closes
  // one on an Escape pressed anywhere, and, the newest of the page's dismissable layers, the toast
  // is the only one Radix gives that Escape to: pressed in a dialog the toast was raised over, it
  // closed the toast and left the dialog open. Pressed outside the region, the toast stays and the
  // Escape is left unhandled, for what has the focus (a dialog closes on it: DialogFrame).
  const viewportRef = useRef<HTMLOListElement>(null);
  const escapeOutside = useRef(false);

  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onEscapeKeyDown={() => {
            if (viewportRef.current?.contains(document.activeElement)) return;
            // Radix closes it straight after this, in the same keypress.
            escapeOutside.current = true;
            queueMicrotask(() => (escapeOutside.current = false));
          }}
          onOpenChange={(open) => {
            if (!open && !escapeOutside.current) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          data-variant={item.variant}
          className={`toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-card border p-4 pr-10 shadow-xl ${
            item.variant === 'destructive'
              ? 'border-danger-700 bg-danger-700 text-white'
              : 'border-ink-200 bg-white text-ink-900'
          }`}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
            {item.description && (
              <RadixToast.Description
                className={`text-sm ${item.variant === 'destructive' ? 'text-white' : 'text-ink-600'}`}
              >
                {item.description}
              </RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label={closeLabels.toast}
            className={`absolute right-2 top-2 rounded-control p-1.5 focus-visible:outline-2 focus-visible:outline-offset-2 ${
              item.variant === 'destructive'
                ? 'text-white hover:bg-white/15 focus-visible:outline-white'
                : 'text-ink-600 hover:bg-ink-100 focus-visible:outline-brand-600'
            }`}
          >
            <Icon body={icons.close} size={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* F8 takes the focus here, from the keyboard: it shows, inside the edge (the region sits in
          the screen's corner). */}
      <RadixToast.Viewport
        ref={viewportRef}
        style={bottom ? { bottom } : undefined}
        className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 md:max-w-[420px]" />
    </RadixToast.Provider>
  );
}
