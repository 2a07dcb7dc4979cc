// Scheduled, every 5 minutes: sends what the outbox still holds (messages whose first attempt,
// right after their request, failed or never ran), one batch a run (BATCH, src/server/outbox/
// sender.ts, so the run ends within its time limit), with backoff between attempts, and applies the
// retention rules: enquiries older than ENQUIRY_RETENTION_DAYS (default 730) are deleted, and so
// are the parts of uploads no upload URL can finish any more. Each job runs whatever became of the
// others (the parts live in Blobs, so a database outage must not keep them): a failure is logged
// and the run answers 500.
import type { Config } from '@netlify/functions';
import { getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { getMailer } from '../../src/server/mail/transport.ts';
import { deliverDue } from '../../src/server/outbox/sender.ts';
import { deleteEnquiriesOlderThan } from '../../src/server/repositories/enquiries.ts';
import { deleteAbandonedParts } from '../../src/server/upload-parts.ts';
import { UPLOAD_URL_TTL_SECONDS } from '../../src/server/upload-urls.ts';

/** One job's line of the run's log: what it did, or why it failed. */
async function job<T>(name: string, work: () => Promise<T>, done: (result: T) => string): Promise<string | undefined> {
  try {
    return done(await work());
  } catch (err) {
    console.error(`[outbox-sender] ${name} failed:`, err instanceof Error ? err.message : err);
    return undefined;
  }
}

export default function outboxSender(): Promise<Response> {
  // Connections of this run only, closed before it ends (a frozen instance must not keep one).
  return withRequestDatabase(async () => {
    const db = getDb();
    const lines = [
      await job('delivery', () => deliverDue(db, getMailer()), (d) => `sent ${d.sent}, retrying ${d.retrying}, failed ${d.failed}, cancelled ${d.cancelled}`),
      await job('retention', () => deleteEnquiriesOlderThan(db, getEnv().enquiryRetentionDays), (n) => `${n} enquiries past retention deleted`),
      await job(
        'upload parts',
        () => deleteAbandonedParts(new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000)),
        (n) => `${n} abandoned upload parts deleted`,
      ),
    ];
    console.log(`[outbox-sender] ${lines.map((line) => line ?? 'failed').join('; ')}`);
    return new Response(null, { status: lines.includes(undefined) ? 500 : 204 });
  });
}

export const config: Config = { schedule: '*/5 * * * *' };
