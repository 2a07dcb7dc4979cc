import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Subscriber, SubscriberListQuery } from '../../schemas/subscriber.ts';
import type { ExportBudget } from '../db/keyset.ts';
import type { PageQuery } from '../db/page.ts';
import type { Database } from '../db/schema.ts';
import { emailKey } from '../../schemas/fields.ts';
import { SUBMISSION_KEY_WINDOW_MS, recentDerivedSubmissionKeys } from '../derived-submission-key.ts';
import type { SpentPoint } from '../rate-limit.ts';
import { MESSAGE_KINDS, type OutgoingMessage, type WelcomeAwaitingOrigin } from '../mail/message.ts';
import { leadListReads, type LeadRow } from './lead-lists.ts';
import { requeueFailed, toOutboxMessage, type RequeueOutcome } from './outbox.ts';

/** The one row-to-API mapper for subscribers; fields one by one, so a column added on one side fails tsc. */
function toSubscriber(row: LeadRow<'subscribers'>): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    subscribedAt: row.subscribedAt.toISOString(),
    sourcePage: row.sourcePage,
    unsubscribedAt: row.unsubscribedAt ? row.unsubscribedAt.toISOString() : null,
    welcome: toOutboxMessage(row),
  };
}

/** What became of a sign-up. */
export type Subscription =
  /** Subscribed now, its welcome queued. */
  | { outcome: 'subscribed'; id: number; jobId: number }
  /** The address is subscribed already (in any letter case): nothing written, the point spent. */
  | { outcome: 'already-subscribed'; spent: SpentPoint }
  /** The client is over its rate limit: nothing written. */
  | { outcome: 'over-limit'; spent: SpentPoint };

/** No rate limit: a point that is always within it. */
const UNLIMITED = { spend: sql<SpentPoint>`select 1 as points, null::bigint as expire`, allowed: 1 };

/**
 * Subscribes an address and queues its welcome, in one statement (one transaction), which first
 * spends the client's rate-limit point (`limit.spend`, from src/server/rate-limit.ts spendPoint)
 * and writes nothing when it is over `limit.allowed`. An address that unsubscribed before
 * subscribes again, with this consent's time and page; one that is subscribed already (in any
 * letter case) is left as it is. `signupKey` is derived from the client's address and the e-mail address
 * (src/server/derived-submission-key.ts), kept so that the same sign-up sent again is known as a
 * repeat (signUpWithWelcome).
 *
 * The point and the row in one statement make two posts of one sign-up at once take turns: the
 * second's point waits on the first's until the first's row is committed, so a second that finds
 * itself over the limit or the address listed can find that row in a statement of its own.
 */
export async function subscribeWithWelcome(
  db: Kysely<Database>,
  { email, sourcePage, signupKey = null }: { email: string; sourcePage: string | null; signupKey?: string | null },
  welcome: OutgoingMessage | WelcomeAwaitingOrigin,
  limit: { spend: RawBuilder<SpentPoint>; allowed: number } = UNLIMITED,
): Promise<Subscription> {
  const now = new Date();
  const row = await db
    // A raw expression goes into the WITH as it is: its parentheses are written here.
    .with('spent', () => sql<SpentPoint>`(${limit.spend})`)
    .with('subscriber', (q) =>
      q
        .insertInto('subscribers')
        .columns(['email', 'sourcePage', 'subscribedAt', 'status', 'signupKey'])
        .expression((eb) =>
          eb
            .selectFrom('spent')
            .select([
              sql<string>`${email}::text`.as('email'),
              sql<string | null>`${sourcePage}::text`.as('sourcePage'),
              sql<Date>`${now}::timestamptz`.as('subscribedAt'),
              sql.lit('subscribed').as('status'),
              sql<string | null>`${signupKey}::uuid`.as('signupKey'),
            ])
            .where('spent.points', '<=', limit.allowed),
        )
        .onConflict((oc) =>
          oc
            .expression(sql`lower(email)`)
            .doUpdateSet({ status: 'subscribed', subscribedAt: now, sourcePage, unsubscribedAt: null, signupKey })
            .where('subscribers.status', '=', 'unsubscribed'),
        )
        .returning('id'),
    )
    .with('welcome', (q) =>
      q
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
        .returning(['id', 'subscriberId']),
    )
    .selectFrom('spent')
    .leftJoin('welcome', (join) => join.onTrue())
    .select(['spent.points', 'spent.expire', 'welcome.id as jobId', 'welcome.subscriberId'])
    .executeTakeFirstOrThrow();
  if (row.jobId !== null && row.subscriberId !== null) return { outcome: 'subscribed', id: row.subscriberId, jobId: row.jobId };
  const spent = { points: row.points, expire: row.expire };
  return row.points > limit.allowed ? { outcome: 'over-limit', spent } : { outcome: 'already-subscribed', spent };
}

/** What became of a sign-up sent to POST /api/newsletter. */
export type Signup =
  /** Subscribed now, its welcome queued. */
  | { outcome: 'subscribed'; id: number; jobId: number }
  /** The same sign-up again (the client's, of this address, within ten minutes): that subscriber, nothing written, no point spent. */
  | { outcome: 'repeated'; id: number }
  /** The address is subscribed already, by another sign-up: nothing written, the point spent. */
  | { outcome: 'already-subscribed' }
  /** The client is over its rate limit: nothing written. */
  | { outcome: 'over-limit'; spent: SpentPoint };

/**
 * The subscriber a sign-up repeats: the address (any letter case), still subscribed, by a post
 * whose key is one of `keys` (the client's, this window's and the one before's), made after
 * `since`. Undefined when there is none, so the post is a sign-up of its own.
 */
async function findRepeatedSignup(db: Kysely<Database>, email: string, keys: string[], since: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('subscribers')
    .select('id')
    .where(sql`lower(email)`, '=', emailKey(email))
    .where('status', '=', 'subscribed')
    .where('signupKey', 'in', keys)
    .where('subscribedAt', '>', since)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A sign-up from `client` (the client's address): subscribeWithWelcome, unless it repeats one this
 * client made of this address within ten minutes (a double click, a resubmission). Its key is
 * derived from the client's address and the e-mail address (src/server/derived-submission-key.ts): neither form
 * carries a key of its own (the Insights page is one cached copy for everyone, and the island sends
 * none). A repeat is looked for before the rate-limit point is spent, so one at the limit is not
 * refused, and it writes nothing and composes no welcome (`welcome` is called only for a sign-up
 * of its own): the first post queued the welcome and sends it after its own answer.
 *
 * Two posts of one sign-up at once both miss the other's row and spend a point; the second's
 * statement waits on the first's (subscribeWithWelcome) and finds the address listed or, where the
 * first took the hour's last point, itself over the limit. It finds the first's row in a statement
 * of its own then, and gives its point back (`giveBack`, from src/server/rate-limit.ts
 * givePointBack): it is a repeat too, never refused as over the limit.
 */
export async function signUpWithWelcome(
  db: Kysely<Database>,
  { email, sourcePage, client }: { email: string; sourcePage: string | null; client: string },
  welcome: () => Promise<OutgoingMessage | WelcomeAwaitingOrigin>,
  limit: { spend: (now: number) => RawBuilder<SpentPoint>; giveBack: (spent: SpentPoint) => RawBuilder<{ points: number }>; allowed: number },
): Promise<Signup> {
  const now = Date.now();
  const keys = recentDerivedSubmissionKeys(client, { email: emailKey(email) }, now);
  const since = new Date(now - SUBMISSION_KEY_WINDOW_MS);
  const earlier = await findRepeatedSignup(db, email, keys, since);
  if (earlier !== undefined) return { outcome: 'repeated', id: earlier };
  const written = await subscribeWithWelcome(db, { email, sourcePage, signupKey: keys[0] }, await welcome(), {
    spend: limit.spend(now),
    allowed: limit.allowed,
  });
  if (written.outcome === 'subscribed') return written;
  const raced = await findRepeatedSignup(db, email, keys, since);
  if (raced !== undefined) {
    await limit.giveBack(written.spent).execute(db);
    return { outcome: 'repeated', id: raced };
  }
  return written.outcome === 'over-limit' ? written : { outcome: 'already-subscribed' };
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
        .where(sql`lower(email)`, '=', emailKey(email))
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

/**
 * The subscribers list: the latest sign-up first, the (subscribed_at desc, id desc) of its
 * indexes; searched in the address; each subscriber with the welcome of its latest sign-up.
 */
const subscribers = leadListReads({
  table: 'subscribers',
  messageKind: MESSAGE_KINDS.welcome,
  order: { time: 'subscribers.subscribedAt', id: 'subscribers.id' },
  searched: ['subscribers.email'],
  toLead: toSubscriber,
});

type Filter = Pick<SubscriberListQuery, 'status' | 'search'>;

/** One page of subscribers, the latest sign-up first, with the count the filter matches. */
export function listSubscribers(db: Kysely<Database>, q: Filter & PageQuery): Promise<{ items: Subscriber[]; total: number }> {
  return subscribers.page(db, q);
}

/** Every subscriber the filter matches, the latest sign-up first, a batch at a time (the CSV export). */
export function exportSubscribers(db: Kysely<Database>, filter: Filter, batchSize?: number): AsyncGenerator<Subscriber[]> {
  return subscribers.batches(db, filter, batchSize);
}

/** Whether the subscribers the filter's export holds exceed `budget` as rows (keyset.ts exceedsBudget). */
export function subscriberExportExceeds(db: Kysely<Database>, filter: Filter, budget: ExportBudget): Promise<boolean> {
  return subscribers.exportExceeds(db, filter, budget);
}

export function findSubscriber(db: Kysely<Database>, id: number): Promise<Subscriber | undefined> {
  return subscribers.find(db, id);
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
  return requeueFailed(db, MESSAGE_KINDS.welcome, { table: 'subscribers', id: subscriberId }, (eb) =>
    eb.exists(eb.selectFrom('subscribers').whereRef('subscribers.id', '=', 'outbox.subscriberId').where('subscribers.status', '=', 'subscribed')),
  );
}

/** Deletes an address for good; its queued messages go with it (ON DELETE CASCADE). */
export async function deleteSubscriber(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('subscribers').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}
