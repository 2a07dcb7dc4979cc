/**
 * Open state of the small-screen navigation drawer. The header's static menu
 * button (data-mobile-nav-open) opens it through src/scripts/nav-trigger.ts; the
 * MobileNav island (client:demand) is fetched by the first open and renders the
 * drawer from this store, so no React is fetched until someone opens the menu.
 */
import { pageAtom } from './page-atom';
import { demandIsland, whileIslandLoads } from '../lib/island-demand';

export interface MobileNavState {
  open: boolean;
  /** The menu button, focused again when the drawer closes. */
  trigger: HTMLElement | null;
}

export const $mobileNav = pageAtom<MobileNavState>('mobile-nav', { open: false, trigger: null });

/** Opens the drawer, fetching its island first if this is the page's first tap. */
export function openMobileNav(trigger: HTMLElement | null): void {
  $mobileNav.set({ open: true, trigger });
  demandIsland('mobile-nav');
  whileIslandLoads('mobile-nav', trigger, closeMobileNav);
}

export function closeMobileNav(): void {
  $mobileNav.set({ ...$mobileNav.get(), open: false });
}
