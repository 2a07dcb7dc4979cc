import { sql, type Kysely } from 'kysely';
import type { Contact } from '../../schemas/contact.ts';
import type { Database } from '../db/schema.ts';

/** Stores an enquiry; resolves only once the row is committed (a single autocommitted INSERT). */
export async function insertContact(db: Kysely<Database>, c: Contact): Promise<number> {
  const row = await db
    .insertInto('contacts')
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

/** Subscribes an address; undefined when it is already subscribed in any letter case. */
export async function insertSubscriber(db: Kysely<Database>, email: string): Promise<number | undefined> {
  const row = await db
    .insertInto('newsletters')
    .values({ email })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
