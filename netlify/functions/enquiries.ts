// The admin inbox of enquiries (the Enquiries tab); every method needs an admin session (401 without).
// GET    /api/enquiries               one page, newest first: {items, total, page, pageSize}
//        ?page&pageSize&search&status  search: name, email or company; status: new, handled, archived
//        ...&format=csv               every enquiry the filter matches, as a CSV download
// GET    /api/enquiries/:id           one enquiry, every field, with its notice's state
// PATCH  /api/enquiries/:id           {status}: new, handled or archived
// DELETE /api/enquiries/:id           deletes it for good (privacy requests), its notice job too
// Visitors send enquiries to POST /api/contacts (contacts.ts); this file claims no path of that one.
// A failed notice is sent again through POST /api/enquiries/:id/notice (enquiry-notices.ts).
import type { Config } from '@netlify/functions';
import { enquiryListQuerySchema, enquiryStatusSchema } from '../../src/schemas/enquiry.ts';
import { requireAdmin } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { readJson } from '../../src/server/http/body.ts';
import { csvDownload } from '../../src/server/http/csv.ts';
import { notFound } from '../../src/server/http/errors.ts';
import { idParam, route } from '../../src/server/http/handler.ts';
import { readQuery } from '../../src/server/http/query.ts';
import { json } from '../../src/server/http/respond.ts';
import { enquiryCsvColumns } from '../../src/server/lead-exports.ts';
import { deleteEnquiry, enquiryExportExceeds, exportEnquiries, findEnquiry, listEnquiries, setEnquiryStatus } from '../../src/server/repositories/enquiries.ts';

export default route({
  GET: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    if (ctx.params.id !== undefined) {
      const enquiry = await findEnquiry(db, idParam(ctx));
      if (!enquiry) throw notFound('Enquiry not found');
      return json(enquiry);
    }
    const q = readQuery(req, enquiryListQuerySchema);
    if (q.format === 'csv') return csvDownload('enquiries', enquiryCsvColumns, (budget) => enquiryExportExceeds(db, q, budget), exportEnquiries(db, q));
    return json({ ...(await listEnquiries(db, q)), page: q.page, pageSize: q.pageSize });
  },

  PATCH: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    const id = idParam(ctx);
    const { status } = await readJson(req, enquiryStatusSchema);
    // Read back after the write: an enquiry deleted in between is gone, and answered as such.
    const enquiry = (await setEnquiryStatus(db, id, status)) ? await findEnquiry(db, id) : undefined;
    if (!enquiry) throw notFound('Enquiry not found');
    return json(enquiry);
  },

  DELETE: async (req, ctx) => {
    const db = getDb();
    await requireAdmin(req);
    if (!(await deleteEnquiry(db, idParam(ctx)))) throw notFound('Enquiry not found');
    return json({ ok: true });
  },
}, { paths: { list: ['GET'], item: ['GET', 'PATCH', 'DELETE'] } });

export const config: Config = { path: ['/api/enquiries', '/api/enquiries/:id'] };
