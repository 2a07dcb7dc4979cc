import * as z from 'zod/mini';
import { emailField, emailKey } from '../../schemas/fields.ts';

/**
 * A message the site sends: composed when its cause is committed, so the sender only delivers. The
 * From comes from the environment at sending time.
 */
export interface OutgoingMessage {
  /** One address, or several: one message, each of them a recipient of its envelope. */
  to: string | string[];
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header lines, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * The envelope's recipients when they are fewer than `to`: those of `to` that have not yet
   * accepted this message. `to` still names every one, so each sees who else was told.
   */
  envelopeTo?: string[];
  /**
   * What its Message-ID names, the same at every attempt of one outbox job: a copy sent again (the
   * send's mark lost, or the server's reply to it) is the same message to the recipient's mailbox,
   * which keeps it once, rather than a second notice or welcome.
   */
  identity?: string;
}

/** The outbox job kinds; each names the message it carries. */
export const MESSAGE_KINDS = { enquiryNotice: 'enquiry-notice', welcome: 'welcome' } as const;

/**
 * A message as the outbox stores it (a job's payload). The firm's notice holds no recipient: it is
 * sent to NOTIFY_EMAIL as that stands at each attempt, so a corrected or extended list reaches the
 * notices still waiting. Every other message keeps the recipient it was composed for.
 */
export type QueuedMessage = Omit<OutgoingMessage, 'to' | 'envelopeTo'> & {
  to?: OutgoingMessage['to'];
  /**
   * The recipients that accepted an earlier attempt whose other recipients the mail server refused
   * (one partner's full or closed mailbox): later attempts go to the others only, so a retry tells
   * the one who missed it without telling everyone again.
   */
  delivered?: string[];
};

/**
 * A welcome queued while no origin for its unsubscribe link was known (src/server/mail/link-origin.ts):
 * its recipient only. Each attempt composes it from the origin configured then, so it goes out once
 * SITE_URL is set, and never with a link on the Host its sign-up came to.
 */
export interface WelcomeAwaitingOrigin {
  to: string;
  composeAtSend: true;
}

/**
 * The message as an attempt sends it: a notice to `notifyEmail` (NOTIFY_EMAIL now), any other to its
 * own recipient; its envelope without the recipients that already have it.
 */
export function addressed(kind: string, queued: QueuedMessage, notifyEmail: string[]): OutgoingMessage {
  const { delivered, ...message } = queued;
  const to = kind === MESSAGE_KINDS.enquiryNotice ? notifyEmail : (queued.to ?? []);
  if (!delivered?.length) return { ...message, to };
  const told = new Set(delivered.map(emailKey));
  return { ...message, to, envelopeTo: [to].flat().filter((address) => !told.has(emailKey(address))) };
}

/** The recipients that have a message after an attempt some of whose recipients refused it: those before and those now. */
export const deliveredAfter = (queued: QueuedMessage, accepted: readonly string[]): string[] => [
  ...new Set([...(queued.delivered ?? []), ...accepted].map(emailKey)),
];

const isAddress = (to: string) => z.safeParse(emailField, to).success;

/**
 * Which of NOTIFY_EMAIL's entries are no address, by place: the value is never repeated, since a
 * variable pasted into the wrong name (SMTP_URL's, with its password) would show in the inbox.
 */
function wrongNotifyEntries(to: string[]): string {
  const wrong = to.flatMap((entry, i) => (isAddress(entry) ? [] : [i + 1]));
  if (to.length === 1) return 'NOTIFY_EMAIL is not an e-mail address';
  if (wrong.length === 1) return `NOTIFY_EMAIL entry ${wrong[0]} of ${to.length} is not an e-mail address`;
  return `NOTIFY_EMAIL entries ${wrong.join(', ')} of ${to.length} are not e-mail addresses`;
}

/**
 * Why a message can never be delivered as stored, or undefined: a recipient is no e-mail address.
 * A welcome's comes from a validated form; a notice's are NOTIFY_EMAIL's, which the environment
 * does not refuse, so the reason names it and what to do.
 */
export function undeliverableReason(kind: string, message: OutgoingMessage): string | undefined {
  const to = [message.to].flat();
  if (to.length > 0 && to.every(isAddress)) return undefined;
  return kind === MESSAGE_KINDS.enquiryNotice
    ? `${wrongNotifyEntries(to)}: set it to the address to tell of enquiries, or several separated by commas, then send the notice again`
    : `The recipient is not an e-mail address ('${message.to}')`;
}
