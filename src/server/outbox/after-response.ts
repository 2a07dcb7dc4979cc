import { getDb } from '../db/client.ts';
import type { RequestContext } from '../http/request-context.ts';
import { getMailer } from '../mail/transport.ts';
import { deliverJobs } from './sender.ts';

/**
 * Sends the jobs a request queued once its answer is on its way: on Netlify through
 * `context.waitUntil` (the function lives on until the promise settles); where the platform gives no
 * waitUntil (a handler called directly) the promise simply runs on. The answer never waits on mail,
 * and a failure here only leaves the job to the scheduled sender.
 */
export function sendAfterResponse(ctx: RequestContext, jobIds: number[]): void {
  const work = deliverJobs(getDb(), getMailer(), jobIds).catch((err: unknown) => {
    console.error('[outbox] sending after the response failed:', err instanceof Error ? err.message : err);
  });
  if (ctx.waitUntil) ctx.waitUntil(work);
}
