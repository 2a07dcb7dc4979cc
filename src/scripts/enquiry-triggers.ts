/**
 * Part of the page runtime (page-runtime.ts). It makes every static trigger that follows the
 * data-attribute convention in src/stores/enquiry.ts (a link to /contact, which is where it leads
 * without JavaScript) open the enquiry dialog instead.
 *
 * Why a listener here instead of inside the dialog island: the island (and React) is fetched only
 * when first asked for (client:demand). This listener is there before the island is, and writes
 * the request into the store, which fetches the island; the island opens from the store when it
 * hydrates, so the click is never lost, however slow the connection. A click made before the
 * runtime itself has run is held by the page's inline start and pressed again for this listener.
 * The store module is shared, so both use the same atom.
 */
import { demandIsland } from '../lib/island-demand';
import { ENQUIRY_ATTRIBUTES, meantForNewTab } from '../lib/page-controls';
import type { EnquiryContext } from '../schemas/enquiry';
import { openEnquiry } from '../stores/enquiry';

const TRIGGERS = `[${ENQUIRY_ATTRIBUTES.service}]`;

/** A trigger's context, from its data attributes (its text stands for a button not named otherwise). */
function contextFromTrigger(trigger: Element): EnquiryContext {
  return {
    service: trigger.getAttribute(ENQUIRY_ATTRIBUTES.service) ?? '',
    page: trigger.getAttribute(ENQUIRY_ATTRIBUTES.page) ?? '',
    ctaButton: trigger.getAttribute(ENQUIRY_ATTRIBUTES.ctaButton) ?? trigger.textContent?.trim() ?? '',
  };
}

// Triggers are links to /contact until this runs; from now on they open a dialog, and say so.
for (const trigger of document.querySelectorAll(TRIGGERS)) trigger.setAttribute('aria-haspopup', 'dialog');

// A press on a trigger starts fetching the dialog's island before the click lands.
document.addEventListener('pointerdown', (event) => {
  if (event.target instanceof Element && event.target.closest(TRIGGERS)) demandIsland('enquiry');
});

document.addEventListener('click', (event) => {
  if (meantForNewTab(event)) return;
  const target = event.target;
  if (!(target instanceof Element)) return;
  const trigger = target.closest(TRIGGERS);
  if (!trigger) return;
  event.preventDefault();
  openEnquiry(contextFromTrigger(trigger), trigger instanceof HTMLElement ? trigger : null);
});
