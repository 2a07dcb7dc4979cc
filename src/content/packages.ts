/**
 * The four packages on /packages, which is prerendered from this file: the packages table (seeded by
 * migration 0021 with its own literals) is what GET /api/packages answers, and no page reads it.
 * Prices and delivery are the firm's published terms, word for word.
 */

export interface Package {
  name: string;
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  isPopular: boolean;
  buttonText: string;
  buttonVariant: 'primary' | 'secondary';
}

export const packagesPage = {
  eyebrow: 'Ways to work with us',
  title: 'Packages',
  listLabel: 'Our packages',
  intro:
    'Clear, flexible ways to work with us. Start with a defined project, or keep senior expertise on hand with a retainer that scales as you grow.',
  popularLabel: 'Most Popular',
} as const;

export const packages: readonly Package[] = [
  {
    name: 'Foundation',
    price: 'From $1,500 to $5,500',
    period: '3–4 weeks',
    description: 'For new ventures and teams that need a sharp strategy and the essentials in place before investing in growth.',
    features: [
      'Marketing audit and opportunity review',
      'Customer and competitor snapshot',
      'Positioning and key messages',
      '90-day marketing action plan',
    ],
    isPopular: false,
    buttonText: 'Get Started',
    buttonVariant: 'secondary',
  },
  {
    name: 'Activation',
    price: '$120/hour',
    period: '4–6 weeks, or retainer',
    description: 'For businesses ready to put a strategy to work across brand, web and campaigns, with senior hands on delivery.',
    features: [
      'Everything in Foundation',
      'Brand and website refresh',
      'Campaign and channel set-up',
      'Monthly performance reporting',
    ],
    isPopular: true,
    buttonText: 'Start Growing',
    buttonVariant: 'primary',
  },
  {
    name: 'Momentum',
    price: '$120/hour',
    period: '6–8 weeks, or retainer',
    description: 'For growing teams that want always-on marketing: content, PR and performance channels, managed and optimised.',
    features: [
      'Content and PR program',
      'Paid and owned channel management',
      'Conversion and SEO optimisation',
      'Fortnightly strategy sessions',
    ],
    isPopular: false,
    buttonText: 'Build Momentum',
    buttonVariant: 'secondary',
  },
  {
    name: 'Scale & Optimise',
    price: '$150/hour',
    period: 'On retainer',
    description: 'For scale-ups and enterprises that need executive marketing leadership and a partner accountable for results.',
    features: [
      'Fractional CMO leadership',
      'Team, agency and vendor management',
      'Marketing operations and analytics',
      'Board and investor reporting',
    ],
    isPopular: false,
    buttonText: 'Contact Sales',
    buttonVariant: 'secondary',
  },
];

export const customSolution = {
  eyebrow: 'Custom solution',
  title: 'Need something different?',
  text: 'Every business rises differently. We can combine services, phase the work to suit your budget, or build a program around a launch, a merger or a market entry.',
  cta: 'Schedule a Custom Consultation',
} as const;
