import { welcomeText } from '../../content/leads.ts';
import { createUnsubscribeToken } from '../auth/unsubscribe-token.ts';
import type { OutgoingMessage } from './message.ts';

/** The unsubscribe function's path; the link and the one-click POST (RFC 8058) both go there. */
export const UNSUBSCRIBE_PATH = '/api/newsletter/unsubscribe';

export async function unsubscribeUrl(origin: string, email: string): Promise<string> {
  const url = new URL(UNSUBSCRIBE_PATH, origin);
  url.searchParams.set('email', email);
  url.searchParams.set('token', await createUnsubscribeToken(email));
  return url.toString();
}

/**
 * A new subscriber's welcome: an unsubscribe link in the body, and the List-Unsubscribe and
 * List-Unsubscribe-Post headers, with which mail clients offer their own one-click unsubscribe.
 */
export async function welcomeMessage(email: string, origin: string): Promise<OutgoingMessage> {
  const link = await unsubscribeUrl(origin, email);
  return {
    to: email,
    subject: welcomeText.subject,
    text: welcomeText.body(link),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
