/** About page words. Team names are intentionally not shown: the firm presents roles, not people. */
import portraitStrategy from '../assets/team/portrait-strategy.svg';
import portraitBrand from '../assets/team/portrait-brand.svg';
import portraitGrowth from '../assets/team/portrait-growth.svg';
import type { ImageMetadata } from 'astro';
import { teamMembers } from './team';

export const aboutIntro = {
  metaTitle: 'About',
  eyebrow: 'About us',
  title: 'About Surgere',
  lead: 'A boutique strategic marketing consultancy for businesses that want senior thinking, honest advice and growth they can measure.',
} as const;

export const story = {
  eyebrow: 'Since day one',
  title: 'Our story',
  paragraphs: [
    'Surgere was founded by marketers who had spent two decades leading brands, launching products and building teams across Australia, Asia and Europe. Again and again we saw capable businesses held back not by effort, but by a lack of strategic clarity and senior guidance.',
    'So we built the consultancy we would have wanted to hire: small by design, senior by default, and measured by the results our clients achieve. Today we work with founders, executives, scale-ups and enterprises in both B2B and B2C, from first positioning to fractional marketing leadership.',
  ],
} as const;

export const whoWeAre = {
  eyebrow: 'Who we are',
  title: 'Who we are',
  intro: 'Three commitments shape how we work with every client.',
  pillars: [
    {
      title: 'Hands-on and senior-led',
      text: 'The senior consultant who scopes your work is the one who does it. No hand-offs, no layers.',
      icon: 'user',
    },
    {
      title: 'Strategically clear, commercially focused',
      text: 'We connect every marketing decision to revenue, margin and the growth targets that matter to you.',
      icon: 'target',
    },
    {
      title: 'Cross-industry expertise',
      text: 'Technology, professional services, health, education, retail and more: we bring proven patterns from each.',
      icon: 'layers',
    },
  ],
} as const;

export const whyUs = {
  eyebrow: 'Why us',
  title: 'Why choose us',
  cards: [
    {
      title: 'Personalised, senior-led service',
      text: 'Direct access to experienced strategists who take the time to understand your business.',
      icon: 'user',
    },
    {
      title: 'Full-stack marketing capability',
      text: 'Strategy through to execution, backed by specialist partners when the work calls for them.',
      icon: 'layers',
    },
    {
      title: 'Focused on measurable growth',
      text: 'Clear objectives, honest reporting and a relentless focus on commercial outcomes.',
      icon: 'chart',
    },
    {
      title: 'Rooted in purpose, powered by innovation',
      text: 'Work that reflects what you stand for, delivered with modern tools, data and AI-assisted workflows.',
      icon: 'sparkle',
    },
  ],
} as const;

export interface Leader {
  role: string;
  bio: string;
  portrait: ImageMetadata;
  portraitAlt: string;
}

const portraits = [portraitStrategy, portraitBrand, portraitGrowth];

/** Roles and bios come from ./team (the team_members table is not read here); names are not shown. */
export const leadership = {
  eyebrow: 'Leadership',
  title: 'Leadership team',
  intro: 'Three senior leaders, more than sixty years of combined experience.',
  members: teamMembers.map(
    (member, index): Leader => ({
      role: member.role,
      bio: member.bio,
      portrait: portraits[index % portraits.length]!,
      portraitAlt: `Abstract portrait illustration for the ${member.role}`,
    }),
  ),
};
