/**
 * Validation and sending for EnquiryForm, in their own chunk: the form imports
 * this on first focus (or on submit), so zod and the API client are not part of
 * any page's initial JavaScript.
 */
import { enquirySchema, type EnquiryInput } from '../../schemas/enquiry';
import { fieldIssues } from '../../schemas/fields';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import { API_PATHS } from '../../lib/api-paths';

export type SubmitResult = { ok: true } | { ok: false; issues: Record<string, string>; message?: string };

/** Client-side check with the shared schema; null when valid. */
export function validateEnquiry(payload: EnquiryInput): Record<string, string> | null {
  const parsed = enquirySchema.safeParse(payload);
  return parsed.success ? null : fieldIssues(parsed.error);
}

/** POST /api/contacts. On failure: the server's field issues (400) and the toast description. */
export async function sendEnquiry(payload: EnquiryInput): Promise<SubmitResult> {
  try {
    await api.post(API_PATHS.contacts, payload);
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      issues: error instanceof ApiError ? error.fieldIssues : {},
      message: describeFailure(error),
    };
  }
}
