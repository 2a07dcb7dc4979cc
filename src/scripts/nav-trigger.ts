/**
 * Loaded once per page by BaseLayout with enquiry-triggers.ts: the header's static
 * menu button opens the drawer through the store, so a tap before the MobileNav
 * island (client:demand) has arrived is kept and the drawer opens as soon as it does.
 */
import { demandIsland } from '../lib/island-demand';
import { MOBILE_NAV_TRIGGER_ATTRIBUTE, openMobileNav } from '../stores/mobile-nav';

// A press on the menu button starts fetching the drawer's island before the click lands.
document.addEventListener('pointerdown', (event) => {
  if (event.target instanceof Element && event.target.closest(`[${MOBILE_NAV_TRIGGER_ATTRIBUTE}]`)) demandIsland('mobile-nav');
});

document.addEventListener('click', (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const trigger = target.closest(`[${MOBILE_NAV_TRIGGER_ATTRIBUTE}]`);
  if (!(trigger instanceof HTMLElement)) return;
  openMobileNav(trigger);
});
