/**
 * What sending a public form (enquiry, newsletter) comes to, one shape for both: sent, or not, with
 * the server's per-field messages to show beside the fields and the failure toast's description.
 */
import { ApiError, describeFailure } from '../../lib/api-client';

export type FormResult = { ok: true } | { ok: false; issues: Record<string, string>; message: string };

/** The failed result of a send that threw: a refusal's field issues, or none when no answer came. */
export function failedResult(error: unknown): FormResult {
  return { ok: false, issues: error instanceof ApiError ? error.fieldIssues : {}, message: describeFailure(error) };
}
