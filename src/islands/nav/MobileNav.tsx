/**
 * The small-screen menu button. Hydrated client:media below the md breakpoint
 * only; on wider screens the header's static links show and this is hidden.
 * The drawer (Radix Dialog) is fetched on the first tap, or as soon as the
 * button is hovered or focused, so it stays out of the page's initial JavaScript.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { MenuIcon } from '../ui/Icons';
import type { DrawerProps } from './MobileDrawer';

const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

export default function MobileNav(props: DrawerProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-drawer' : undefined}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="inline-flex items-center justify-center rounded-control p-2.5 text-brand-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <MenuIcon width={24} height={24} />
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileDrawer {...props} open={open} setOpen={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
  );
}
