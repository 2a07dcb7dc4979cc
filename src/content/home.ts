/** Home page words. The headline, badge and card titles are the firm's fixed copy: keep them verbatim. */
import { PAGE_PATHS } from '../lib/permalinks';

export const hero = {
  eyebrow: 'Boutique strategic marketing consultancy',
  headline: 'Strategic Marketing. Purposeful Growth. Real Results.',
  lead: 'We partner with founders, executives and growing teams to turn marketing into a disciplined engine for growth: clear strategy, confident brands and campaigns that earn their budget.',
  primaryCta: 'Free Marketing Strategy Assessment',
  secondaryCta: { label: 'Explore Our Services', href: PAGE_PATHS.services },
  trustPoints: [
    'Senior-led, personalised consulting',
    'Proven results across B2B and B2C',
    'Backed by specialist partners',
  ],
  badge: '20+ Years Driving Growth',
  trustLabel: 'Why clients choose us',
} as const;

/**
 * The services overview: six summary cards, the home page's own short account of what /services
 * (the database's services, edited in /admin) lists in full.
 */
export const servicesOverview = {
  eyebrow: 'What we do',
  title: 'Marketing capability, end to end',
  intro:
    'From the first strategic question to the last campaign report, we bring the senior thinking and specialist hands your growth plan needs.',
  cta: { label: 'Explore All Services', href: PAGE_PATHS.services },
  cards: [
    {
      title: 'Marketing Consulting',
      icon: 'compass',
      text: 'An outside view from senior strategists: where your growth is stuck, and the plan that moves it.',
    },
    {
      title: 'Brand Strategy & Design',
      icon: 'sparkle',
      text: 'A clear position and an identity that earns attention and trust in your market.',
    },
    {
      title: 'Web & SEO',
      icon: 'globe',
      text: 'Fast, findable websites built to turn visitors into enquiries.',
    },
    {
      title: 'Content & PR',
      icon: 'pen',
      text: 'Stories, articles and media coverage that build authority with the people who buy.',
    },
    {
      title: 'Performance Marketing',
      icon: 'chart',
      text: 'Campaigns across search, social and partner channels, measured against revenue rather than clicks.',
    },
    {
      title: 'Fractional CMO Services',
      icon: 'user',
      text: 'Senior marketing leadership, part time: strategy, team and budget owned without a full-time hire.',
    },
  ],
} as const;

export const principle = {
  eyebrow: 'Our principle',
  title: 'Surgere: to rise',
  body: [
    "Our name comes from the Latin surgere, 'to rise'. It is the standard we hold every engagement to: a business should leave our work standing taller than when it arrived, with a clearer position, stronger capability and results it can measure.",
    'Rising is not a single leap. It is steady, deliberate lift: the right strategy, executed with care, reviewed with honesty and compounded over time.',
  ],
  steps: [
    { title: 'Clarity', text: 'Understand the market, the customer and the real growth constraint.' },
    { title: 'Commitment', text: 'Choose a focused strategy and the few priorities that will move it.' },
    { title: 'Momentum', text: 'Execute, measure and refine until the gains compound.' },
  ],
} as const;

export const readyToRise = {
  title: 'Ready to Rise?',
  text: 'Book a no-obligation consultation with a senior strategist. We will listen, ask the hard questions and show you where the growth is.',
  cta: 'Book a Consultation',
} as const;
