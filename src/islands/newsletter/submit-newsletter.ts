/**
 * Validation and sending for NewsletterForm, in their own chunk loaded on first
 * focus (or on submit), so zod and the API client stay out of the page's initial JavaScript.
 */
import { newsletterSchema, type NewsletterInput } from '../../schemas/newsletter';
import { fieldIssues, REQUIRED } from '../../schemas/fields';
import { api } from '../../lib/api-client';
import { API_PATHS } from '../../lib/api-paths';
import { failedResult, type FormResult } from '../ui/form-result';

/** The email field's message, or null when valid. */
export function validateNewsletter(payload: NewsletterInput): string | null {
  const parsed = newsletterSchema.safeParse(payload);
  return parsed.success ? null : (fieldIssues(parsed.error).email ?? REQUIRED);
}

/** POST /api/newsletter. On failure: the server's message for the address (a 400 or 409 naming `email`) and the toast description. */
export async function subscribe(payload: NewsletterInput): Promise<FormResult> {
  try {
    await api.post(API_PATHS.newsletter, payload);
    return { ok: true };
  } catch (error) {
    return failedResult(error);
  }
}
