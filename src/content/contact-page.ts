/** Words for /contact and the not-found page. Contact values come from ./site. */

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

export const notFoundPage = {
  metaTitle: 'Page Not Found',
  title: '404 Page Not Found',
  text: 'The page you are looking for does not exist or has moved.',
  /** A developer-style hint under the not-found text. */
  hint: 'Did you forget to add the page to the router? Check that a matching file exists in src/pages/.',
  homeLabel: 'Back to Home',
} as const;

/** The page any unexpected failure on the server answers with (500); the detail stays in the log. */
export const serverErrorPage = {
  metaTitle: 'Something Went Wrong',
  title: 'Something went wrong on our side',
  text: 'The page could not be shown just now. Please try again in a moment, or contact us if it keeps happening.',
  homeLabel: 'Back to Home',
  contactLabel: 'Contact Us',
} as const;
