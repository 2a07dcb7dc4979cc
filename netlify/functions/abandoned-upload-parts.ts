// Scheduled, hourly: deletes the parts of uploads no upload URL can finish any more (the admin
// closed the page mid-upload, the connection dropped): they live in Blobs, so this runs without
// the database, and a database outage does not keep them.
import type { Config } from '@netlify/functions';
import { runScheduledJob } from '../../src/server/scheduled-job.ts';
import { deleteAbandonedParts } from '../../src/server/uploads/parts.ts';
import { UPLOAD_URL_TTL_SECONDS } from '../../src/server/uploads/urls.ts';

export default function abandonedUploadParts(): Promise<Response> {
  return runScheduledJob(
    'abandoned-upload-parts',
    () => deleteAbandonedParts(new Date(Date.now() - UPLOAD_URL_TTL_SECONDS * 1000)),
    (n) => `${n} abandoned upload parts deleted`,
  );
}

export const config: Config = { schedule: '@hourly' };
