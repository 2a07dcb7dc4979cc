/** Words for /contact and the not-found page. Contact values come from ./site. */

export const contactPage = {
  title: 'Contact Us',
  lead: 'Tell us where you are and where you want to be. A senior consultant will come back to you personally.',
  formTitle: 'Send us a message',
  detailsTitle: 'Contact details',
  assessment: {
    title: 'Free Marketing Strategy Assessment',
    text: 'A 45-minute session with a senior strategist to review your current marketing, identify your biggest growth opportunity and outline the next three steps. No cost, no obligation.',
    points: ['Review of your positioning and channels', 'One priority growth opportunity', 'A practical next-step plan'],
    cta: 'Claim Your Free Assessment',
  },
} as const;

export const notFoundPage = {
  title: '404 Page Not Found',
  text: 'The page you are looking for does not exist or has moved.',
  /** The developer-style hint the spec asks for. */
  hint: 'Did you forget to add the page to the router? Check that a matching file exists in src/pages/.',
  homeLabel: 'Back to Home',
} as const;
