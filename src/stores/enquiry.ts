/**
 * The one 'Get in Touch' enquiry dialog per page, opened through this store.
 *
 * Any island can call `openEnquiry({ service, page, ctaButton })`.
 *
 * Static .astro buttons need no island of their own. Render the trigger with the
 * EnquiryButton component (src/components/ui/EnquiryButton.astro), or by hand as:
 *
 *   <button type="button"
 *           data-enquiry-service="Strategic Discussion"
 *           data-enquiry-page="Insights"
 *           data-enquiry-cta="Start a Conversation">Start a Conversation</button>
 *
 * BaseLayout loads src/lib/enquiry-triggers.ts, a small bundled module that adds
 * ONE delegated click listener on document: a click on any element carrying
 * `data-enquiry-service` calls openEnquiry() with its three data attributes
 * (data-enquiry-cta falls back to the button's text). The dialog island
 * (src/islands/enquiry/EnquiryDialog.tsx) only renders what this store says, so
 * a click made before the island hydrates is kept here and the dialog opens as
 * soon as it does.
 */
import { atom } from 'nanostores';

/** The hidden context an enquiry carries (spec section 9). */
export interface EnquiryContext {
  service: string;
  page: string;
  ctaButton: string;
}

export interface EnquiryState {
  open: boolean;
  context: EnquiryContext | null;
  /** Focus goes back here when the dialog closes. */
  returnFocus: HTMLElement | null;
}

export const $enquiry = atom<EnquiryState>({ open: false, context: null, returnFocus: null });

export function openEnquiry(context: EnquiryContext, returnFocus: HTMLElement | null = null): void {
  $enquiry.set({ open: true, context, returnFocus });
}

export function closeEnquiry(): void {
  $enquiry.set({ ...$enquiry.get(), open: false });
}

/** The data attributes of the static-trigger convention above. */
export const ENQUIRY_ATTRIBUTES = {
  service: 'data-enquiry-service',
  page: 'data-enquiry-page',
  ctaButton: 'data-enquiry-cta',
} as const;

/** Reads a trigger's context from its data attributes; null if it is not a trigger. */
export function contextFromTrigger(element: Element): EnquiryContext | null {
  const service = element.getAttribute(ENQUIRY_ATTRIBUTES.service);
  if (service === null) return null;
  return {
    service,
    page: element.getAttribute(ENQUIRY_ATTRIBUTES.page) ?? '',
    ctaButton: element.getAttribute(ENQUIRY_ATTRIBUTES.ctaButton) ?? element.textContent?.trim() ?? '',
  };
}
