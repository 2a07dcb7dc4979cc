/** Words of the pages that stand in for one that cannot be shown: not found (404) and server error (500). */

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
