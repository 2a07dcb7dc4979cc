/**
 * The site's own tables, the ones netlify/database/migrations create, each with what its rows are
 * (a test holds this list to a freshly migrated database: site-tables.test.ts). Anything else a
 * database holds (this migrator's record, schema_migrations; Netlify Database's record of the
 * migrations it applied, whatever Netlify names it) is not the site's data.
 * - written: what visitors and admins wrote (leads, articles, accounts, mail to send);
 * - catalogue: what the seed migration (0021) fills on every new database, which admins may edit;
 * - bookkeeping: which catalogue tables were seeded (seeded_tables);
 * - counters: the sign-in throttle's counters, which expire on their own;
 * - derived: what triggers keep from other tables (article_category_counts, from articles), which
 *   a copy rebuilds from the copied rows rather than copies: the source's could be out of step with
 *   its articles only through a copy of them, and the target's triggers are off while it copies.
 */
export type SiteTableKind = 'written' | 'catalogue' | 'bookkeeping' | 'counters' | 'derived';

export const SITE_TABLES = {
  enquiries: 'written',
  subscribers: 'written',
  outbox: 'written',
  users: 'written',
  articles: 'written',
  article_former_slugs: 'written',
  article_category_counts: 'derived',
  services: 'catalogue',
  packages: 'catalogue',
  team_members: 'catalogue',
  company_stats: 'catalogue',
  site_content: 'catalogue',
  seeded_tables: 'bookkeeping',
  rate_limits: 'counters',
} as const satisfies Record<string, SiteTableKind>;

export type SiteTable = keyof typeof SITE_TABLES;

export const SITE_TABLE_NAMES = Object.keys(SITE_TABLES) as SiteTable[];
