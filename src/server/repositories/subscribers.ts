import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Subscriber, SubscriberListQuery } from '../../schemas/subscriber.ts';
import { containsPattern } from '../db/like.ts';
import { readPage, type PageQuery } from '../db/page.ts';
import { after, cursorText, keysetBatches, type KeysetCursor } from '../db/keyset.ts';
import type { Database, SubscriberRow } from '../db/schema.ts';
import { MESSAGE_KINDS, type OutgoingMessage } from '../mail/message.ts';
import { MESSAGE_COLUMNS, requeueFailed, toOutboxMessage, type JoinedMessage, type RequeueOutcome } from './outbox.ts';

type ListedRow = SubscriberRow & { [K in keyof JoinedMessage as `welcome${Capitalize<K>}`]: JoinedMessage[K] };

/** The one row-to-API mapper for subscribers; fields one by one, so a column added on one side fails tsc. */
function toSubscriber(row: ListedRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    subscribedAt: row.subscribedAt.toISOString(),
    sourcePage: row.sourcePage,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    welcome: toOutboxMessage({ status: row.welcomeStatus, attempts: row.welcomeAttempts, lastError: row.welcomeLastError, sentAt: row.welcomeSentAt }),
  };
}

/** Subscribers with their latest welcome (a lateral join: at most one job row per subscriber). */
function subscribersWithWelcome(db: Kysely<Database>) {
  return db
    .selectFrom('subscribers')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('outbox')
          .select(MESSAGE_COLUMNS)
          .whereRef('outbox.subscriberId', '=', 'subscribers.id')
          .where('outbox.kind', '=', MESSAGE_KINDS.welcome)
          .orderBy('outbox.id', 'desc')
          .limit(1)
          .as('welcome'),
      (join) => join.onTrue(),
    )
    .selectAll('subscribers')
    .select(['welcome.status as welcomeStatus', 'welcome.attempts as welcomeAttempts', 'welcome.lastError as welcomeLastError', 'welcome.sentAt as welcomeSentAt']);
}

/**
 * Subscribes an address and queues its welcome, in one statement (one transaction). An address
 * that unsubscribed before subscribes again, with this consent's time and page; one that is
 * subscribed already (in any letter case) is left as it is: undefined.
 */
export async function subscribeWithWelcome(
  db: Kysely<Database>,
  { email, sourcePage }: { email: string; sourcePage: string | null },
  welcome: OutgoingMessage,
): Promise<{ id: number; jobId: number } | undefined> {
  const now = new Date();
  const row = await db
    .with('subscriber', (q) =>
      q
        .insertInto('subscribers')
        .values({ email, sourcePage, subscribedAt: now, status: 'subscribed' })
        .onConflict((oc) =>
          oc
            .expression(sql`lower(email)`)
            .doUpdateSet({ status: 'subscribed', subscribedAt: now, sourcePage, unsubscribedAt: null })
            .where('subscribers.status', '=', 'unsubscribed'),
        )
        .returning('id'),
    )
    .insertInto('outbox')
    .columns(['kind', 'payload', 'nextAttemptAt', 'subscriberId'])
    .expression((eb) =>
      eb
        .selectFrom('subscriber')
        .select([
          sql.lit(MESSAGE_KINDS.welcome).as('kind'),
          sql<string>`${JSON.stringify(welcome)}::jsonb`.as('payload'),
          sql<Date>`${now}::timestamptz`.as('nextAttemptAt'),
          'subscriber.id as subscriberId',
        ]),
    )
    .returning(['id', 'subscriberId'])
    .executeTakeFirst();
  return row && { id: row.subscriberId!, jobId: row.id };
}

/**
 * Unsubscribes an address (any letter case); true when it is on the list, whatever its status was,
 * so following a link twice confirms twice. Its welcome, if still unsent, is not sent.
 */
export async function unsubscribe(db: Kysely<Database>, email: string): Promise<boolean> {
  // One statement: the status and the dropped welcome are written together or not at all.
  const row = await db
    .with('gone', (q) =>
      q
        .updateTable('subscribers')
        .set((eb) => ({
          status: 'unsubscribed',
          unsubscribedAt: eb.fn.coalesce('unsubscribedAt', sql<Date>`now()`),
        }))
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .returning('id'),
    )
    .with('dropped', (q) =>
      q
        .deleteFrom('outbox')
        .where('subscriberId', 'in', (eb) => eb.selectFrom('gone').select('id'))
        .where('status', '=', 'pending')
        .returning('id'),
    )
    .selectFrom('gone')
    .select('id')
    .executeTakeFirst();
  return row !== undefined;
}

type Filter = Pick<SubscriberListQuery, 'status' | 'search'>;

function matches(eb: ExpressionBuilder<Database, 'subscribers'>, filter: Filter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status && filter.status !== 'all') conditions.push(eb('subscribers.status', '=', filter.status));
  if (filter.search) conditions.push(eb('subscribers.email', 'ilike', containsPattern(filter.search)));
  return eb.and(conditions);
}

/** One page of subscribers, the latest sign-up first, with the count the filter matches. */
export async function listSubscribers(db: Kysely<Database>, q: Filter & PageQuery): Promise<{ items: Subscriber[]; total: number }> {
  const { items, total } = await readPage(
    subscribersWithWelcome(db)
      .where((eb) => matches(eb as never, q))
      .orderBy('subscribers.subscribedAt', 'desc')
      .orderBy('subscribers.id', 'desc'),
    db
      .selectFrom('subscribers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => matches(eb, q)),
    q,
  );
  return { items: items.map((r) => toSubscriber(r as ListedRow)), total };
}

/** Every subscriber the filter matches, the latest sign-up first, a batch at a time (the CSV export). */
export function exportSubscribers(db: Kysely<Database>, filter: Filter, batchSize?: number): AsyncGenerator<Subscriber[]> {
  return keysetBatches(
    (cursor: KeysetCursor | undefined, limit: number) => {
      let q = subscribersWithWelcome(db)
        .select(cursorText('subscribers.subscribedAt').as('cursorAt'))
        .where((eb) => matches(eb as never, filter));
      if (cursor) q = q.where(after('subscribers.subscribedAt', 'subscribers.id', cursor));
      return q.orderBy('subscribers.subscribedAt', 'desc').orderBy('subscribers.id', 'desc').limit(limit).execute();
    },
    (row) => toSubscriber(row as ListedRow),
    batchSize,
  );
}

export async function findSubscriber(db: Kysely<Database>, id: number): Promise<Subscriber | undefined> {
  const row = await subscribersWithWelcome(db).where('subscribers.id', '=', id).executeTakeFirst();
  return row && toSubscriber(row as ListedRow);
}

/**
 * Puts a subscriber's failed welcome back in the outbox (outbox.ts requeueFailed), to the address
 * it was composed for. Never for an address that has unsubscribed ('unsubscribed'); one that
 * unsubscribes between the look and the write is left as it is too ('not-failed'). 'missing' when
 * the subscriber, or any welcome of it, is not there.
 */
export async function requeueFailedWelcome(db: Kysely<Database>, subscriberId: number): Promise<RequeueOutcome | 'unsubscribed'> {
  const subscriber = await db.selectFrom('subscribers').select('status').where('id', '=', subscriberId).executeTakeFirst();
  if (!subscriber) return 'missing';
  if (subscriber.status !== 'subscribed') return 'unsubscribed';
  return requeueFailed(db, MESSAGE_KINDS.welcome, { column: 'subscriberId', id: subscriberId }, (eb) =>
    eb.exists(eb.selectFrom('subscribers').whereRef('subscribers.id', '=', 'outbox.subscriberId').where('subscribers.status', '=', 'subscribed')),
  );
}

/** Deletes an address for good; its queued messages go with it (ON DELETE CASCADE). */
export async function deleteSubscriber(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
