// Scheduled, hourly: deletes the enquiries older than ENQUIRY_RETENTION_DAYS (default 730), with
// their notice jobs, in bounded batches (RETENTION_BATCHES, src/server/repositories/enquiries.ts:
// a backlog past one run's share waits for the next run). Hourly, not daily, though the rule counts
// in days: an enquiry goes within the hour it passes the limit, a backlog (the limit lowered) clears
// 24 times faster, and a server that is down at one run's hour misses an hour, not a day. A run
// with nothing to delete is one indexed query.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { getEnv } from '../../src/server/env.ts';
import { deleteEnquiriesOlderThan } from '../../src/server/repositories/enquiries.ts';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';

export default function enquiryRetention(): Promise<Response> {
  return runScheduledJob('enquiry-retention', () => deleteEnquiriesOlderThan(getDb(), getEnv().enquiryRetentionDays), (n) => `${n} enquiries past retention deleted`);
}

export const config: Config = { schedule: '@hourly' };
