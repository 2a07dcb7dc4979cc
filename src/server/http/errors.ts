import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/errors.ts';
import { ObjectStoreUnavailableError } from '../uploads/object-store-errors.ts';

/** What an error's body may carry beside its message and issues (respond.ts, ErrorBody). */
export interface ErrorDetail {
  /**
   * What a refused create's `submissionId` names: the row an earlier send of the key stored, as it
   * now stands (src/schemas/submission-id.ts), so the form goes on as its edit (its id and version
   * in hand) with no second request. Only a 409 on `submissionId` carries it.
   */
  stored?: unknown;
}

/** Thrown anywhere below a handler to answer with a given status and the one error shape. */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly detail: ErrorDetail | undefined;
  constructor(status: number, message: string, issues?: Record<string, string>, headers?: Record<string, string>, detail?: ErrorDetail) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
    this.headers = headers;
    this.detail = detail;
  }
}

export const badRequest = (message: string, issues?: Record<string, string>) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, issues?: Record<string, string>, detail?: ErrorDetail) => new HttpError(409, message, issues, undefined, detail);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/**
 * The log line of a request (`where`, its requestLabel) that a store did not answer: one format
 * for every such 503, whether answerableError or a function's own page answers it, so the log
 * reads them alike.
 */
export function logUnavailable(where: string, store: 'database' | 'blob store', err: unknown): void {
  console.error(`[api] ${where}: ${store} unavailable:`, err instanceof Error ? err.message : err);
}

/**
 * What a failure is answered as: an HttpError as thrown; a database or blob store that is
 * unavailable (src/server/db/errors.ts, src/server/uploads/object-store-errors.ts) as 503 with
 * Retry-After, the log naming which of the two; anything else as a bare 500, its detail in the log
 * (`where` names the request) and never in the answer.
 */
export function answerableError(err: unknown, where: string): HttpError {
  if (err instanceof HttpError) return err;
  // The blob store first: its socket failures carry the same codes a database's do.
  const unavailable = err instanceof ObjectStoreUnavailableError ? 'blob store' : isDatabaseUnavailable(err) ? 'database' : undefined;
  if (unavailable) {
    logUnavailable(where, unavailable, err);
    return new HttpError(503, UNAVAILABLE_MESSAGE, undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) });
  }
  console.error(`[api] ${where} failed:`, err);
  return new HttpError(500, 'Internal server error');
}
