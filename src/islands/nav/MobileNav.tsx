/**
 * The small-screen navigation drawer's island. The menu button itself is static
 * HTML in Header.astro (data-mobile-nav-open) handled by src/scripts/nav-trigger.ts;
 * this island hydrates client:demand="mobile-nav", fetched with the drawer (Radix
 * Dialog) by the first openMobileNav(), and keeps the drawer mounted after.
 */
import { useStore } from '../../stores/use-store';
import { useEffect } from 'react';
import { $mobileNav, closeMobileNav } from '../../stores/mobile-nav';
import MobileDrawer, { type DrawerProps } from './MobileDrawer';

let requested = false;

export default function MobileNav(props: DrawerProps) {
  const { open, trigger } = useStore($mobileNav);
  if (open) requested = true;

  useEffect(() => {
    trigger?.setAttribute('aria-expanded', String(open));
  }, [open, trigger]);

  if (!requested) return null;
  return (
    <MobileDrawer
      {...props}
      open={open}
      onClose={closeMobileNav}
      onCloseAutoFocus={() => {
        if (trigger?.isConnected) trigger.focus();
      }}
    />
  );
}
