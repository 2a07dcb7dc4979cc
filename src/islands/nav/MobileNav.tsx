/**
 * The small-screen navigation drawer's island. The menu button itself is static
 * HTML in Header.astro (data-mobile-nav-open) handled by src/scripts/nav-trigger.ts;
 * this island hydrates client:demand="mobile-nav", fetched with the drawer (Radix
 * Dialog) by the first openMobileNav(), and keeps the drawer mounted after.
 *
 * The drawer belongs to the small-screen header: once the window is wide enough for the header to
 * show its links (a tablet turned to landscape, a browser window widened), the menu button is
 * hidden and the drawer closes rather than stay modal over a page that no longer offers it.
 */
import { useStore } from '../../stores/use-store';
import { useEffect } from 'react';
import { $mobileNav, closeMobileNav } from '../../stores/mobile-nav';
import { returnFocus } from '../../lib/return-focus';
import MobileDrawer, { type DrawerProps } from './MobileDrawer';

let requested = false;

export default function MobileNav(props: DrawerProps) {
  const { open, trigger } = useStore($mobileNav);
  if (open) requested = true;

  useEffect(() => {
    trigger?.setAttribute('aria-expanded', String(open));
  }, [open, trigger]);

  // The menu button's own CSS says when the drawer is offered: it is watched, not a breakpoint
  // copied here, and a button with no box (display: none) means the header has its links back.
  useEffect(() => {
    if (!open || !trigger) return;
    const observer = new ResizeObserver(() => {
      if (trigger.getClientRects().length === 0) closeMobileNav();
    });
    observer.observe(trigger);
    return () => observer.disconnect();
  }, [open, trigger]);

  if (!requested) return null;
  return (
    <MobileDrawer
      {...props}
      open={open}
      onClose={closeMobileNav}
      // Back to the menu button, or on into the content when the button is gone (closed by a widening window).
      onCloseAutoFocus={() => returnFocus(trigger)}
    />
  );
}
