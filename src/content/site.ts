/**
 * The firm's identity, contact details and navigation: the ONE place to edit them.
 * Every page, the header, the footer, the contact page and the policy pages read from here.
 */
import { PAGE_PATHS as paths } from '../lib/permalinks.ts';

export const firm = {
  /** From the Latin surgere, 'to rise'. */
  name: 'Surgere',
  legalName: 'Surgere Strategic Marketing Pty Ltd',
  abn: '48 612 907 335',
  tagline: 'Strategic Marketing Consulting',
  blurb:
    'Strategic marketing consulting that drives growth, optimizes performance and builds competitive advantage for forward-thinking businesses.',
  /** Used for <meta name="description"> where a page gives none. */
  description:
    'Surgere is a boutique, senior-led strategic marketing consultancy helping founders, executives and scale-ups across B2B and B2C grow with purpose.',
  copyrightYear: 2024,
} as const;

export const contact = {
  email: 'hello@surgere.com.au',
  phone: '+61 2 8005 4120',
  /** E.164 form for tel: links. */
  phoneHref: 'tel:+61280054120',
  replyPromise: 'We reply to every enquiry within 24 hours.',
  hours: 'Mon-Fri 9 AM-6 PM AEST',
  officesNote: 'Offices by appointment only',
} as const;

export interface Office {
  city: string;
  address: string;
}

/** Two Australian offices, both by appointment only. */
export const offices: readonly Office[] = [
  { city: 'Sydney', address: 'Level 9, 60 Margaret Street, Sydney NSW 2000' },
  { city: 'Melbourne', address: 'Level 4, 120 Collins Street, Melbourne VIC 3000' },
];

export type SocialNetwork = 'linkedin' | 'x' | 'instagram' | 'facebook' | 'youtube';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

/** Five networks: professional, short-post, photo, general social, video. */
export const socials: readonly SocialLink[] = [
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/surgere-marketing' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/surgeremarketing' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/surgeremarketing' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/surgeremarketing' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@surgeremarketing' },
];

export interface NavLink {
  label: string;
  href: string;
}

/** Header links, in order. The Contact button sits beside them. */
export const mainNav: readonly NavLink[] = [
  { label: 'Home', href: paths.home },
  { label: 'About', href: paths.about },
  { label: 'Services', href: paths.services },
  { label: 'Packages', href: paths.packages },
  { label: 'Partners', href: paths.partners },
  { label: 'Insights', href: paths.insights },
];

export const contactNav: NavLink = { label: 'Contact', href: paths.contact };

/** The names of the close buttons every dialog and notification has (heard, and the dialog's tooltip). */
export const closeLabels = {
  dialog: 'Close',
  toast: 'Close notification',
} as const;

/** Names of the header's and footer's landmarks and headings. */
export const navLabels = {
  main: 'Main',
  /** The drawer's name, what its button opens and closes. */
  menu: 'Menu',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  socials: 'Social media',
  quickLinks: 'Quick Links',
  contact: 'Contact',
  legal: 'Legal',
} as const;

/** What a link that opens in a new tab says after its name, to whoever cannot see the tab open. */
export const newTabNote = '(opens in a new tab)';

export const footerQuickLinks: readonly NavLink[] = [
  { label: 'About Us', href: paths.about },
  { label: 'Services', href: paths.services },
  { label: 'Packages', href: paths.packages },
  { label: 'Partners', href: paths.partners },
  { label: 'Insights', href: paths.insights },
  { label: 'Contact', href: paths.contact },
];

export const legalLinks: readonly NavLink[] = [
  { label: 'Terms of Use', href: paths.termsOfUse },
  { label: 'Privacy Policy', href: paths.privacyPolicy },
  { label: 'Cookie Policy', href: paths.cookiePolicy },
];

export const newsletter = {
  title: 'The Rise Briefing',
  description:
    'Practical marketing strategy, growth frameworks and market signals from our senior team, delivered the first Tuesday of every month.',
} as const;
