/**
 * What the admin lists read and do of a lead's messages in the outbox (an enquiry's notice, a
 * subscriber's welcome), one way for both: the latest message of a kind, and sending one that
 * failed again.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { OutboxMessage } from '../../schemas/outbox.ts';
import type { Database, OutboxRow } from '../db/schema.ts';

type MessageColumns = Pick<OutboxRow, 'status' | 'attempts' | 'lastError' | 'sentAt'>;

/** A lead's message as a left join leaves it: every column null when none was ever queued. */
export type JoinedMessage = { [K in keyof MessageColumns]: MessageColumns[K] | null };

/** The outbox columns a lead's list reads of its latest message. */
export const MESSAGE_COLUMNS = ['outbox.status', 'outbox.attempts', 'outbox.lastError', 'outbox.sentAt'] as const;

/** The one row-to-API mapper of a lead's message: null when none was ever queued. */
export function toOutboxMessage(m: JoinedMessage): OutboxMessage | null {
  if (m.status === null) return null;
  return { status: m.status, attempts: m.attempts ?? 0, lastError: m.lastError, sentAt: m.sentAt ? m.sentAt.toISOString() : null };
}

/** Which lead a message belongs to: the outbox column and the lead's id. */
export interface MessageOwner {
  column: 'enquiryId' | 'subscriberId';
  id: number;
}

export type RequeueOutcome = 'requeued' | 'not-failed' | 'missing';

/**
 * Puts a lead's latest message of `kind` back in the outbox, due now, its attempts counted afresh,
 * when it failed (the cause mended since: the mail server back, SMTP_URL set, NOTIFY_EMAIL
 * corrected). 'not-failed' when that message is pending or sent, or `stillWanted` no longer holds;
 * 'missing' when the lead has no message of that kind.
 */
export async function requeueFailed(
  db: Kysely<Database>,
  kind: string,
  owner: MessageOwner,
  stillWanted: (eb: ExpressionBuilder<Database, 'outbox'>) => Expression<SqlBool> = (eb) => eb.lit(true),
): Promise<RequeueOutcome> {
  const latest = await db
    .selectFrom('outbox')
    .select(['id', 'status'])
    .where(owner.column, '=', owner.id)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!latest) return 'missing';
  if (latest.status !== 'failed') return 'not-failed';
  // Only while still failed: two presses at once put it back once.
  const r = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date() })
    .where('id', '=', latest.id)
    .where('status', '=', 'failed')
    .where(stillWanted)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n ? 'requeued' : 'not-failed';
}
