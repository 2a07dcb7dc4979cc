import type { Kysely } from 'kysely';
import { packages } from '../../content/packages.ts';
import { seedServices } from '../../content/services.ts';
import { contact, firm } from '../../content/site.ts';
import { companyStats } from '../../content/stats.ts';
import { teamMembers } from '../../content/team.ts';
import type { Database } from './schema.ts';

/** Each catalogue table by its SQL name (what seeded_tables records) and its name in Kysely. */
const CATALOGUE = {
  services: 'services',
  packages: 'packages',
  team_members: 'teamMembers',
  company_stats: 'companyStats',
  site_content: 'siteContent',
} as const satisfies Record<string, keyof Database>;

/**
 * Fills each catalogue table from the site's display data (src/content) once: when it is empty
 * and has never been filled (seeded_tables, migration 0016). Every deploy runs this, so a table an
 * admin has emptied since (every service deleted) stays empty, and later edits are never
 * overwritten. A table found holding rows is recorded as filled too.
 */
export async function seedIfEmpty(db: Kysely<Database>): Promise<string[]> {
  const seeded: string[] = [];
  await db.transaction().execute(async (tx) => {
    const filledBefore = new Set((await tx.selectFrom('seededTables').select('name').execute()).map((r) => r.name));
    await tx
      .insertInto('seededTables')
      .values(Object.keys(CATALOGUE).map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const toFill = async (name: keyof typeof CATALOGUE) =>
      !filledBefore.has(name) &&
      (await tx.selectFrom(CATALOGUE[name]).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n === '0';

    if (await toFill('services')) {
      await tx
        .insertInto('services')
        .values(seedServices.map((s, i) => ({ title: s.title, description: s.description, icon: s.icon, features: [...s.features], sortOrder: i })))
        .execute();
      seeded.push('services');
    }
    if (await toFill('packages')) {
      await tx
        .insertInto('packages')
        .values(
          packages.map((p, i) => ({
            name: p.name,
            price: p.price,
            period: p.period,
            description: p.description,
            features: [...p.features],
            buttonText: p.buttonText,
            buttonVariant: p.buttonVariant,
            isPopular: p.isPopular,
            sortOrder: i,
          })),
        )
        .execute();
      seeded.push('packages');
    }
    if (await toFill('team_members')) {
      await tx
        .insertInto('teamMembers')
        .values(teamMembers.map((m, i) => ({ name: m.name, role: m.role, bio: m.bio, sortOrder: i })))
        .execute();
      seeded.push('team_members');
    }
    if (await toFill('company_stats')) {
      await tx
        .insertInto('companyStats')
        .values(companyStats.map((s, i) => ({ label: s.label, value: s.value, description: s.description ?? null, sortOrder: i })))
        .execute();
      seeded.push('company_stats');
    }
    if (await toFill('site_content')) {
      const entries: Array<[string, string, string]> = [
        ['firm', 'name', firm.name],
        ['firm', 'tagline', firm.tagline],
        ['firm', 'blurb', firm.blurb],
        ['home', 'badge', firm.foundedYearsLabel],
        ['contact', 'email', contact.email],
        ['contact', 'phone', contact.phone],
        ['contact', 'hours', contact.hours],
        ['contact', 'replyPromise', contact.replyPromise],
      ];
      await tx
        .insertInto('siteContent')
        .values(entries.map(([section, key, value]) => ({ section, key, value })))
        .execute();
      seeded.push('site_content');
    }
  });
  return seeded;
}
