import type { Kysely } from 'kysely';
import { CATALOGUE, catalogueSeed } from './catalogue-seed.ts';
import type { Database } from './schema.ts';

/**
 * Fills each catalogue table from the site's display data (src/content, through catalogueSeed)
 * once: when it is empty and has never been filled (seeded_tables, migration 0016). Every deploy
 * runs this, so a table an admin has emptied since (every service deleted) stays empty, and later
 * edits are never overwritten. A table found holding rows is recorded as filled too.
 *
 * The catalogue seed migration (CATALOGUE_SEED_MIGRATION) writes the same rows under the same
 * rule, and runs first wherever migrations do, so this fills a table only on a database the
 * migrations have not reached yet (a Netlify Database before its next deploy).
 */
export async function seedIfEmpty(db: Kysely<Database>): Promise<string[]> {
  const seeded: string[] = [];
  const seed = catalogueSeed();
  await db.transaction().execute(async (tx) => {
    const filledBefore = new Set((await tx.selectFrom('seededTables').select('name').execute()).map((r) => r.name));
    await tx
      .insertInto('seededTables')
      .values(Object.keys(CATALOGUE).map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    for (const [name, table] of Object.entries(CATALOGUE)) {
      if (filledBefore.has(name)) continue;
      const { n } = await tx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      if (n !== '0') continue;
      // One table's rows at a time; catalogueSeed's type pins each list to its own table.
      await tx.insertInto(table).values(seed[table] as never).execute();
      seeded.push(name);
    }
  });
  return seeded;
}
