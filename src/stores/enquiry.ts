/**
 * The one 'Get in Touch' enquiry dialog per page, opened through this store.
 *
 * Any island can call `openEnquiry({ service, page, ctaButton })`.
 *
 * Static .astro triggers need no island of their own. Render the trigger with the
 * EnquiryButton component (src/components/ui/EnquiryButton.astro), which writes:
 *
 *   <a href="/contact?service=Strategic+Discussion&page=Insights&ctaButton=Start+a+Conversation"
 *      data-enquiry-service="Strategic Discussion"
 *      data-enquiry-page="Insights"
 *      data-enquiry-cta="Start a Conversation">Start a Conversation</a>
 *
 * (a link, so that without JavaScript it leads to the contact page's form with the
 * same context; its attributes are named in src/lib/page-controls.ts).
 *
 * The page runtime's src/scripts/enquiry-triggers.ts adds
 * ONE delegated click listener on document: a click on any element carrying
 * `data-enquiry-service` calls openEnquiry() with its three data attributes
 * (data-enquiry-cta falls back to the trigger's text). The dialog island
 * (src/islands/enquiry/EnquiryDialog.tsx, client:demand) is fetched by the first
 * openEnquiry() and renders what this store says, so the click that asked for it
 * is kept here and the dialog opens as soon as its code arrives.
 */
import { pageAtom } from './page-atom';
import type { EnquiryContext } from '../schemas/enquiry';
import { demandIsland, whileIslandLoads } from '../lib/island-demand';

export interface EnquiryState {
  open: boolean;
  context: EnquiryContext | null;
  /** The control that opened the dialog, focused again when it closes. */
  trigger: HTMLElement | null;
}

export const $enquiry = pageAtom<EnquiryState>('enquiry', { open: false, context: null, trigger: null });

/** Opens the dialog, fetching its island first if this is the page's first enquiry. */
export function openEnquiry(context: EnquiryContext, trigger: HTMLElement | null = null): void {
  $enquiry.set({ open: true, context, trigger });
  demandIsland('enquiry');
  whileIslandLoads('enquiry', trigger, closeEnquiry);
}

/**
 * What the visitor has typed into the dialog's form and not sent yet, by field name: closing the
 * dialog (Escape, the close button, a click outside) must not throw a half-written enquiry away,
 * so the next opening on this page starts from it. A successful send empties it.
 */
export const $enquiryDraft = pageAtom<Record<string, string>>('enquiry-draft', {});

export function closeEnquiry(): void {
  $enquiry.set({ ...$enquiry.get(), open: false });
}
