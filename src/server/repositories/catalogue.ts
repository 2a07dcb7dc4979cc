import type { Kysely } from 'kysely';
import type { CompanyStatRow, Database, PackageRow, SiteContentRow, TeamMemberRow } from '../db/schema.ts';

// Read side of the tables the admin panel lists as Coming Soon: active rows only (site content has
// no such flag: every entry). Nothing in the app writes them; their rows come with the migrations (0021_catalogue_seed).

export function listPackages(db: Kysely<Database>): Promise<PackageRow[]> {
  return db.selectFrom('packages').selectAll().where('isActive', '=', true).orderBy('sortOrder').orderBy('id').execute();
}

export function listTeamMembers(db: Kysely<Database>): Promise<TeamMemberRow[]> {
  return db.selectFrom('teamMembers').selectAll().where('isActive', '=', true).orderBy('sortOrder').orderBy('id').execute();
}

export function listCompanyStats(db: Kysely<Database>): Promise<CompanyStatRow[]> {
  return db.selectFrom('companyStats').selectAll().where('isActive', '=', true).orderBy('sortOrder').orderBy('id').execute();
}

export function listSiteContent(db: Kysely<Database>): Promise<SiteContentRow[]> {
  return db.selectFrom('siteContent').selectAll().orderBy('section').orderBy('key').execute();
}
