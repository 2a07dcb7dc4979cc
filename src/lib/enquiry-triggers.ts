/**
 * Loaded once per page by BaseLayout as a bundled module script (not inline, so a
 * strict CSP needs no 'unsafe-inline'). It makes every static button that follows
 * the data-attribute convention in src/stores/enquiry.ts open the enquiry dialog.
 *
 * Why a separate script instead of a listener inside the dialog island: the island
 * hydrates client:idle to keep React off the critical path. This listener runs as
 * soon as the page's modules execute (before any user can click), and writes the
 * request into the store; the island opens from the store when it hydrates, so an
 * early click is never lost. The store module is shared, so both use the same atom.
 */
import { contextFromTrigger, ENQUIRY_ATTRIBUTES, openEnquiry } from '../stores/enquiry';

document.addEventListener('click', (event) => {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const trigger = target.closest(`[${ENQUIRY_ATTRIBUTES.service}]`);
  if (!trigger) return;
  const context = contextFromTrigger(trigger);
  if (!context) return;
  event.preventDefault();
  openEnquiry(context, trigger instanceof HTMLElement ? trigger : null);
});
