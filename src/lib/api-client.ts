/**
 * The one JSON API client, for the public islands and the admin panel alike.
 *
 * Every request sends credentials and, when it has a body, JSON with a JSON content type. Any
 * non-OK answer throws an ApiError whose message is "{status}: {body text, or the status text when
 * the body is empty}", with the server's `error` text and per-field issues readable on it; an OK
 * answer that is not JSON throws 'Server returned non-JSON response'. A network failure rejects
 * with fetch's own TypeError, so callers can tell "the server said no" from "no server".
 */

export class ApiError extends Error {
  readonly status: number;
  /** The parsed JSON body of the error answer, when it was JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }

  /** The server's own `error` text, e.g. 'This email address is already subscribed.' */
  get serverMessage(): string | undefined {
    const body = this.body as { error?: unknown } | null;
    return body && typeof body.error === 'string' && body.error ? body.error : undefined;
  }

  /** Per-field messages of a 400 answer: {"error":"Invalid request","issues":{"email":"Invalid email"}}. */
  get fieldIssues(): Record<string, string> {
    const issues = (this.body as { issues?: unknown } | null)?.issues;
    if (!issues || typeof issues !== 'object') return {};
    return Object.fromEntries(
      Object.entries(issues as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('json');
}

/** What a request sends: its body and the headers that describe it. */
interface Sent {
  body: BodyInit;
  headers: Record<string, string>;
}

const asJson = (body: unknown): Sent | undefined =>
  body === undefined ? undefined : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };

/** The ApiError a non-OK answer is thrown as. */
async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let parsed: unknown = null;
  if (text && isJson(response)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`, parsed);
}

async function request<T>(method: string, url: string, sent?: Sent): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...sent?.headers },
    body: sent?.body,
  });

  if (!response.ok) throw await failure(response);

  if (!isJson(response)) throw new ApiError(response.status, 'Server returned non-JSON response', null);
  return (await response.json()) as T;
}

export const api = {
  get: <T = unknown>(url: string) => request<T>('GET', url),
  post: <T = unknown>(url: string, body?: unknown) => request<T>('POST', url, asJson(body)),
  put: <T = unknown>(url: string, body: unknown) => request<T>('PUT', url, asJson(body)),
  patch: <T = unknown>(url: string, body: unknown) => request<T>('PATCH', url, asJson(body)),
  delete: <T = unknown>(url: string) => request<T>('DELETE', url),
  /**
   * A GET whose answer is not read here (a download the browser then fetches itself, which shows
   * nothing when the server refuses it): a non-OK answer throws like any other, an OK one's body
   * is let go unread.
   */
  probe: async (url: string): Promise<void> => {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw await failure(response);
    await response.body?.cancel();
  },
  /** Raw bytes (an image, or a part of one) with the headers that describe them; a JSON answer like the rest. */
  putBytes: <T = unknown>(url: string, bytes: Blob, headers: Record<string, string>) => request<T>('PUT', url, { body: bytes, headers }),
};

/**
 * The description a failure toast shows: the server's own `error` text when it sent one, else
 * `fallback` (the form's or the action's own words, 'Please try again later.' unless it has some).
 * Any other answer body (a 4xx page's HTML, JSON with no `error`, a 5xx's stack trace) was written
 * for no reader and is never shown.
 */
export function describeFailure(error: unknown, fallback = 'Please try again later.'): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
