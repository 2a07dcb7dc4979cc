/**
 * The enquiry schema: the 'Get in Touch' dialog, the /contact form and
 * POST /api/contacts all validate with it.
 */
import * as z from 'zod/mini';
import { ENQUIRY_LIMITS } from './enquiry-limits';
import { emailField, honeypotField, optionalText, requiredText } from './fields';

export { ENQUIRY_LIMITS, enquiryFormFields, type EnquiryFormField } from './enquiry-limits';

export const enquirySchema = z.object({
  firstName: requiredText(ENQUIRY_LIMITS.name),
  lastName: requiredText(ENQUIRY_LIMITS.name),
  email: emailField,
  phone: requiredText(ENQUIRY_LIMITS.phone),
  company: requiredText(ENQUIRY_LIMITS.company),
  message: requiredText(ENQUIRY_LIMITS.message),
  /** Default service of the trigger that opened the form. */
  service: optionalText(ENQUIRY_LIMITS.context),
  /** Source page of the form, e.g. 'Home'. */
  page: optionalText(ENQUIRY_LIMITS.context),
  /** Label of the button that opened the form. */
  ctaButton: optionalText(ENQUIRY_LIMITS.context),
  /** Honeypot; must be empty. */
  website: honeypotField,
});

/** What a form sends (before trimming). */
export type EnquiryInput = z.input<typeof enquirySchema>;
/** What the server stores (trimmed, validated). */
export type Enquiry = z.infer<typeof enquirySchema>;

/** The hidden context a trigger gives its enquiry: the default service, the source page, the button's label. */
export type EnquiryContext = Required<Pick<EnquiryInput, 'service' | 'page' | 'ctaButton'>>;
