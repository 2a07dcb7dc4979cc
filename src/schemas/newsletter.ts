/** The newsletter sign-up schema: the newsletter island and POST /api/newsletter. */
import * as z from 'zod/mini';
import { emailField, honeypotField, newEmailField, optionalLine } from './fields.ts';

/** The longest source page path kept with a subscription. */
const SOURCE_PAGE_MAX_LENGTH = 200;

/**
 * The path of the page whose form was used, recorded with the consent and shown in /admin. A second
 * slash (or a backslash, which browsers read as one) after the first would make it another host's
 * address ('//evil.example/'), not a path on this site.
 */
const sourcePageField = optionalLine(SOURCE_PAGE_MAX_LENGTH, z.regex(/^(?:\/(?![/\\])|$)/, 'Must be a path on this site, starting with /'));

/** Whether `path` (a Referer's, when the form sent none) may be kept as a sign-up's source page, as the form's own may. */
export const isSourcePage = (path: string): boolean => z.safeParse(sourcePageField, path).success;

export const newsletterSchema = z.object({
  email: newEmailField,
  sourcePage: sourcePageField,
  /** Honeypot; must be empty. */
  website: honeypotField,
});

export type NewsletterInput = z.input<typeof newsletterSchema>;

/** The query of an unsubscribe link (GET or the one-click POST): the address and its signed token. */
export const unsubscribeQuerySchema = z.object({
  email: emailField,
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
});
