/**
 * The leadership team as data (team_members seed). The site does not show their names; the
 * database needs one, so these are the names the admin panel will list.
 */
export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export const teamMembers: readonly TeamMember[] = [
  {
    name: 'Alexandra Reid',
    role: 'Founder & Principal Strategist',
    bio: 'Two decades leading marketing for technology and professional-services firms across Asia-Pacific, including regional CMO roles. Leads our strategy and fractional CMO engagements.',
  },
  {
    name: 'Marcus Chen',
    role: 'Director, Brand & Communications',
    bio: 'A former agency creative director and communications adviser to ASX-listed companies. Leads brand strategy, content and PR.',
  },
  {
    name: 'Priya Nair',
    role: 'Director, Digital Growth',
    bio: 'Built and scaled performance-marketing teams for e-commerce and SaaS businesses. Leads web, SEO and channel management.',
  },
];
