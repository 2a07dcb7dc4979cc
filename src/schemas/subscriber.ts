/**
 * A newsletter subscriber as the admin Subscribers tab and its API see it. The sign-up itself
 * validates with newsletter.ts. Imports zod only.
 */
import * as z from 'zod/mini';
import { listQueryFields } from './list-query';

export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/**
 * GET /api/subscribers (format=csv: the download). The list shows every address unless a status is
 * asked for; the CSV export holds the subscribed ones unless `status=all` or another status is asked.
 */
export const subscriberListQuerySchema = z.object({
  ...listQueryFields,
  status: z.optional(z.enum([...SUBSCRIBER_STATUSES, 'all'], 'Must be subscribed, unsubscribed or all')),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

export interface Subscriber {
  id: number;
  email: string;
  status: SubscriberStatus;
  /** ISO 8601: when the address last subscribed. */
  subscribedAt: string;
  /** The path of the page it subscribed from; null for sign-ups from before it was recorded. */
  sourcePage: string | null;
  unsubscribedAt: string | null;
}
