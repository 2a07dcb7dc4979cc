/**
 * Partners on /partners. The partner firms below are
 * placeholders: replace names, websites and logos (src/assets/partners/) with
 * the real partners'. Websites use the reserved .example domain until then.
 */
import type { ImageMetadata } from 'astro';
import northlight from '../assets/partners/northlight.svg';
import meridian from '../assets/partners/meridian.svg';
import harbourLane from '../assets/partners/harbour-lane.svg';
import quillCo from '../assets/partners/quill-co.svg';

export interface Partner {
  name: string;
  team: string;
  specialty: string;
  logo?: ImageMetadata;
  website?: string;
}

export const partnersPage = {
  metaTitle: 'Partners',
  eyebrow: 'Partners',
  featuredEyebrow: 'Our network',
  title: 'Our Partners',
  intro:
    'Senior strategy is only as good as its execution. We work with a small, trusted network of specialist firms and independent experts so every client gets the right hands on every task, led and quality-checked by us.',
  featuredTitle: 'Featured partners',
  cta: 'Become a Partner',
} as const;

export const featuredPartners: readonly Partner[] = [
  {
    name: 'Northlight Digital',
    team: 'Web & Development Team',
    specialty: 'High-performance websites, e-commerce builds and technical SEO.',
    logo: northlight,
    website: 'https://northlight-digital.example',
  },
  {
    name: 'Meridian Analytics',
    team: 'Data & Insights Team',
    specialty: 'Marketing analytics, attribution modelling and customer research.',
    logo: meridian,
    website: 'https://meridian-analytics.example',
  },
  {
    name: 'Harbour Lane Studio',
    team: 'Creative & Design Team',
    specialty: 'Brand identity, campaign creative, motion and photography.',
    logo: harbourLane,
    website: 'https://harbourlane-studio.example',
  },
  {
    name: 'Quill & Co. Communications',
    team: 'PR & Media Team',
    specialty: 'Media relations, executive profiling and issues management.',
    logo: quillCo,
    website: 'https://quillco-communications.example',
  },
];

export const independentSpecialists: Partner = {
  name: 'Independent Specialists',
  team: 'Specialist Network',
  specialty:
    'A vetted bench of independent copywriters, paid-media buyers, marketing-automation engineers and video producers, brought in when a project needs them.',
};

export const capabilities = {
  eyebrow: 'Capabilities',
  title: 'Partner network capabilities',
  items: [
    'Website design, development and hosting',
    'Data analytics, attribution and market research',
    'Creative production: design, video and photography',
    'Public relations and media outreach',
    'Paid media buying and marketing automation',
  ],
} as const;

export const whyPartner = {
  eyebrow: 'Why partner',
  title: 'Why partner with Surgere',
  cards: [
    {
      title: 'Senior strategic leadership',
      text: 'We set the strategy and own the client relationship, so partners can focus on what they do best.',
      icon: 'compass',
    },
    {
      title: 'Aligned, long-term work',
      text: 'Our clients stay for years. Partners join programs with clear briefs, fair scopes and steady pipelines.',
      icon: 'handshake',
    },
    {
      title: 'Shared standards',
      text: 'Transparent pricing, honest reporting and quality we are proud to put our names to, together.',
      icon: 'shield',
    },
  ],
} as const;

export const becomePartner = {
  title: 'Join our partner network',
  text: 'Are you a specialist firm or independent expert who shares our standards? We would like to hear from you.',
  cta: 'Become a Partner',
} as const;
