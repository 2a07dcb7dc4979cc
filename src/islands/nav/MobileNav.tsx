/**
 * The small-screen navigation drawer's island. The menu button itself is static
 * HTML in Header.astro (data-mobile-nav-open) handled by src/lib/nav-trigger.ts;
 * this island hydrates client:idle, renders nothing until the store asks for the
 * drawer, then fetches the drawer (Radix Dialog) and keeps it mounted.
 */
import { useStore } from '../../stores/use-store';
import { lazy, Suspense, useEffect } from 'react';
import { $mobileNav, closeMobileNav } from '../../stores/mobile-nav';
import type { DrawerProps } from './MobileDrawer';

const MobileDrawer = lazy(() => import('./MobileDrawer'));

let requested = false;

export default function MobileNav(props: DrawerProps) {
  const { open, trigger } = useStore($mobileNav);
  if (open) requested = true;

  useEffect(() => {
    trigger?.setAttribute('aria-expanded', String(open));
  }, [open, trigger]);

  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <MobileDrawer
        {...props}
        open={open}
        onClose={closeMobileNav}
        onCloseAutoFocus={() => {
          if (trigger?.isConnected) trigger.focus();
        }}
      />
    </Suspense>
  );
}
