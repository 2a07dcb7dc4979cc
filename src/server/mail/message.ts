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
