// Scheduled, every 5 minutes: sends what the outbox still holds (messages whose first attempt,
// right after their request, failed or never ran), with backoff between attempts, and applies the
// retention rules: enquiries older than ENQUIRY_RETENTION_DAYS (default 730) are deleted, and so
// are the parts of uploads no upload URL can finish any more.
import type { Config } from '@netlify/functions';
import { getDb, withRequestDatabase } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { getMailer } from '../../src/server/mail/transport.ts';
import { deliverDue } from '../../src/server/outbox/sender.ts';
import { deleteEnquiriesOlderThan } from '../../src/server/repositories/enquiries.ts';
import { deleteAbandonedParts } from '../../src/server/upload-parts.ts';
import { UPLOAD_URL_TTL_SECONDS } from '../../src/server/uploads.ts';

export default function outboxSender(): Promise<Response> {
  // Connections of this run only, closed before it ends (a frozen instance must not keep one).
  return withRequestDatabase(async () => {
    const db = getDb();
    const delivery = await deliverDue(db, getMailer());
    const expired = await deleteEnquiriesOlderThan(db, getEnv().enquiryRetentionDays);
    const parts = await deleteAbandonedParts(new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000));
    console.log(
      `[outbox-sender] sent ${delivery.sent}, retrying ${delivery.retrying}, failed ${delivery.failed}; ${expired} enquiries past retention deleted; ${parts} abandoned upload parts deleted`,
    );
    return new Response(null, { status: 204 });
  });
}

export const config: Config = { schedule: '*/5 * * * *' };
