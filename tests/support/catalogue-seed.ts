// What the catalogue seed (netlify/database/migrations/0021_catalogue_seed.sql, a frozen file)
// writes, for the tests that read a freshly migrated database: these change only with a migration
// of their own.

/** The seeded services' titles, in their sort order. */
export const SEEDED_SERVICE_TITLES = [
  'Marketing Consulting',
  'Brand Strategy & Design',
  'Web Development & SEO',
  'Content Development',
  'Communications & PR',
  'Promotion & Channel Management',
  'Fractional CMO Services',
];
