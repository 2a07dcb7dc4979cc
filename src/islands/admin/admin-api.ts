/**
 * The admin panel's calls (spec section 7): credentials always sent, JSON bodies with a JSON
 * content type. A non-OK answer throws ApiError 'API Error: {status}' and a non-JSON answer
 * 'Server returned non-JSON response' (spec section 8, the admin helper); the server's own `error`
 * text and field issues stay readable on the error. A network failure rejects with fetch's own
 * TypeError, so callers can tell "the server said no" from "no server".
 */
import { ApiError } from '../../lib/api-client';

async function readJsonOrNull(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export async function adminRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (!response.ok) {
    throw new ApiError(response.status, `API Error: ${response.status}`, isJson ? await readJsonOrNull(response) : null);
  }
  if (!isJson) throw new ApiError(response.status, 'Server returned non-JSON response', null);
  return (await response.json()) as T;
}

export const adminGet = <T>(url: string) => adminRequest<T>('GET', url);
export const adminPost = <T>(url: string, body?: unknown) => adminRequest<T>('POST', url, body);
export const adminPut = <T>(url: string, body: unknown) => adminRequest<T>('PUT', url, body);
export const adminDelete = <T>(url: string) => adminRequest<T>('DELETE', url);

export { ApiError };
