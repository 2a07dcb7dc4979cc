import { withRequestDatabase } from './db/client.ts';

/**
 * The one job of a Scheduled Function (netlify/functions/outbox-sender.ts, enquiry-retention.ts,
 * abandoned-upload-parts.ts, unused-images.ts, expired-preview-uploads.ts): runs it and logs one line under the function's
 * name, what it did or why it failed, answering 204, or 500 when it failed so the platform's log
 * marks that run failed. One job a function: each fails, retries on its next run and logs apart
 * from the others, on the schedule its own work needs.
 *
 * The job runs with connections of this run only, closed before it ends: a frozen instance must
 * not keep one. They are taken on the job's first query, so a job that never reads the database
 * (the sweeps of upload parts and preview uploads, in Blobs) opens none and runs through a
 * database outage.
 */
export async function runScheduledJob<T>(name: string, work: () => Promise<T>, done: (result: T) => string): Promise<Response> {
  try {
    console.log(`[${name}] ${done(await withRequestDatabase(work))}`);
    return new Response(null, { status: 204 });
  } catch (err) {
    console.error(`[${name}] failed:`, err instanceof Error ? err.message : err);
    return new Response(null, { status: 500 });
  }
}
