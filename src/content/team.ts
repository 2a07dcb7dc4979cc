/**
 * The leadership team as the About page shows it: roles, not people. (The team_members table's
 * rows, names included, came with migration 0021_catalogue_seed and are edited there.)
 */
export interface TeamMember {
  role: string;
  bio: string;
}

export const teamMembers: readonly TeamMember[] = [
  {
    role: 'Founder & Principal Strategist',
    bio: 'Two decades leading marketing for technology and professional-services firms across Asia-Pacific, including regional CMO roles. Leads our strategy and fractional CMO engagements.',
  },
  {
    role: 'Director, Brand & Communications',
    bio: 'A former agency creative director and communications adviser to ASX-listed companies. Leads brand strategy, content and PR.',
  },
  {
    role: 'Director, Digital Growth',
    bio: 'Built and scaled performance-marketing teams for e-commerce and SaaS businesses. Leads web, SEO and channel management.',
  },
];
