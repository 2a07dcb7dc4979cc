/** Thrown anywhere below a handler to answer with a given status and the one error shape. */
export class HttpError extends Error {
  readonly status: number;
  readonly issues: Record<string, string> | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, message: string, issues?: Record<string, string>, headers?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.issues = issues;
    this.headers = headers;
  }
}

export const badRequest = (message: string, issues?: Record<string, string>) => new HttpError(400, message, issues);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, issues?: Record<string, string>) => new HttpError(409, message, issues);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
