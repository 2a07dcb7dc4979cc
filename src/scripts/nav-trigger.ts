/**
 * Part of the page runtime (page-runtime.ts), beside enquiry-triggers.ts: the header's static
 * menu control (a link until this runs) opens the drawer through the store, so a tap before the MobileNav
 * island (client:demand) has arrived is kept and the drawer opens as soon as it does.
 */
import { demandIsland, FALLBACK_HREF_ATTRIBUTE } from '../lib/island-demand';
import { MOBILE_NAV_TRIGGER_ATTRIBUTE } from '../lib/page-controls';
import { openMobileNav } from '../stores/mobile-nav';

// The page's menu control is a link to the footer's links (what it does without JavaScript);
// here it becomes the button that opens the drawer, looking and labelled the same.
for (const link of document.querySelectorAll<HTMLAnchorElement>(`a[${MOBILE_NAV_TRIGGER_ATTRIBUTE}]`)) {
  const button = document.createElement('button');
  button.type = 'button';
  for (const { name, value } of link.attributes) if (name !== 'href') button.setAttribute(name, value);
  // Should the drawer's code never arrive, the button still goes where the link went.
  button.setAttribute(FALLBACK_HREF_ATTRIBUTE, link.getAttribute('href') ?? '');
  button.setAttribute('aria-haspopup', 'dialog');
  button.setAttribute('aria-expanded', 'false');
  button.append(...link.childNodes);
  // This runs after the first paint, so the keyboard may already be on the link: the button keeps
  // the focus rather than drop it to the document.
  const focused = document.activeElement === link;
  link.replaceWith(button);
  if (focused) button.focus({ preventScroll: true });
}

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
