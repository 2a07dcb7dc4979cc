/**
 * Every URL the site links to is built here and nowhere else: the public pages' paths, article
 * paths, the feed and sitemap, the uploaded images, and the absolute form of any of them on the
 * public origin.
 * (No imports, and imported with its .ts extension from src/content/site.ts, which the database
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

/** The ids of the enquiry and newsletter forms on their pages. */
export const FORM_IDS = {
  enquiry: 'enquiry-form',
  newsletter: 'newsletter',
} as const;

/**
 * The ids of what a form's page says once a plain (no-JavaScript) post of it is accepted: the post
 * is answered with its page again at `#id`, and the page shows the element the fragment targets.
 */
export const FORM_SENT_IDS = {
  enquiry: 'enquiry-sent',
  newsletter: 'newsletter-subscribed',
} as const;

/** The query name, on a form's action, of the page a plain post of it goes back to. */
export const FORM_RETURN_PARAM = 'return';

/** A form's action: its API path, naming the page (path and query) its plain post goes back to. */
export const formAction = (apiPath: string, returnPath: string) =>
  `${apiPath}?${new URLSearchParams({ [FORM_RETURN_PARAM]: returnPath })}`;

/**
 * A URL's path and the query parameters `keep` takes, each as written (order and encoding kept),
 * so a page named by it is the very address the visitor had.
 */
export function pathWithQuery(url: URL, keep: (name: string) => boolean): string {
  const pairs = url.search.slice(1).split('&').filter((pair) => pair !== '' && keep([...new URLSearchParams(pair).keys()][0] ?? ''));
  return pairs.length > 0 ? `${url.pathname}?${pairs.join('&')}` : url.pathname;
}

/** The footer's Quick Links: where the header's menu control leads without JavaScript. */
export const FOOTER_LINKS_ID = 'footer-links';

export const INSIGHTS_RSS_PATH = `${PAGE_PATHS.insights}/rss.xml`;
export const SITEMAP_PATH = '/sitemap.xml';
export const FAVICON_PATH = '/favicon.svg';

/** Where the uploaded images are served, each at {this}{name}. */
export const UPLOADED_OBJECTS_PATH = '/objects/uploads/';
/** Where an uploaded image is served, and what an article keeps of it. */
export const objectPublicPath = (name: string) => `${UPLOADED_OBJECTS_PATH}${name}`;

/**
 * A path (a page's or the API's) with the query `params` make, or the bare path when they make
 * none. A space is written %20, as an address is read and shown, not as a form would send it (+).
 */
export function withQuery(path: string, params: URLSearchParams | Readonly<Record<string, string>>): string {
  const query = new URLSearchParams(params).toString().replaceAll('+', '%20');
  return query ? `${path}?${query}` : path;
}

/**
 * One page of the Insights list: /insights, /insights?category=…, /insights?page=N, or both. Page 1
 * and All (no category) are the bare path, so each page has exactly one URL.
 */
export function insightsListUrl({ category, page = 1 }: { category?: string | null; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  return withQuery(PAGE_PATHS.insights, params);
}

/** The admin panel's page. */
const ADMIN_PATH = '/admin';

/**
 * A place in the admin panel: /admin, with the tab, its list's search, filters (each under its own
 * name) and page when given. The caller leaves out what is the default, so each place has one URL.
 */
export function adminPanelUrl({ tab, search = '', filters = {}, page = 1 }: { tab?: string | null; search?: string; filters?: Readonly<Record<string, string>>; page?: number }): string {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  if (search) params.set('search', search);
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  return withQuery(ADMIN_PATH, params);
}

/** The sitemap's parts once it is an index: the site's own pages, then published articles by the thousand. */
export const sitemapPagesPath = () => '/sitemap-pages.xml';
export const sitemapArticlesPath = (part: number) => `/sitemap-articles-${part}.xml`;

export interface ArticleLinkFields {
  id: number;
  slug: string | null;
}

/**
 * The site-relative canonical path of an article: /insights/{slug} when it has one, else
 * /insights/{id}. /insights/{id} keeps resolving for slugged articles too, so old links never break.
 */
export function articleUrl(article: ArticleLinkFields): string {
  return articleKeyUrl(article.slug?.trim() || article.id);
}

/** /insights/{key}: the page an article id or slug names. */
export const articleKeyUrl = (key: string | number): string => `${PAGE_PATHS.insights}/${encodeURIComponent(key)}`;

/**
 * The public origin of a request: the configured site (SITE_URL, or Netlify's URL, at build) or,
 * without one, the origin the request came to. Astro pages and endpoints pass their context.
 */
export function publicOrigin({ site, url }: { site?: URL | undefined; url: URL }): URL {
  return site ?? new URL(url.origin);
}

/** An absolute URL on the site's public origin (canonical links, sitemap, RSS, Open Graph, JSON-LD). */
export function absoluteUrl(path: string, origin: URL | string): string {
  return new URL(path, origin).href;
}

/**
 * A page's one URL path, without a trailing slash: '/about/', '/about.html' (the file a
 * prerendered page is built as, and what Astro.url names while building it) and '/about' are all
 * '/about'; '/' stays as is.
 */
export function normalisePath(path: string): string {
  const bare = path.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

/**
 * Whether a navigation link marks the current page: Home only on an exact match, every other link
 * on a path-prefix match (segment-wise, so /insights/42 marks Insights).
 */
export function isCurrentPath(currentPath: string, href: string): boolean {
  const current = normalisePath(currentPath);
  const target = normalisePath(href);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}

/** The query names of an enquiry's context on a link to /contact: the schema's own field names. */
export const ENQUIRY_CONTEXT_PARAMS = ['service', 'page', 'ctaButton'] as const;

/**
 * /contact carrying an enquiry's context: where an enquiry button leads without JavaScript, so
 * the contact page's form sends the same service, page and button the dialog would have.
 */
export function contactUrl(context: Record<(typeof ENQUIRY_CONTEXT_PARAMS)[number], string>): string {
  const query = new URLSearchParams(ENQUIRY_CONTEXT_PARAMS.map((name) => [name, context[name]]));
  return `${PAGE_PATHS.contact}?${query}`;
}
