/**
 * A newsletter subscriber as the admin Subscribers tab and its API see it. The sign-up itself
 * validates with newsletter.ts. Imports zod only.
 */
import * as z from 'zod/mini';
import { listQueryFields } from './list-query';
import { outboxMessageSchema } from './outbox';

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

/** A subscriber as GET /api/subscribers and POST /api/subscribers/:id/welcome answer it. */
const subscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** ISO 8601: when the address last subscribed. */
  subscribedAt: z.string(),
  /** The path of the page it subscribed from; null for sign-ups from before it was recorded. */
  sourcePage: z.nullable(z.string()),
  unsubscribedAt: z.nullable(z.string()),
  /** The welcome of its latest sign-up; null when none was queued (an address added by hand). */
  welcome: z.nullable(outboxMessageSchema),
});
export type Subscriber = z.infer<typeof subscriberSchema>;
