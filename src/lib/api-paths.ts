/**
 * Every API path the site calls or posts a form to, named once for the islands, the plain forms
 * and the e-mails. Each function declares its own `config.path` as a literal (Netlify reads it
 * without running the module), and tests/integration/functions-router.test.ts holds every function
 * to the path named here.
 */
export const API_PATHS = {
  articles: '/api/articles',
  services: '/api/services',
  /** The enquiry form's POST (the visitor's side of an enquiry); the admin's inbox is `enquiries`. */
  contacts: '/api/contacts',
  enquiries: '/api/enquiries',
  /** One enquiry's notice to the firm: POST sends a failed one again. */
  enquiryNotice: '/api/enquiries/:id/notice',
  newsletter: '/api/newsletter',
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  subscribers: '/api/subscribers',
  /** One subscriber's welcome: POST sends a failed one again. */
  subscriberWelcome: '/api/subscribers/:id/welcome',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/auth/me',
  changePassword: '/api/auth/change-password',
  requestReset: '/api/auth/request-reset',
  /** Issues a signed URL for one image upload. */
  upload: '/api/objects/upload',
  /** One uploaded image: the PUTs of its signed upload URL, and its DELETE. */
  uploadTarget: '/api/objects/uploads/:name',
  packages: '/api/packages',
  teamMembers: '/api/team-members',
  companyStats: '/api/company-stats',
  siteContent: '/api/site-content',
} as const;

const idSegment = (id: number | string) => encodeURIComponent(String(id));

/** A path of the table with its `:id` filled in. */
export const withId = (path: string, id: number | string) => path.replace(':id', () => idSegment(id));

/** One item of the list at `path`: {path}/{id}, where its PUT, PATCH and DELETE go. */
export const itemPath = (path: string, id: number | string) => `${path}/${idSegment(id)}`;

/** One uploaded image's place under `uploadTarget`: its upload URL's path, and its DELETE. */
export const uploadTargetPath = (name: string) => API_PATHS.uploadTarget.replace(':name', name);

/** Whether a path is the API's (`/api` or under it): a refusal there is the API's JSON error, elsewhere a page. */
export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');
