/**
 * What the admin lists read and do of a lead's messages in the outbox (an enquiry's notice, a
 * subscriber's welcome), one way for both: the latest message of a kind, and sending one that
 * failed again.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { OutboxMessage } from '../../schemas/outbox.ts';
import type { Database, OutboxRow } from '../db/schema.ts';

/** The tables of leads, each with the outbox column that names its row as a message's owner. */
const OWNER_COLUMN = { enquiries: 'enquiryId', subscribers: 'subscriberId' } as const;
export type LeadTable = keyof typeof OWNER_COLUMN;

type MessageColumns = Pick<OutboxRow, 'status' | 'attempts' | 'lastError' | 'sentAt'>;

/** A lead's latest message as its list row carries it: every column null when none was ever queued. */
export type LatestMessageColumns = { [K in keyof MessageColumns as `message${Capitalize<K>}`]: MessageColumns[K] | null };

/** The latest message's columns, as a list selects them beside its lead's (`LatestMessageColumns`). */
export const LATEST_MESSAGE_SELECTION = [
  'message.status as messageStatus',
  'message.attempts as messageAttempts',
  'message.lastError as messageLastError',
  'message.sentAt as messageSentAt',
] as const;

/**
 * A lead's latest message of `kind`, as the table `message` for a lateral left join from `leads`:
 * at most one row per lead, none when no message of that kind was queued.
 */
export function latestMessage(db: Kysely<Database>, kind: string, leads: LeadTable) {
  return db
    .selectFrom('outbox')
    .select(['outbox.status', 'outbox.attempts', 'outbox.lastError', 'outbox.sentAt'])
    .where(OWNER_COLUMN[leads], '=', sql.ref<number>(`${leads}.id`))
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .limit(1)
    .as('message');
}

/** The one row-to-API mapper of a lead's latest message: null when none was ever queued. */
export function toOutboxMessage(m: LatestMessageColumns): OutboxMessage | null {
  if (m.messageStatus === null) return null;
  return {
    status: m.messageStatus,
    attempts: m.messageAttempts ?? 0,
    lastError: m.messageLastError,
    sentAt: m.messageSentAt ? m.messageSentAt.toISOString() : null,
  };
}

/** Which lead a message belongs to: its table and its id. */
export interface MessageOwner {
  table: LeadTable;
  id: number;
}

/** The ids of a lead's messages still waiting to be sent, of every kind. */
export async function pendingMessageIds(db: Kysely<Database>, owner: MessageOwner): Promise<number[]> {
  const rows = await db.selectFrom('outbox').select('id').where(OWNER_COLUMN[owner.table], '=', owner.id).where('status', '=', 'pending').execute();
  return rows.map((row) => row.id);
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
    .where(OWNER_COLUMN[owner.table], '=', owner.id)
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
