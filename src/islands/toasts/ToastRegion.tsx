/**
 * The toast region, fed by the toast store (src/stores/toasts.ts); rendered by the Toaster island
 * from the first toast. Radix Toast carries the site's numbers: 5000 ms, swipe right past
 * 50 px, F8 focuses the region (Radix's default hotkey), one toast at a time,
 * viewport max width 420px from md up.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { useStore } from '../../stores/use-store';
import { closeLabels } from '../../content/site';
import { $toasts, dismissToast, TOAST_DURATION } from '../../stores/toasts';
import { $cookieBannerHeight } from '../../stores/cookie-banner-height';
import Icon from '../ui/Icon';
import * as icons from '../../lib/icons/site';

const TOAST_SWIPE_THRESHOLD = 50;

export default function ToastRegion() {
  const toasts = useStore($toasts);
  // While the cookie banner shows, toasts rise above it rather than cover its buttons.
  const cookieBannerHeight = useStore($cookieBannerHeight);

  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD}>
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
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
        style={cookieBannerHeight ? { bottom: cookieBannerHeight } : undefined}
        className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 md:max-w-[420px]" />
    </RadixToast.Provider>
  );
}
