// Scheduled, every 5 minutes: sends what the outbox still holds (messages whose first attempt,
// right after their request, failed or never ran), one batch a run (BATCH, src/server/outbox/
// sender.ts, so the run ends within its time limit), with backoff between attempts. Retention and
// the sweep of abandoned upload parts are Scheduled Functions of their own (enquiry-retention.ts,
// abandoned-upload-parts.ts).
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { getMailer } from '../../src/server/mail/transport.ts';
import { deliverDue } from '../../src/server/outbox/sender.ts';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';

export default function outboxSender(): Promise<Response> {
  return runScheduledJob('outbox-sender', () => deliverDue(getDb(), getMailer()), (d) => `sent ${d.sent}, retrying ${d.retrying}, failed ${d.failed}, cancelled ${d.cancelled}`);
}

export const config: Config = { schedule: '*/5 * * * *' };
