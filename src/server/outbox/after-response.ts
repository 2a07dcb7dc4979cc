import { getDb, withDetachedDatabase } from '../db/client.ts';
import { isLiveDeploy } from '../deploy-context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { getMailer } from '../mail/transport.ts';
import { pendingMessageIds, type MessageOwner } from '../repositories/outbox.ts';
import { BATCH, claimed, deliverDue } from './sender.ts';

let running: Promise<void> | null = null;
let again = false;

/**
 * One sender per process at a time: a request that finds it running asks for one more pass and
 * waits on the same promise. Under a burst of enquiries the database sees one claim per batch
 * rather than one a message, so the requests themselves keep their speed. A pass ends once
 * nothing more was asked for and the last claim was not full.
 */
async function pass(): Promise<void> {
  try {
    while (again) {
      again = false;
      const report = await deliverDue(getDb(), getMailer());
      if (claimed(report) === BATCH) again = true;
    }
  } catch (err) {
    console.error('[outbox] sending after the response failed:', err instanceof Error ? err.message : err);
  }
}

function kick(): Promise<void> {
  again = true;
  // The pass outlives the request that started it: its connections are its own.
  running ??= withDetachedDatabase(pass).finally(() => {
    running = null;
  });
  // Asked for between the pass's last look and its end: go round once more.
  return running.then(() => (again ? kick() : undefined));
}

/**
 * On a deploy preview or branch deploy: the messages of the lead the request was about, and no
 * other. Its database is a branch of the live site's, whose outbox held the live site's messages
 * still waiting when it was branched; those are the live site's to send (its scheduled sender
 * does), and sent from here too they would reach their readers twice. No scheduled sender runs on
 * such a deploy, so a send that fails here is its one attempt: the message is marked failed at
 * once, and its tab offers to send it again, rather than saying it is being retried for ever.
 */
async function sendOwn(owner: MessageOwner): Promise<void> {
  try {
    await withDetachedDatabase(async () => {
      const only = await pendingMessageIds(getDb(), owner);
      await deliverDue(getDb(), getMailer(), { only, maxAttempts: 1 });
    });
  } catch (err) {
    console.error('[outbox] sending after the response failed:', err instanceof Error ? err.message : err);
  }
}

/**
 * Sends what the request queued, for `owner` (the enquiry or subscriber it stored or sends again),
 * once its answer is on its way: on Netlify through `context.waitUntil` (the function lives on
 * until the promise settles); where the platform gives no waitUntil (a handler called directly) the
 * promise simply runs on. The answer never waits on mail, and a failure here only leaves the job
 * to the scheduled sender. The live site sends whatever is due with it; another deploy only the
 * owner's messages (sendOwn).
 */
export function sendAfterResponse(ctx: RequestContext, owner: MessageOwner): void {
  const work = isLiveDeploy() ? kick() : sendOwn(owner);
  if (ctx.waitUntil) ctx.waitUntil(work);
}
