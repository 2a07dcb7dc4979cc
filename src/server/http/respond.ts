import { API_SECURITY_HEADERS } from './security-headers.ts';

/** The one error body every endpoint answers with. */
export interface ErrorBody {
  error: string;
  issues?: Record<string, string>;
  /**
   * What a refused create's `submissionId` names: the row an earlier send of the key stored, as it
   * now stands (src/schemas/submission-id.ts). Only a 409 on `submissionId` carries it.
   */
  stored?: unknown;
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    // API answers are private by default; public read endpoints opt into CDN caching explicitly.
    headers: { ...API_SECURITY_HEADERS, 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-store', ...init.headers },
  });
}

export function errorJson(
  status: number,
  message: string,
  issues?: Record<string, string>,
  headers?: Record<string, string>,
): Response {
  const body: ErrorBody = issues && Object.keys(issues).length > 0 ? { error: message, issues } : { error: message };
  return json(body, { status, ...(headers ? { headers } : {}) });
}

/**
 * The 409 refusing a create whose `submissionId` an earlier send stored with other content:
 * `message` on the key, and the row that send stored, so the form goes on as its edit (its id and
 * version in hand) with no second request.
 */
export function keyReusedJson(message: string, stored: unknown, headers?: Record<string, string>): Response {
  const body: ErrorBody = { error: message, issues: { submissionId: message }, stored };
  return json(body, { status: 409, ...(headers ? { headers } : {}) });
}
