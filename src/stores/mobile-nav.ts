/**
 * Open state of the small-screen navigation drawer. The header's static menu
 * button (data-mobile-nav-open) opens it through src/lib/nav-trigger.ts; the
 * MobileNav island renders the drawer from this store. Keeping the button static
 * means no React is fetched before the page has loaded, even on phones.
 */
import { atom } from 'nanostores';

export interface MobileNavState {
  open: boolean;
  /** The menu button, focused again when the drawer closes. */
  trigger: HTMLElement | null;
}

export const $mobileNav = atom<MobileNavState>({ open: false, trigger: null });

export function openMobileNav(trigger: HTMLElement | null): void {
  $mobileNav.set({ open: true, trigger });
}

export function closeMobileNav(): void {
  $mobileNav.set({ ...$mobileNav.get(), open: false });
}

export const MOBILE_NAV_TRIGGER_ATTRIBUTE = 'data-mobile-nav-open';
