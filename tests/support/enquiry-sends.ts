/** Sending an enquiry to POST /api/contacts as a visitor would, and reading what it stored. */
import contacts from '../../netlify/functions/contacts.ts';
import { getDb } from '../../src/server/db/client.ts';
import { call } from './call.ts';
import { uniqueIp } from './unique.ts';

export const send = (body: Record<string, unknown>, ip = uniqueIp()) => call(contacts, '/api/contacts', { body, ip });

/** What a client sees of an answer: its status, its body, and its content type. */
export const answer = (r: Awaited<ReturnType<typeof send>>) => ({ status: r.status, body: r.json, type: r.headers.get('content-type') });

/** The enquiries stored from `email` (each test's own address), oldest first, with their notice jobs. */
export async function storedFrom(email: string) {
  const db = getDb();
  const enquiries = await db.selectFrom('enquiries').select(['id', 'message', 'submissionId']).where('email', '=', email).orderBy('id').execute();
  const jobs = enquiries.length
    ? await db.selectFrom('outbox').select(['id', 'enquiryId']).where('enquiryId', 'in', enquiries.map((e) => e.id)).execute()
    : [];
  return { enquiries, jobs };
}
