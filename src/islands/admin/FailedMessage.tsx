/**
 * A lead's message that gave up (an enquiry's notice to the firm, a subscriber's welcome): a badge
 * beside the lead, the reason, and a button that puts it back in the outbox. One still being retried
 * after a failed attempt shows the reason too (the retries can take hours, and a reason such as a
 * missing setting is one the admin can act on meanwhile), with no button: it is in the outbox already.
 * The Enquiries and Subscribers tabs show their messages through these, with their own words.
 */
import { useState } from 'react';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import type { OutboxMessage } from '../../schemas/outbox';
import { toast, type ToastInput } from '../../stores/toasts';
import type { Collection } from './collection';
import { endedSession } from './session';
import { Badge, Button } from './ui';

/** The words of one kind of message: 'Notice not sent', 'Send notice again', ... */
export interface FailedMessageText {
  /** Said with the last attempt's reason while the outbox still retries: `attempts` counts every attempt made, including one in flight. */
  retrying: (attempts: number) => string;
  notSent: string;
  resend: string;
  requeued: ToastInput;
  resendFailed: string;
}

/**
 * Posts to `url` (the message's resend route for lead `id`) and reloads the list: the lead as it
 * then stands, or null when the session ended (the panel asks to sign in) or the request failed
 * (said in a toast). A refusal (409: the message is sent or being tried, as another admin's press
 * or a retry made it; 404: the lead is gone) is said too, and means what the panel shows is out of
 * date: the list is loaded again, and the lead answered as it now stands there (null when gone), or
 * its button would stay and be refused at every press.
 */
export async function resendFailed<T extends { id: number }>(url: string, id: number, collection: Collection<T>, text: FailedMessageText): Promise<T | null> {
  try {
    const updated = await api.post<T>(url);
    toast(text.requeued);
    await collection.reload();
    return updated;
  } catch (err) {
    if (endedSession(err)) return null;
    console.error('[admin] sending the message again failed', err);
    toast({ title: text.resendFailed, description: describeFailure(err), variant: 'destructive' });
    if (!(err instanceof ApiError && (err.status === 404 || err.status === 409))) return null;
    await collection.reload();
    return collection.$state.get().items.find((lead) => lead.id === id) ?? null;
  }
}

export function FailedMessageBadge({ message, text }: { message: OutboxMessage | null; text: FailedMessageText }) {
  if (message?.status !== 'failed') return null;
  return <Badge tone="accent">{text.notSent}</Badge>;
}

/** Why the message gave up, and the button that sends it again (named `resendLabel` for the lead). */
export function FailedMessage({
  message,
  text,
  resendLabel,
  onResend,
  className = '',
}: {
  message: OutboxMessage | null;
  text: FailedMessageText;
  resendLabel: string;
  onResend: () => Promise<unknown>;
  className?: string;
}) {
  const [sending, setSending] = useState(false);
  // attempts is 0 after 'Send again': the reason kept from before belongs to the attempts that gave up.
  if (message?.status === 'pending' && message.attempts > 0 && message.lastError) {
    return (
      <p className={`text-sm text-ink-700 ${className}`}>
        {text.retrying(message.attempts)}: {message.lastError}
      </p>
    );
  }
  if (message?.status !== 'failed') return null;
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <p className="text-sm text-danger-700">
        {text.notSent}: {message.lastError}
      </p>
      <Button
        variant="neutral"
        size="sm"
        aria-label={resendLabel}
        pending={sending}
        onClick={async () => {
          if (sending) return;
          setSending(true);
          await onResend();
          setSending(false);
        }}
      >
        {text.resend}
      </Button>
    </div>
  );
}
