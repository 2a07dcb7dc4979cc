/**
 * Validation and sending for NewsletterForm, in their own chunk loaded on first
 * focus (or on submit), so zod and the API client stay out of the page's initial JavaScript.
 */
import { newsletterSchema, type NewsletterInput } from '../../schemas/newsletter';
import { fieldIssues, REQUIRED } from '../../schemas/fields';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import { API_PATHS } from '../../lib/api-paths';

/** The email field's message, or null when valid. */
export function validateNewsletter(payload: NewsletterInput): string | null {
  const parsed = newsletterSchema.safeParse(payload);
  return parsed.success ? null : (fieldIssues(parsed.error).email ?? REQUIRED);
}

export interface SubscribeFailure {
  /** The failure toast's description. */
  message: string;
  /** The server's message for the address (a 400 or 409 naming `email`), shown beside the field. */
  emailIssue?: string;
}

/** POST /api/newsletter; resolves to null on success, else what the form shows of the failure. */
export async function subscribe(payload: NewsletterInput): Promise<SubscribeFailure | null> {
  try {
    await api.post(API_PATHS.newsletter, payload);
    return null;
  } catch (error) {
    return { message: describeFailure(error), emailIssue: error instanceof ApiError ? error.fieldIssues.email : undefined };
  }
}
