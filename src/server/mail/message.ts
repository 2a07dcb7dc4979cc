import * as z from 'zod/mini';
import { emailField } from '../../schemas/fields.ts';

/**
 * A message the site sends, as the outbox stores it (a job's payload): composed when its cause is
 * committed, so the sender only delivers. The From comes from the environment at sending time.
 */
export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** The outbox job kinds; each names the message it carries. */
export const MESSAGE_KINDS = { enquiryNotice: 'enquiry-notice', welcome: 'welcome' } as const;

/**
 * Why a message can never be delivered as stored, or undefined: its recipient is no e-mail address.
 * A welcome's comes from a validated form; a notice's is NOTIFY_EMAIL, which the environment does
 * not refuse, so the reason names it and what to do.
 */
export function undeliverableReason(kind: string, message: OutgoingMessage): string | undefined {
  if (z.safeParse(emailField, message.to).success) return undefined;
  return kind === MESSAGE_KINDS.enquiryNotice
    ? `NOTIFY_EMAIL is not an e-mail address ('${message.to}'): set it to the address to tell of enquiries, then send the notice again`
    : `The recipient is not an e-mail address ('${message.to}')`;
}
