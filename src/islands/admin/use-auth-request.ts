/**
 * The sign-in flow Admin Access and Change Password share: one request at a time, and on failure
 * a destructive toast: the server's own `error` text when it refused, a connection message when
 * there was no answer.
 */
import { useState } from 'react';
import { ApiError, api, describeFailure } from '../../lib/api-client';
import { toast } from '../../stores/toasts';

interface Failure {
  title: string;
  description: string;
}

interface Options {
  url: string;
  /** The server answered no; its `error` text replaces the description when it sent one. */
  refused: Failure;
  /** No answer at all (network down, server unreachable). */
  unreachable: Failure;
  /**
   * Called with the refusal too, for a form that shows the server's field issues under its fields;
   * answering true means it has dealt with the refusal itself, and no toast is shown.
   */
  onRefused?: (err: ApiError) => boolean | void;
}

export function useAuthRequest<Result = unknown>({ url, refused, unreachable, onRefused }: Options) {
  const [pending, setPending] = useState(false);

  /** Sends `body`; resolves to the answer, or null after the failure toast. */
  async function send(body: unknown): Promise<Result | null> {
    if (pending) return null;
    setPending(true);
    try {
      return await api.post<Result>(url, body);
    } catch (err) {
      if (err instanceof ApiError) {
        if (onRefused?.(err) === true) return null;
        toast({ title: refused.title, description: describeFailure(err, refused.description), variant: 'destructive' });
      } else {
        console.error(`[admin] ${url} request failed`, err);
        toast({ ...unreachable, variant: 'destructive' });
      }
      return null;
    } finally {
      setPending(false);
    }
  }

  return { pending, send };
}
