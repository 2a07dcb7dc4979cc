// Scheduled, daily: deletes the uploaded images no article uses, once they are older than the
// grace period (an upload never saved into an article, an image replaced, an article deleted), up
// to SWEEP_LIMIT a run and for at most SWEEP_MS of it (deploy-stores.ts; the rest wait for the next
// day). Daily, because finding the images in use reads every article's body once.
import type { Config } from '@netlify/functions';
import { getDb } from '../../src/server/db/client.ts';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';
import { scheduledSweep } from '../../src/server/uploads/deploy-stores.ts';
import { UNUSED_IMAGE_GRACE_DAYS, deleteUnusedImages } from '../../src/server/uploads/store.ts';

export default function unusedImages(): Promise<Response> {
  return runScheduledJob('unused-images', () => deleteUnusedImages(getDb(), scheduledSweep(UNUSED_IMAGE_GRACE_DAYS)), (deleted) => `${deleted} unused images deleted`);
}

export const config: Config = { schedule: '@daily' };
