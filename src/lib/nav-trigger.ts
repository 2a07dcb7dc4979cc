/**
 * Loaded once per page by BaseLayout with enquiry-triggers.ts: the header's static
 * menu button opens the drawer through the store, so a tap before the MobileNav
 * island hydrates (client:idle) is kept and the drawer opens as soon as it can.
 */
import { MOBILE_NAV_TRIGGER_ATTRIBUTE, openMobileNav } from '../stores/mobile-nav';

document.addEventListener('click', (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const trigger = target.closest(`[${MOBILE_NAV_TRIGGER_ATTRIBUTE}]`);
  if (!(trigger instanceof HTMLElement)) return;
  openMobileNav(trigger);
});
