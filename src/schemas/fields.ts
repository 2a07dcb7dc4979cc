/**
 * Field schemas shared by the contact and newsletter schemas, composed per form.
 * Imports zod only: both browser islands and server functions import this.
 */
import { z } from 'zod';

/** Spec section 5: a missing required field yields exactly 'Required'. */
export const REQUIRED = 'Required';

export const tooLong = (max: number) => `Must be ${max} characters or fewer`;

/** A required, trimmed text field with an upper bound. */
export const requiredText = (max: number) =>
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, tooLong(max));

/** An optional, trimmed text field with an upper bound. */
export const optionalText = (max: number) => z.string().trim().max(max, tooLong(max)).optional();

/** RFC 5321 caps an address at 254 characters. */
export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, tooLong(254))
  .pipe(z.email('Invalid email'));

/**
 * Honeypot: a visually hidden input people never fill in. Anything in it marks
 * the submission as automated.
 */
export const honeypotField = z.string().max(0, 'Must be empty').optional();

/**
 * The first message per field of a failed parse, keyed by field name: the shape of
 * `issues` in a 400 answer ({"error":"Invalid request","issues":{"email":"Invalid email"}})
 * and of the inline messages the forms show.
 */
export function fieldIssues(error: z.ZodError): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    if (!(key in issues)) issues[key] = issue.message;
  }
  return issues;
}
