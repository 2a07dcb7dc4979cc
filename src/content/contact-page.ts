/** Words for /contact. Contact values come from ./site. */

export const contactPage = {
  metaTitle: 'Contact',
  eyebrow: 'Get in touch',
  title: 'Contact Us',
  lead: 'Tell us where you are and where you want to be. A senior consultant will come back to you personally.',
  formTitle: 'Send us a message',
  detailsTitle: 'Contact details',
  details: {
    email: 'Email',
    phone: 'Phone',
    offices: 'Offices',
    responseTime: 'Response time',
    responseTimeText: 'Within 24 hours, Monday to Friday.',
  },
  assessment: {
    title: 'Free Marketing Strategy Assessment',
    text: 'A 45-minute session with a senior strategist to review your current marketing, identify your biggest growth opportunity and outline the next three steps. No cost, no obligation.',
    points: ['Review of your positioning and channels', 'One priority growth opportunity', 'A practical next-step plan'],
    cta: 'Claim Your Free Assessment',
  },
} as const;
