/**
 * A lead's message that has not got through (an enquiry's notice to the firm, a subscriber's
 * welcome): one that gave up shows a badge beside the lead, the reason, and a button that puts it
 * back in the outbox; one still being retried after a failed attempt shows the reason too (the
 * retries can take hours, and a reason such as a missing setting is one the admin can act on
 * meanwhile), with no button: it is in the outbox already.
 * The Enquiries and Subscribers tabs show their messages through these, with their own words.
 */
import { useState } from 'react';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import type { OutboxMessage } from '../../schemas/outbox';
import { toast, type ToastInput } from '../../stores/toasts';
import type { Collection } from './collection';
import { endedSession } from './session';
import { Badge, Button } from './ui';
import { sessionEndedCopy } from '../../content/admin';

/** The words of one kind of message: 'Notice not sent', 'Send notice again', ... */
export interface UndeliveredMessageText {
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
export async function resendFailed<T extends { id: number }>(url: string, id: number, collection: Collection<T>, text: UndeliveredMessageText): Promise<T | null> {
  try {
    const updated = await api.post<T>(url);
    toast(text.requeued);
    await collection.reload();
    return updated;
  } catch (err) {
    if (endedSession(err, sessionEndedCopy.notResent(text.resendFailed, text.resend))) return null;
    console.error('[admin] sending the message again failed', err);
    toast({ title: text.resendFailed, description: describeFailure(err), variant: 'destructive' });
    if (!(err instanceof ApiError && (err.status === 404 || err.status === 409))) return null;
    await collection.reload();
    return collection.$state.get().items.find((lead) => lead.id === id) ?? null;
  }
}

/** 'Notice not sent' beside the lead, for a message that gave up only: one still retried may yet get through. */
export function FailedMessageBadge({ message, text }: { message: OutboxMessage | null; text: UndeliveredMessageText }) {
  if (message?.status !== 'failed') return null;
  return <Badge tone="accent">{text.notSent}</Badge>;
}

export interface UndeliveredMessageProps {
  message: OutboxMessage | null;
  text: UndeliveredMessageText;
  /** The resend button's name, for the lead. */
  resendLabel: string;
  onResend: () => Promise<unknown>;
  className?: string;
}

/**
 * Why the message has not got through: the last attempt's reason while the outbox still retries
 * it, or why it gave up and the button that sends it again. Nothing for a message sent, or not
 * tried yet.
 */
export function UndeliveredMessage({ message, text, resendLabel, onResend, className = '' }: UndeliveredMessageProps) {
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
