import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Enquiry, EnquiryListQuery, EnquiryStatus, EnquiryValues } from '../../schemas/enquiry.ts';
import type { ExportBudget } from '../db/keyset.ts';
import type { PageQuery } from '../db/page.ts';
import type { Database } from '../db/schema.ts';
import { MESSAGE_KINDS, type QueuedMessage } from '../mail/message.ts';
import type { SpentPoint } from '../rate-limit.ts';
import { leadListReads, type LeadRow } from './lead-lists.ts';
import { requeueFailed, toOutboxMessage, type RequeueOutcome } from './outbox.ts';

/** What became of an enquiry sent to POST /api/contacts. */
export type EnquiryWrite =
  /** Stored now, with its notice queued. */
  | { outcome: 'stored'; id: number; jobId: number }
  /** Its key was stored before with this very content (a retry): that enquiry, nothing written. */
  | { outcome: 'replayed'; id: number }
  /** Its key was stored before with other content: nothing written. */
  | { outcome: 'key-reused' }
  /** The sender is over its rate limit: nothing written. */
  | { outcome: 'over-limit'; spent: SpentPoint };

/**
 * The enquiry as sent (one row, the `sent` CTE) and the enquiry stored earlier under its key, if
 * any (`earlier`), with whether every stored field equals what was sent. Compared after the
 * schema's trimming, field by field as stored (an absent context is null on both sides).
 */
function sentAndEarlier(c: EnquiryValues) {
  return sql`sent (first_name, last_name, email, phone, company, message, service, page, cta_button, submission_id) as (
      values (${c.firstName}::text, ${c.lastName}::text, ${c.email}::text, ${c.phone}::text, ${c.company}::text, ${c.message}::text,
        ${c.service || null}::text, ${c.page || null}::text, ${c.ctaButton || null}::text, ${c.submissionId ?? null}::uuid)
    ),
    earlier as (
      select enquiries.id,
        (enquiries.first_name, enquiries.last_name, enquiries.email, enquiries.phone, enquiries.company, enquiries.message,
          enquiries.service, enquiries.page, enquiries.cta_button)
        is not distinct from
        (sent.first_name, sent.last_name, sent.email, sent.phone, sent.company, sent.message, sent.service, sent.page, sent.cta_button)
        as same_content
      from enquiries join sent on enquiries.submission_id = sent.submission_id
    )`;
}

/** The earlier enquiry's outcome for a key found stored: the same content is a retry, other content a misuse of the key. */
const earlierOutcome = (earlier: { id: number; sameContent: boolean }): EnquiryWrite =>
  earlier.sameContent ? { outcome: 'replayed', id: earlier.id } : { outcome: 'key-reused' };

/**
 * Stores an enquiry and queues its notice in one statement (so one transaction): either both are
 * committed or neither is. The same statement first spends the sender's rate-limit point (`spend`,
 * from src/server/rate-limit.ts spendPoint, given the condition to spend it on) and stores nothing
 * when it is over `allowed`: one round trip for the whole POST. Resolves once committed.
 *
 * An enquiry whose `submissionId` is already stored is a retry of one whose answer was lost (or a
 * client misusing its key): nothing is written, neither a row, nor a notice, nor a rate-limit point
 * (a retry costs the firm nothing, and counting it would refuse, as over the limit, a visitor whose
 * enquiry is in fact stored). The insert also says ON CONFLICT DO NOTHING on that key, so two
 * requests with one key at once store one row: the one that loses the race did not see the other's
 * row in its statement's snapshot (so it spent its point), and reads that row in a second statement
 * which also gives the point back (`giveBack`), even where its point was past the limit (the
 * winner's took the hour's last one): a retry is never answered 429.
 *
 * Written as SQL rather than built with Kysely's query builder: this is the enquiry POST's one
 * statement, and building and compiling it (three CTEs, through the camel-case plugin) was 40 % of
 * the bytes the benchmark's server allocated and a tenth of its CPU (ADR 14).
 */
export async function insertEnquiryWithNotice(
  db: Kysely<Database>,
  c: EnquiryValues,
  notice: (receivedAt: Date) => QueuedMessage,
  limit: {
    spend: (onlyIf: RawBuilder<SqlBool>) => RawBuilder<SpentPoint>;
    giveBack: (spent: SpentPoint, onlyIf: RawBuilder<SqlBool>) => RawBuilder<{ points: number }>;
    allowed: number;
  },
): Promise<EnquiryWrite> {
  const receivedAt = new Date();
  const spend = limit.spend(sql<SqlBool>`not exists (select from earlier)`);
  const { rows } = await sql<{ earlierId: number | null; sameContent: boolean | null; points: number | null; expire: string | null; jobId: number | null; enquiryId: number | null }>`
    with ${sentAndEarlier(c)},
    spent as (${spend}),
    enquiry as (
      insert into enquiries (first_name, last_name, email, phone, company, message, service, page, cta_button, submission_id, created_at)
      select sent.first_name, sent.last_name, sent.email, sent.phone, sent.company, sent.message,
        sent.service, sent.page, sent.cta_button, sent.submission_id, ${receivedAt}::timestamptz
      from sent, spent where spent.points <= ${limit.allowed}
      on conflict (submission_id) where submission_id is not null do nothing
      returning id
    ),
    notice as (
      insert into outbox (kind, payload, next_attempt_at, enquiry_id)
      select ${MESSAGE_KINDS.enquiryNotice}::text, ${JSON.stringify(notice(receivedAt))}::jsonb, ${receivedAt}::timestamptz, enquiry.id
      from enquiry
      returning id, enquiry_id
    )
    select earlier.id as earlier_id, earlier.same_content, spent.points, spent.expire, notice.id as job_id, notice.enquiry_id
    from sent left join earlier on true left join spent on true left join notice on true`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('the enquiry statement answered no row');
  if (row.earlierId !== null) return earlierOutcome({ id: row.earlierId, sameContent: row.sameContent === true });
  if (row.jobId !== null && row.enquiryId !== null) return { outcome: 'stored', id: row.enquiryId, jobId: row.jobId };
  if (row.points === null) throw new Error('the enquiry statement spent no rate-limit point');
  const spent = { points: row.points, expire: row.expire };
  // Not inserted: its key's row was committed while this statement ran (within the limit, the
  // insert waited on the key), or the sender is over the limit. Over it, the send may still be
  // the retry of one whose statement took the hour's last point: this one's point waited on that
  // one's and counted past the limit. Either way a row now found under the key is read, and the
  // point this send spent given back: it is a retry, and stored nothing.
  if (c.submissionId) {
    const giveBack = limit.giveBack(spent, sql<SqlBool>`exists (select from earlier)`);
    const { rows: raced } = await sql<{ id: number; sameContent: boolean }>`with ${sentAndEarlier(c)}, given_back as (${giveBack})
      select id, same_content from earlier`.execute(db);
    if (raced[0]) return earlierOutcome(raced[0]);
  }
  if (row.points > limit.allowed) return { outcome: 'over-limit', spent };
  throw new Error('the enquiry was neither stored nor found under its key');
}

/** The one row-to-API mapper for enquiries; fields one by one, so a column added on one side fails tsc. */
function toEnquiry(row: LeadRow<'enquiries'>): Enquiry {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    message: row.message,
    service: row.service,
    page: row.page,
    ctaButton: row.ctaButton,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    notice: toOutboxMessage(row),
  };
}

/**
 * The inbox: newest first, the (created_at desc, id desc) of its indexes; searched in the name, the
 * email and the company; each enquiry with its latest notice.
 */
const inbox = leadListReads({
  table: 'enquiries',
  messageKind: MESSAGE_KINDS.enquiryNotice,
  order: { time: 'enquiries.createdAt', id: 'enquiries.id' },
  searched: [sql<string>`enquiries.first_name || ' ' || enquiries.last_name`, 'enquiries.email', 'enquiries.company'],
  toLead: toEnquiry,
});

type Filter = Pick<EnquiryListQuery, 'status' | 'search'>;

/** One page of the inbox, newest first, with the count of every row the filter matches. */
export function listEnquiries(db: Kysely<Database>, q: Filter & PageQuery): Promise<{ items: Enquiry[]; total: number }> {
  return inbox.page(db, q);
}

/** Every enquiry the filter matches, newest first, a batch at a time (the CSV export). */
export function exportEnquiries(db: Kysely<Database>, filter: Filter, batchSize?: number): AsyncGenerator<Enquiry[]> {
  return inbox.batches(db, filter, batchSize);
}

/** Whether the enquiries the filter's export holds exceed `budget` as rows (keyset.ts exceedsBudget). */
export function enquiryExportExceeds(db: Kysely<Database>, filter: Filter, budget: ExportBudget): Promise<boolean> {
  return inbox.exportExceeds(db, filter, budget);
}

export function findEnquiry(db: Kysely<Database>, id: number): Promise<Enquiry | undefined> {
  return inbox.find(db, id);
}

export async function setEnquiryStatus(db: Kysely<Database>, id: number, status: EnquiryStatus): Promise<boolean> {
  const r = await db.updateTable('enquiries').set({ status }).where('id', '=', id).executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * Puts an enquiry's failed notice back in the outbox (outbox.ts requeueFailed); each attempt sends
 * it to NOTIFY_EMAIL as it then stands. 'missing' when the enquiry, or any notice of it, is not there.
 */
export function requeueFailedNotice(db: Kysely<Database>, enquiryId: number): Promise<RequeueOutcome> {
  return requeueFailed(db, MESSAGE_KINDS.enquiryNotice, { table: 'enquiries', id: enquiryId });
}

/** Deletes an enquiry for good (a privacy request); its notice jobs go with it (ON DELETE CASCADE). */
export async function deleteEnquiry(db: Kysely<Database>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('enquiries').where('id', '=', id).executeTakeFirst();
  return r.numDeletedRows > 0n;
}

/**
 * Retention's batches: each statement deletes at most `batchSize` enquiries, the oldest first, so
 * it stays well inside the database's statement time limit however large the backlog (a first run,
 * or ENQUIRY_RETENTION_DAYS lowered); one run deletes at most `maxBatches` of them and leaves the
 * rest to the next run, so it ends within a scheduled function's time.
 */
const RETENTION_BATCHES = { batchSize: 1_000, maxBatches: 20 } as const;

/** Retention: deletes enquiries older than `days` days (and their jobs); answers how many went. */
export async function deleteEnquiriesOlderThan(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
  { batchSize, maxBatches }: { batchSize: number; maxBatches: number } = RETENTION_BATCHES,
): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const r = await db
      .deleteFrom('enquiries')
      .where('id', 'in', (eb) => eb.selectFrom('enquiries').select('id').where('createdAt', '<', cutoff).orderBy('createdAt').orderBy('id').limit(batchSize))
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    deleted += n;
    if (n < batchSize) break;
  }
  return deleted;
}
