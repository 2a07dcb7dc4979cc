/** The newsletter sign-up schema: the newsletter island and POST /api/newsletter. */
import * as z from 'zod/mini';
import { emailField, honeypotField } from './fields';

export const newsletterSchema = z.object({
  email: emailField,
  /** Honeypot; must be empty. */
  website: honeypotField,
});

export type NewsletterInput = z.input<typeof newsletterSchema>;
export type Newsletter = z.infer<typeof newsletterSchema>;
