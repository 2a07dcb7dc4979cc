/**
 * A message of the outbox as the admin API shows it beside the lead it belongs to: an enquiry's
 * notice to the firm, a subscriber's welcome. Imports zod only.
 */
import * as z from 'zod/mini';
// Sets zod jitless before the schema below is built (fields.ts says why).
import './fields';

/** Pending until sent, or failed once every attempt has (or one was refused for good). The outbox table's status column holds these. */
const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The latest message of its kind for one lead, as the outbox last left it. */
export const outboxMessageSchema = z.object({
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  /** Why the last attempt failed (kept while retrying; the reason shown when it gave up). */
  lastError: z.nullable(z.string()),
  /** ISO 8601. */
  sentAt: z.nullable(z.string()),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
