/**
 * The /services page's words. The services themselves are rows of the services table, edited in
 * /admin; their first seven came with migration 0021_catalogue_seed.
 */

export const servicesPage = {
  metaTitle: 'Services',
  eyebrow: 'What we do',
  title: 'Our Services',
  listLabel: 'All services',
  unavailable: 'Our services could not be loaded just now. Please try again in a moment.',
  /** Shown while no service is active, e.g. while the firm rewrites them all in /admin. */
  empty: 'We are refreshing how we describe our services. Tell us what you need and a senior consultant will come back to you.',
  /** No count of the services: they are edited in /admin, and the page lists whatever is active. */
  intro:
    'Every discipline of modern marketing, one joined-up approach. Engage us for a single capability or bring us in across the full marketing stack: either way, a senior consultant stays accountable for the outcome.',
} as const;
