import type { ErrorDetail } from './errors.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

/** The one error body every endpoint answers with. */
export interface ErrorBody extends ErrorDetail {
  error: string;
  issues?: Record<string, string>;
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
  detail?: ErrorDetail,
): Response {
  const body: ErrorBody = issues && Object.keys(issues).length > 0 ? { error: message, issues, ...detail } : { error: message, ...detail };
  return json(body, { status, ...(headers ? { headers } : {}) });
}
