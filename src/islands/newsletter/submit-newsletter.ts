/**
 * Validation and sending for NewsletterForm, in their own chunk loaded on first
 * focus (or on submit), so zod and the API client stay out of the page's initial JavaScript.
 */
import { newsletterSchema, type NewsletterInput } from '../../schemas/newsletter';
import { fieldIssues, REQUIRED } from '../../schemas/fields';
import { api, describeFailure } from '../../lib/api-client';
import { API_PATHS } from '../../lib/api-paths';

/** The email field's message, or null when valid. */
export function validateNewsletter(payload: NewsletterInput): string | null {
  const parsed = newsletterSchema.safeParse(payload);
  return parsed.success ? null : (fieldIssues(parsed.error).email ?? REQUIRED);
}

/** POST /api/newsletter; resolves to null on success or the failure toast's description. */
export async function subscribe(payload: NewsletterInput): Promise<string | null> {
  try {
    await api.post(API_PATHS.newsletter, payload);
    return null;
  } catch (error) {
    return describeFailure(error);
  }
}
