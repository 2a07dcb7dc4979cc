import type { Kysely } from 'kysely';
import type { Enquiry } from '../../schemas/enquiry.ts';
import type { Database } from '../db/schema.ts';

/** Stores an enquiry; resolves only once the row is committed (a single autocommitted INSERT). */
export async function insertEnquiry(db: Kysely<Database>, c: Enquiry): Promise<number> {
  const row = await db
    .insertInto('enquiries')
    .values({
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phone: c.phone,
      company: c.company,
      message: c.message,
      service: c.service || null,
      page: c.page || null,
      ctaButton: c.ctaButton || null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
