/**
 * The enquiry (contact) schema: the 'Get in Touch' dialog, the /contact form and
 * POST /api/contacts all validate with it (spec sections 3 and 5).
 */
import * as z from 'zod/mini';
import { CONTACT_LIMITS } from './contact-limits';
import { emailField, honeypotField, optionalText, requiredText } from './fields';

export { CONTACT_LIMITS, contactFormFields, type ContactFormField } from './contact-limits';

export const contactSchema = z.object({
  firstName: requiredText(CONTACT_LIMITS.name),
  lastName: requiredText(CONTACT_LIMITS.name),
  email: emailField,
  phone: requiredText(CONTACT_LIMITS.phone),
  company: requiredText(CONTACT_LIMITS.company),
  message: requiredText(CONTACT_LIMITS.message),
  /** Default service of the trigger that opened the form. */
  service: optionalText(CONTACT_LIMITS.context),
  /** Source page of the form, e.g. 'Home'. */
  page: optionalText(CONTACT_LIMITS.context),
  /** Label of the button that opened the form. */
  ctaButton: optionalText(CONTACT_LIMITS.context),
  /** Honeypot; must be empty. */
  website: honeypotField,
});

/** What a form sends (before trimming). */
export type ContactInput = z.input<typeof contactSchema>;
/** What the server stores (trimmed, validated). */
export type Contact = z.infer<typeof contactSchema>;
