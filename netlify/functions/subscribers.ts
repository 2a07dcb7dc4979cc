// The newsletter's subscribers for the admin Subscribers tab; every method needs an admin session.
// GET    /api/subscribers                   one page, latest sign-up first: {items, total, page, pageSize}
//        ?page&pageSize&search&status       search: the address; status: subscribed, unsubscribed
//        ...&format=csv                     a CSV download: the subscribed addresses unless a status
//                                           (or status=all) is asked for
// DELETE /api/subscribers/:id               deletes the address for good
// Visitors sign up at POST /api/newsletter (newsletter.ts); this file claims no path of that one.
// A failed welcome is sent again through POST /api/subscribers/:id/welcome (subscriber-welcomes.ts).
import type { Config } from '@netlify/functions';
import { subscriberListQuerySchema } from '../../src/schemas/subscriber.ts';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { csvDownload } from '../../src/server/http/csv.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { readQuery } from '../../src/server/http/query.ts';
import { json } from '../../src/server/http/respond.ts';
import { subscriberCsvColumns } from '../../src/server/lead-exports.ts';
import { deleteSubscriber, exportSubscribers, listSubscribers, subscriberExportExceeds } from '../../src/server/repositories/subscribers.ts';

export default route({
  GET: async (req) => {
    const db = getDb();
    await requireAdmin(req);
    const q = readQuery(req, subscriberListQuerySchema);
    if (q.format === 'csv') {
      const filter = { ...q, status: q.status ?? 'subscribed' };
      return csvDownload('subscribers', subscriberCsvColumns, (budget) => subscriberExportExceeds(db, filter, budget), exportSubscribers(db, filter));
    }
    return json({ ...(await listSubscribers(db, q)), page: q.page, pageSize: q.pageSize });
  },

  DELETE: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    if (!(await deleteSubscriber(db, idParam(ctx)))) throw notFound('Subscriber not found');
    return json({ ok: true });
  },
}, { paths: { list: ['GET'], item: ['DELETE'] } });

export const config: Config = { path: ['/api/subscribers', '/api/subscribers/:id'] };
