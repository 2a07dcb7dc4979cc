/** The Insights pages' words: the list, the article page, its call to action and its not-found page. */

export const insightsPage = {
  /** <title> and the hero. */
  title: 'Insights',
  eyebrow: 'Insights',
  heading: 'Marketing insights for purposeful growth',
  lead: 'Perspectives from our senior team on strategy, brand, performance and the shifts reshaping B2B and B2C markets.',
  metaDescription:
    'Marketing strategy, brand and growth insights from the senior team at Surgere, a boutique strategic marketing consultancy.',
  /** One list page's <title>: each category and page is its own URL, so its own title. */
  listTitle: (category: string | null, page: number) =>
    [category ? `Insights: ${category}` : 'Insights', page > 1 ? `page ${page}` : ''].filter(Boolean).join(', '),
  /** A category's meta description. */
  categoryDescription: (category: string) => `${category}: articles from the senior team at Surgere, a boutique strategic marketing consultancy.`,
  failedTitle: 'Failed to fetch articles',
  failedText: 'Please try again later.',
  labels: { articles: 'Articles', pagination: 'Pagination', previous: 'Previous', next: 'Next', newsletter: 'Newsletter' },
  /** A ?page= past the last page (a 404). */
  pastLast: { title: 'No more articles here', text: 'This page is past the last one.', toLast: 'Go to the last page' },
  conversation: {
    title: 'Have a challenge these insights touch on?',
    text: 'Talk it through with a senior strategist. We reply to every enquiry within 24 hours.',
  },
} as const;

export const articlePage = {
  back: 'Back to Insights',
  featured: 'Featured',
  video: 'Video',
  invalidVideo: 'Invalid YouTube URL',
  /** Before the video's address, in its place on a printed article. */
  videoOnPaper: 'Video:',
  tagsLabel: 'Tags',
  cta: {
    title: 'Ready to turn insight into growth?',
    text: 'Let’s talk about where your marketing can take your business next.',
    button: 'Get in Touch',
  },
  /** Over a draft's page, which only a signed-in admin sees. */
  draftPreview: 'Draft preview: this article is not published. Only signed-in admins can see this page.',
  notFound: {
    title: 'Article Not Found',
    text: "The article you're looking for doesn't exist or has been removed.",
    button: 'Back to Insights',
  },
} as const;

/** The category filter's words (its own export, so the filter island bundles only these). */
export const insightsFilterCopy = {
  allCategories: 'All',
  navLabel: 'Filter articles by category',
  countLine: (count: number, category: string | null) => {
    const noun = count === 1 ? 'article' : 'articles';
    return category === null ? `Showing ${count} ${noun}` : `${count} ${noun} in ${category}`;
  },
  emptyTitle: (category: string | null) => (category === null ? 'No Articles Yet' : `No Articles in ${category}`),
  emptyAll: 'Our first insights are on their way. Check back soon.',
  emptyCategory: 'Nothing has been published in this category yet. Browse the rest of our insights in the meantime.',
  showAll: 'Show All Articles',
} as const;
