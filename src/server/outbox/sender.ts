/**
 * Delivers the outbox: claims due pending jobs, sends each, and records the outcome. A failed
 * attempt is retried later with exponential backoff; after MAX_ATTEMPTS the job ends 'failed' with
 * the last reason, which the admin panel shows. A permanent refusal (a 5xx reply to the envelope
 * or the message) ends the job 'failed' at once, with the server's reply: sending the same message
 * again gets the same answer; so does a recipient that is no e-mail address (a wrong NOTIFY_EMAIL),
 * before any send. A 4xx reply or a connection fault is retried. Claiming moves a job's next attempt a lease ahead
 * in the same statement (FOR UPDATE SKIP LOCKED), so two senders never send one job twice and a
 * sender that dies mid-send leaves the job to be retried once the lease ends. A sent job is marked
 * within MARK_WITHIN_MS of its send, whatever the rest of the batch does: a sender stopped later in
 * its batch (a function's time limit, a hung SMTP server) leaves no delivered message to be sent
 * again, while a batch that sends quickly still marks its jobs in one statement. A job whose last
 * allowed attempt was cut short ends 'failed' rather than being claimed for ever. No send starts
 * past the run's deadline: the jobs of the batch not tried by then are given back as they were
 * before the claim, so a mail server that hangs costs one attempt a run, not one for every job the
 * run claimed and the platform stopped it before sending. A welcome queued before any origin for its
 * link was known is composed by each attempt from the origin configured then; while there is none
 * the attempt fails (NO_MAIL_ORIGIN) and is retried like any other, so it goes once SITE_URL is set.
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { signingKey } from '../auth/keys.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import { getEnv } from '../env.ts';
import { addressed, deliveredAfter, MESSAGE_KINDS, undeliverableReason, type QueuedMessage, type WelcomeAwaitingOrigin } from '../mail/message.ts';
import { composedForSending } from '../mail/welcome.ts';
import { PartlyRefused, type Mailer } from '../mail/transport.ts';

const MAX_ATTEMPTS = 8;
/** The first retry waits this long, each later one twice the one before, at most MAX_DELAY_MS. */
const BASE_DELAY_MS = 60_000;
const MAX_DELAY_MS = 6 * 60 * 60_000;
/** How long a claimed job is left alone while it is being sent. */
const LEASE_MS = 5 * 60_000;
/** Jobs one claim takes at most: a scheduled run must end well within a function's time limit. */
export const BATCH = 20;
const MAX_REASON = 500;
/** The longest a sent job waits to be marked sent (with the others sent meanwhile). */
const MARK_WITHIN_MS = 200;
/**
 * How long after a run begins its last send may start. A send whose server stops answering ends at
 * the SMTP socket timeout (20 s, src/server/mail/transport.ts), so a run still ends, its untried
 * jobs given back, inside a Scheduled Function's 30 s. A server slow at every step (10 s to connect,
 * 10 s to greet, then 20 s idle) can outlast it: the platform then stops the run, and its claimed
 * jobs are claimed again when their lease (LEASE_MS) ends.
 */
const SEND_WINDOW_MS = 8_000;

export interface DeliveryOptions {
  /** The time due jobs are judged by (tests move it forward instead of waiting). */
  now?: Date;
  maxAttempts?: number;
  baseDelayMs?: number;
  /** These jobs only, every other one left as it is: a test's own jobs in a database other tests share. */
  only?: readonly number[];
  /** No send starts after this (epoch ms); by default SEND_WINDOW_MS after the run begins. */
  deadline?: number;
  /** Who the firm's notices go to; by default NOTIFY_EMAIL as the run begins. */
  notifyEmail?: string[];
}

/** The options with their defaults filled in. */
type Settings = Required<Omit<DeliveryOptions, 'only'>> & Pick<DeliveryOptions, 'only'>;

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Welcomes claimed but not sent: their subscriber unsubscribed (or was deleted) after the claim. */
  cancelled: number;
}

/** How many jobs a run claimed (a full batch means more may be due). */
export const claimed = (r: DeliveryReport) => r.sent + r.retrying + r.failed + r.cancelled;

/** The wait before attempt n + 1, after n failed attempts. */
export function backoffMs(attempts: number, baseDelayMs = BASE_DELAY_MS): number {
  return Math.min(MAX_DELAY_MS, baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

function reasonOf(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  const reason = e?.response || e?.message || String(err);
  return (e?.code && !reason.includes(e.code) ? `${e.code}: ${reason}` : reason).slice(0, MAX_REASON);
}

/** A message no attempt can deliver as it is stored (src/server/mail/message.ts undeliverableReason). */
class Undeliverable extends Error {}

/**
 * True for an SMTP server's permanent refusal of this message, which the same message sent again
 * meets again: a 5xx reply to MAIL FROM or RCPT TO (nodemailer's EENVELOPE) or to DATA (EMESSAGE).
 * Not a 5xx to the greeting or the login, which the mail server's owner can mend and the admin then
 * sees sent by a retry.
 */
function refusedForGood(err: unknown): boolean {
  if (err instanceof Undeliverable) return true;
  if (err instanceof PartlyRefused) return err.permanent;
  const e = err as { code?: string; responseCode?: number };
  return (e?.code === 'EENVELOPE' || e?.code === 'EMESSAGE') && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
}

/**
 * Marks sent jobs: together, at most MARK_WITHIN_MS after the first of them was sent, on a timer
 * of its own so a send that hangs does not hold back the marks of those before it.
 */
function sentMarks(db: Kysely<Database>) {
  let ids: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const batch = ids;
    ids = [];
    if (batch.length > 0) {
      writing = writing.then(async () => {
        try {
          await db.updateTable('outbox').set({ status: 'sent', sentAt: new Date(), lastError: null }).where('id', 'in', batch).execute();
        } catch (err) {
          // Left pending, they are sent again after their lease: a duplicate rather than a loss.
          console.error(`[outbox] marking ${batch.length} sent message(s) failed:`, err instanceof Error ? err.message : err);
        }
      });
    }
    return writing;
  };
  return {
    add(id: number) {
      ids.push(id);
      timer ??= setTimeout(() => void flush(), MARK_WITHIN_MS);
    },
    flush,
  };
}

/**
 * Whether a claimed welcome may still go, asked right before its send: the claim leaves the job
 * pending, so an unsubscribe (or a delete) that lands while the batch is being sent removes it or
 * its subscriber, and the copy the sender holds must not go out. A pending welcome of an address no
 * longer subscribed is dropped here as the unsubscribe drops it. An unsubscribe after this look,
 * while the mail server is being talked to, comes too late for this message: at-least-once, as ever.
 */
async function stillWanted(db: Kysely<Database>, job: OutboxRow): Promise<boolean> {
  if (job.kind !== MESSAGE_KINDS.welcome) return true;
  const row = await db
    .selectFrom('outbox')
    .innerJoin('subscribers', 'subscribers.id', 'outbox.subscriberId')
    .select('subscribers.status')
    .where('outbox.id', '=', job.id)
    .where('outbox.status', '=', 'pending')
    .executeTakeFirst();
  if (row?.status === 'subscribed') return true;
  if (row) await db.deleteFrom('outbox').where('id', '=', job.id).where('status', '=', 'pending').execute();
  return false;
}

/**
 * The identity of a job's message (its Message-ID), the same at every attempt: keyed on the job's
 * id and time, so no other message of this site or of another deploy's database shares it, and
 * opaque, so it tells a recipient nothing of how many messages went before.
 */
const identityOf = (job: OutboxRow) =>
  crypto.createHmac('sha256', messageIdKey()).update(`${job.id}\0${job.createdAt.toISOString()}`).digest('base64url').slice(0, 32);

/**
 * The message-id key as a KeyObject, made once per derived key (signingKey keeps one per secret):
 * handed raw bytes, createHmac imports them into a new KeyObject at every call, which made an
 * identity cost about 24 us of CPU instead of 5, once for every notice and welcome sent.
 */
const keyObjects = new WeakMap<Uint8Array, crypto.KeyObject>();
function messageIdKey(): crypto.KeyObject {
  const raw = signingKey('message-id');
  let key = keyObjects.get(raw);
  if (!key) {
    key = crypto.createSecretKey(raw);
    keyObjects.set(raw, key);
  }
  return key;
}

/** Sends one claimed job; a failure is recorded at once, a success handed to the marks. */
async function attempt(db: Kysely<Database>, mailer: Mailer, job: OutboxRow, o: Settings): Promise<keyof DeliveryReport> {
  const stored = job.payload as QueuedMessage | WelcomeAwaitingOrigin;
  let queued: QueuedMessage | undefined;
  try {
    queued = await composedForSending(stored);
    const message = addressed(job.kind, queued, o.notifyEmail);
    const undeliverable = undeliverableReason(job.kind, message);
    if (undeliverable) throw new Undeliverable(undeliverable);
    // Every recipient accepted it on earlier attempts (the one that refused is no longer listed).
    if (message.envelopeTo?.length === 0) return 'sent';
    if (!(await stillWanted(db, job))) return 'cancelled';
    await mailer.send({ ...message, identity: identityOf(job) }, `${job.kind}-${job.id}`);
  } catch (err) {
    const reason = reasonOf(err);
    const permanent = refusedForGood(err);
    const giveUp = permanent || job.attempts >= o.maxAttempts;
    // Those who accepted it are kept with the job: its retry, or its sending again, is for the others.
    const delivered = err instanceof PartlyRefused && queued ? { payload: JSON.stringify({ ...queued, delivered: deliveredAfter(queued, err.accepted) }) } : {};
    await db
      .updateTable('outbox')
      .set(
        giveUp
          ? { status: 'failed', lastError: reason, ...delivered }
          : { lastError: reason, nextAttemptAt: new Date(o.now.getTime() + backoffMs(job.attempts, o.baseDelayMs)), ...delivered },
      )
      .where('id', '=', job.id)
      .execute();
    console.warn(`[outbox] ${job.kind} ${job.id} attempt ${job.attempts} failed${permanent ? ', refused for good' : ''}${giveUp ? ', giving up' : ''}: ${reason}`);
    return giveUp ? 'failed' : 'retrying';
  }
  return 'sent';
}

/**
 * Jobs claimed but not tried: their attempt back and due at once, for the next run. Left as they
 * are when this fails: their lease ends and they are claimed again, an attempt spent.
 */
async function giveBack(db: Kysely<Database>, jobs: OutboxRow[], o: Settings): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await db
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), nextAttemptAt: o.now }))
      .where('id', 'in', jobs.map((job) => job.id))
      .where('status', '=', 'pending')
      .execute();
  } catch (err) {
    console.error(`[outbox] giving back ${jobs.length} untried message(s) failed:`, err instanceof Error ? err.message : err);
  }
}

async function deliver(db: Kysely<Database>, mailer: Mailer, jobs: OutboxRow[], o: Settings): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  const marks = sentMarks(db);
  let tried = 0;
  try {
    for (const job of jobs) {
      if (Date.now() >= o.deadline) break;
      tried += 1;
      const outcome = await attempt(db, mailer, job, o);
      report[outcome] += 1;
      if (outcome === 'sent') marks.add(job.id);
    }
  } finally {
    await marks.flush();
    await giveBack(db, jobs.slice(tried), o);
  }
  return report;
}

const INTERRUPTED_REASON = 'The sender stopped during the last attempt (time limit or a connection that hung)';

/** Jobs whose last allowed attempt never reported back (its lease ended): failed, not claimed again. */
function failInterrupted(db: Kysely<Database>, o: Settings) {
  let interrupted = db
    .updateTable('outbox')
    .set((eb) => ({ status: 'failed', lastError: eb.fn.coalesce('lastError', eb.val(INTERRUPTED_REASON)) }))
    .where('status', '=', 'pending')
    .where('attempts', '>=', o.maxAttempts)
    .where('nextAttemptAt', '<=', o.now);
  if (o.only) interrupted = interrupted.where('id', 'in', o.only);
  return interrupted.execute();
}

const withDefaults = (o: DeliveryOptions): Settings => ({
  now: o.now ?? new Date(),
  maxAttempts: o.maxAttempts ?? MAX_ATTEMPTS,
  baseDelayMs: o.baseDelayMs ?? BASE_DELAY_MS,
  only: o.only,
  deadline: o.deadline ?? Date.now() + SEND_WINDOW_MS,
  notifyEmail: o.notifyEmail ?? getEnv().notifyEmail,
});

/**
 * Claims at most BATCH due jobs and sends them: one batch a call, so a run stays within its time
 * limit (the send after an answer calls again while a claim comes back full).
 */
export async function deliverDue(db: Kysely<Database>, mailer: Mailer, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const o = withDefaults(options);
  if (o.only?.length === 0) return { sent: 0, retrying: 0, failed: 0, cancelled: 0 };
  await failInterrupted(db, o);
  const jobs = await db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: new Date(o.now.getTime() + LEASE_MS) }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('attempts', '<', o.maxAttempts)
        .where('nextAttemptAt', '<=', o.now);
      if (o.only) due = due.where('id', 'in', o.only);
      return due.orderBy('nextAttemptAt').limit(BATCH).forUpdate().skipLocked();
    })
    .returningAll()
    .execute();
  // Sent in the order they were queued: an UPDATE's RETURNING comes in whatever order the table
  // holds the rows (on PostgreSQL, where their last change left them), not the claim's order.
  return deliver(db, mailer, jobs.toSorted((a, b) => a.id - b.id), o);
}
