import type { Kysely } from 'kysely';
import { packages } from '../../content/packages.ts';
import { seedServices } from '../../content/services.ts';
import { contact, firm } from '../../content/site.ts';
import { companyStats } from '../../content/stats.ts';
import { teamMembers } from '../../content/team.ts';
import type { Database } from './schema.ts';

/**
 * Fills each catalogue table from the site's display data (src/content) when, and only when, that
 * table is empty: an admin's later edits are never overwritten by a redeploy.
 */
export async function seedIfEmpty(db: Kysely<Database>): Promise<string[]> {
  const seeded: string[] = [];
  await db.transaction().execute(async (tx) => {
    const isEmpty = async (table: keyof Database) =>
      (await tx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n === '0';

    if (await isEmpty('services')) {
      await tx
        .insertInto('services')
        .values(seedServices.map((s, i) => ({ title: s.title, description: s.description, icon: s.icon, features: [...s.features], sortOrder: i })))
        .execute();
      seeded.push('services');
    }
    if (await isEmpty('packages')) {
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
    if (await isEmpty('teamMembers')) {
      await tx
        .insertInto('teamMembers')
        .values(teamMembers.map((m, i) => ({ name: m.name, role: m.role, bio: m.bio, sortOrder: i })))
        .execute();
      seeded.push('team_members');
    }
    if (await isEmpty('companyStats')) {
      await tx
        .insertInto('companyStats')
        .values(companyStats.map((s, i) => ({ label: s.label, value: s.value, description: s.description ?? null, sortOrder: i })))
        .execute();
      seeded.push('company_stats');
    }
    if (await isEmpty('siteContent')) {
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
