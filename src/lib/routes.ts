/**
 * The public pages' paths, read by navigation, footer, calls to action and islands
 * so no template spells a route by hand. Article URLs come from ./permalinks.ts.
 * (Imported with its .ts extension from src/content/site.ts, which the database
 * seed loads under Node's own TypeScript support.)
 */
export const PAGE_PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  packages: '/packages',
  partners: '/partners',
  insights: '/insights',
  contact: '/contact',
  cookiePolicy: '/cookie-policy',
  privacyPolicy: '/privacy-policy',
  termsOfUse: '/terms-of-use',
} as const;

export type PageName = keyof typeof PAGE_PATHS;
