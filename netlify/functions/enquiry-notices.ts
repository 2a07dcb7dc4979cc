// POST /api/enquiries/:id/notice (admin) -> the enquiry, its notice pending again: sends a notice
// that gave up (every attempt failed) once more, to the NOTIFY_EMAIL of each attempt, right after the answer
// and then on the scheduled retries. 409 while the notice is pending or sent, 404 for an unknown enquiry or one without a
// notice.
import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { conflict, notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { sendAfterResponse } from '../../src/server/outbox/after-response.ts';
import { findEnquiry, requeueFailedNotice } from '../../src/server/repositories/enquiries.ts';

const NOT_FOUND = 'Enquiry or notice not found';

export default route({
  POST: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    const id = idParam(ctx);
    const outcome = await requeueFailedNotice(db, id);
    if (outcome === 'missing') throw notFound(NOT_FOUND);
    if (outcome === 'not-failed') throw conflict('This notice has not failed: it is sent, or still being tried');
    // Read before the send starts: the answer shows the notice as it was put back, pending.
    const enquiry = await findEnquiry(db, id);
    if (!enquiry) throw notFound(NOT_FOUND); // deleted meanwhile, its notice with it
    sendAfterResponse(ctx, { table: 'enquiries', id });
    return json(enquiry);
  },
});

export const config: Config = { path: '/api/enquiries/:id/notice' };
