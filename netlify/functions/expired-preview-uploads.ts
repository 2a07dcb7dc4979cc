// Scheduled, daily: deletes the images uploaded on deploy previews and branch deploys once they are
// PREVIEW_UPLOAD_DAYS old, up to SWEEP_LIMIT a run and for at most SWEEP_MS of it (deploy-stores.ts).
// Scheduled Functions run on the live site only, so a preview never cleans up
// after itself; this needs no database (an upload's age is in its metadata).
import type { Config } from '@netlify/functions';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';
import { PREVIEW_UPLOAD_DAYS, deleteExpiredPreviewUploads, scheduledSweep } from '../../src/server/uploads/deploy-stores.ts';

export default function expiredPreviewUploads(): Promise<Response> {
  return runScheduledJob(
    'expired-preview-uploads',
    () => deleteExpiredPreviewUploads(scheduledSweep(PREVIEW_UPLOAD_DAYS)),
    (deleted) => `${deleted} expired preview uploads deleted`,
  );
}

export const config: Config = { schedule: '@daily' };
