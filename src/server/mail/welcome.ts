import { welcomeText } from '../../content/leads.ts';
import { API_PATHS } from '../../lib/api-paths.ts';
import { createUnsubscribeToken } from '../auth/unsubscribe-token.ts';
import { configuredMailOrigin } from './link-origin.ts';
import type { OutgoingMessage, QueuedMessage, WelcomeAwaitingOrigin } from './message.ts';

async function unsubscribeUrl(origin: string, email: string): Promise<string> {
  const url = new URL(API_PATHS.newsletterUnsubscribe, origin);
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

/** A new subscriber's welcome when the sign-up knew no origin for its link: composed at send time. */
export const welcomeAwaitingOrigin = (email: string): WelcomeAwaitingOrigin => ({ to: email, composeAtSend: true });

/**
 * A stored message as an attempt sends it: a welcome awaiting its origin composed now, with the
 * configured one (NO_MAIL_ORIGIN while there is none); any other as it was queued.
 */
export async function composedForSending(stored: QueuedMessage | WelcomeAwaitingOrigin): Promise<QueuedMessage> {
  return 'composeAtSend' in stored ? welcomeMessage(stored.to, configuredMailOrigin()) : stored;
}
