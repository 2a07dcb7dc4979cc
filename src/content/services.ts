/**
 * The /services page's words, and the seven services the database starts with (src/server/db/seed.ts
 * fills the services table from them while it is empty). After that /services shows the table, as
 * edited in /admin.
 */

export interface SeedService {
  title: string;
  description: string;
  icon: string;
  features: readonly [string, string, string, string];
}

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

export const seedServices: readonly SeedService[] = [
  {
    title: 'Marketing Consulting',
    description:
      'Independent, senior advice on where to compete and how to win, turned into a practical plan with owners, budgets and measures.',
    icon: 'compass',
    features: [
      'Market and competitor analysis',
      'Customer segmentation and insight',
      'Go-to-market and growth strategy',
      'Marketing plans, budgets and KPIs',
    ],
  },
  {
    title: 'Brand Strategy & Design',
    description:
      'A clear position and a distinctive identity that make your value obvious and your business memorable.',
    icon: 'sparkle',
    features: [
      'Brand positioning and architecture',
      'Messaging and tone of voice',
      'Visual identity and guidelines',
      'Brand launch and internal adoption',
    ],
  },
  {
    title: 'Web Development & SEO',
    description:
      'Fast, accessible websites designed around conversion, with technical and content SEO that builds organic demand.',
    icon: 'globe',
    features: [
      'Website strategy and UX design',
      'Development on modern, fast platforms',
      'Technical and on-page SEO',
      'Analytics and conversion tracking',
    ],
  },
  {
    title: 'Content Development',
    description:
      'Content that earns attention and moves buyers forward, planned around real questions and produced to a high standard.',
    icon: 'pen',
    features: [
      'Content strategy and editorial calendars',
      'Thought leadership and white papers',
      'Case studies and sales enablement',
      'Video and social content',
    ],
  },
  {
    title: 'Communications & PR',
    description:
      'Stories and relationships that build credibility with media, partners, investors and your own people.',
    icon: 'megaphone',
    features: [
      'Media relations and press releases',
      'Executive profiling and speaking',
      'Issues and crisis communications',
      'Internal and stakeholder communications',
    ],
  },
  {
    title: 'Promotion & Channel Management',
    description:
      'The right mix of paid, owned, earned and partner channels, managed against targets and optimised continuously.',
    icon: 'chart',
    features: [
      'Paid search and paid social',
      'Email and marketing automation',
      'Partner and channel marketing',
      'Campaign reporting and optimisation',
    ],
  },
  {
    title: 'Fractional CMO Services',
    description:
      'Executive marketing leadership without the full-time cost: strategy, team leadership and accountability at board level.',
    icon: 'user',
    features: [
      'Marketing leadership on a part-time basis',
      'Team structure, hiring and coaching',
      'Agency and vendor management',
      'Board and investor reporting',
    ],
  },
];
