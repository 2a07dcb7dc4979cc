/**
 * The enquiry schema: the 'Get in Touch' dialog, the /contact form and
 * POST /api/contacts all validate with it.
 */
import * as z from 'zod/mini';
import { ENQUIRY_LIMITS } from './enquiry-limits';
import { honeypotField, newEmailField, optionalLine, requiredLine, requiredText } from './fields';
import { listQueryFields } from './list-query';
import type { OutboxMessage } from './outbox';

export const enquirySchema = z.object({
  firstName: requiredLine(ENQUIRY_LIMITS.name),
  lastName: requiredLine(ENQUIRY_LIMITS.name),
  email: newEmailField,
  phone: requiredLine(ENQUIRY_LIMITS.phone),
  company: requiredLine(ENQUIRY_LIMITS.company),
  message: requiredText(ENQUIRY_LIMITS.message),
  /** Default service of the trigger that opened the form. */
  service: optionalLine(ENQUIRY_LIMITS.context),
  /** Source page of the form, e.g. 'Home'. */
  page: optionalLine(ENQUIRY_LIMITS.context),
  /** Label of the button that opened the form. */
  ctaButton: optionalLine(ENQUIRY_LIMITS.context),
  /** Honeypot; must be empty. */
  website: honeypotField,
  /**
   * The key of the enquiry being written: the island makes one (src/lib/submission-key.ts) per enquiry
   * and sends it again with every retry of the same content, so a retry whose first answer was lost
   * after the enquiry was stored is answered as that first one was, and stores nothing more.
   * Optional: the plain form post (before the island hydrates, or without JavaScript) sends none,
   * since /contact is one cached copy per link context at the CDN, so a key rendered into its form
   * would be shared by every visitor of that copy; older clients send none either.
   */
  submissionId: z.optional(z.uuid('Must be a UUID')),
});

/** How an enquirer is named: in the notice's subject and the admin's inbox alike. */
export const enquirerName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`;

/** What a form sends (before trimming). */
export type EnquiryInput = z.input<typeof enquirySchema>;
/** What the server stores (trimmed, validated). */
export type EnquiryValues = z.infer<typeof enquirySchema>;

/** The hidden context a trigger gives its enquiry: the default service, the source page, the button's label. */
export type EnquiryContext = Required<Pick<EnquiryInput, 'service' | 'page' | 'ctaButton'>>;

/** Where an enquiry stands in the admin inbox: New until someone handles or archives it. */
export const ENQUIRY_STATUSES = ['new', 'handled', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
const enquiryStatus = z.enum(ENQUIRY_STATUSES, 'Must be new, handled or archived');

/** PATCH /api/enquiries/:id. */
export const enquiryStatusSchema = z.object({ status: enquiryStatus });

/** GET /api/enquiries: one page (or, with format=csv, every row as a download), by status, by search. */
export const enquiryListQuerySchema = z.object({ ...listQueryFields, status: z.optional(enquiryStatus) });
export type EnquiryListQuery = z.infer<typeof enquiryListQuerySchema>;

/** An enquiry as the admin API answers it: what was sent, plus what the server keeps. */
export type Enquiry = {
  // Neither the honeypot nor the form's retry key is anything the firm reads.
  [K in keyof Omit<EnquiryValues, 'website' | 'submissionId'>]-?: undefined extends EnquiryValues[K] ? string | null : EnquiryValues[K];
} & {
  id: number;
  status: EnquiryStatus;
  /** ISO 8601. */
  createdAt: string;
  /** The e-mail notice to the firm; null when none was ever queued (enquiries from before notices existed). */
  notice: OutboxMessage | null;
};
