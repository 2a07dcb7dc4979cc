import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Subscribes an address; undefined when it is already subscribed in any letter case. */
export async function insertSubscriber(db: Kysely<Database>, email: string): Promise<number | undefined> {
  const row = await db
    .insertInto('subscribers')
    .values({ email })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}
