// Scheduled, daily: deletes the images uploaded on deploy previews and branch deploys once they are
// PREVIEW_UPLOAD_DAYS old, up to 200 a run and for at most 20 s of it (Netlify stops a Scheduled
// Function at 30 s). Scheduled Functions run on the live site only, so a preview never cleans up
// after itself; this needs no database (an upload's age is in its metadata).
import type { Config } from '@netlify/functions';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';
import { PREVIEW_UPLOAD_DAYS, deleteExpiredPreviewUploads } from '../../src/server/uploads/deploy-stores.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DELETES_PER_RUN = 200;
const RUN_BUDGET_MS = 20_000;

export default function expiredPreviewUploads(): Promise<Response> {
  const started = Date.now();
  return runScheduledJob(
    'expired-preview-uploads',
    () => deleteExpiredPreviewUploads({ uploadedBefore: new Date(started - PREVIEW_UPLOAD_DAYS * DAY_MS), limit: DELETES_PER_RUN, deadline: started + RUN_BUDGET_MS }),
    (deleted) => `${deleted} expired preview uploads deleted`,
  );
}

export const config: Config = { schedule: '@daily' };
