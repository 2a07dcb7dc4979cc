/**
 * Validation and sending for EnquiryForm, in their own chunk: the form imports
 * this on first focus (or on submit), so zod and the API client are not part of
 * any page's initial JavaScript.
 */
import { enquirySchema, type EnquiryInput } from '../../schemas/enquiry';
import { fieldIssues } from '../../schemas/fields';
import { api, ApiError } from '../../lib/api-client';
import { API_PATHS } from '../../lib/api-paths';
import { newSubmissionId } from '../../lib/submission-key';
import { failedResult, type FormResult } from '../ui/form-result';

/** Client-side check with the shared schema; null when valid. */
export function validateEnquiry(payload: EnquiryInput): Record<string, string> | null {
  const parsed = enquirySchema.safeParse(payload);
  return parsed.success ? null : fieldIssues(parsed.error);
}

/**
 * The enquiry being sent and its submissionId, until the server answers that it has it. The same
 * content sent again (Send pressed again after a network failure, a lost answer or any refusal)
 * goes with the same key, so an enquiry the server did store is answered as stored rather than
 * stored twice; other content is another enquiry, with a key of its own. Kept in the module, so it
 * outlives the dialog closing and opening again, and a send from either form of the page.
 */
let unconfirmed: { content: string; submissionId: string } | undefined;

/** The key for `content`: the unconfirmed one's when it is the same, else a new one. */
function submissionIdFor(content: string): string {
  if (unconfirmed?.content !== content) unconfirmed = { content, submissionId: newSubmissionId() };
  return unconfirmed.submissionId;
}

/** POST /api/contacts. On failure: the server's field issues (400) and the toast description. */
export async function sendEnquiry(payload: EnquiryInput): Promise<FormResult> {
  // Compared as the server compares it, after the schema's trimming: text that differs in its
  // surrounding spaces only is the same enquiry.
  const parsed = enquirySchema.safeParse({ ...payload, submissionId: undefined });
  const submissionId = submissionIdFor(JSON.stringify(parsed.success ? parsed.data : payload));
  try {
    await api.post(API_PATHS.contacts, { ...payload, submissionId });
    unconfirmed = undefined;
    return { ok: true };
  } catch (error) {
    // The server holds this key for other content (it compared differently): the next press sends
    // this content as the new enquiry it is.
    if (error instanceof ApiError && error.fieldIssues.submissionId) unconfirmed = undefined;
    return failedResult(error);
  }
}
