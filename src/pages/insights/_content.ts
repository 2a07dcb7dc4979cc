/**
 * The Insights pages' own words. (Kept beside the pages because src/content belongs to the public
 * site; the firm-wide texts, newsletter copy and enquiry contexts are read from there.)
 */

export const insightsPage = {
  /** <title> and the hero. */
  title: 'Insights',
  eyebrow: 'Insights',
  heading: 'Marketing insights for purposeful growth',
  lead: 'Perspectives from our senior team on strategy, brand, performance and the shifts reshaping B2B and B2C markets.',
  metaDescription:
    'Marketing strategy, brand and growth insights from the senior team at Surgere, a boutique strategic marketing consultancy.',
  failedTitle: 'Failed to fetch articles',
  failedText: 'Please try again later.',
  pagination: 'Page 1 of 1',
  conversation: {
    title: 'Have a challenge these insights touch on?',
    text: 'Talk it through with a senior strategist. We reply to every enquiry within 24 hours.',
  },
} as const;

export const articlePage = {
  back: 'Back to Insights',
  featured: 'Featured',
  invalidVideo: 'Invalid YouTube URL',
  tagsLabel: 'Tags',
  cta: {
    title: 'Ready to turn insight into growth?',
    text: 'Let’s talk about where your marketing can take your business next.',
    button: 'Get in Touch',
    href: '/contact',
  },
  notFound: {
    title: 'Article Not Found',
    text: "The article you're looking for doesn't exist or has been removed.",
    button: 'Back to Insights',
  },
} as const;
