/**
 * The origin the links in an e-mail name (the welcome's unsubscribe link). An e-mail is read far
 * from the request that queued it, and a link built from that request's Host (or a proxy's
 * X-Forwarded-Host) would hand the recipient's unsubscribe token to whatever host the sender
 * named. So the configured origin (SITE_URL, or Netlify's URL) is the one to use; without one, the
 * request's origin only when it is this machine (the local runtime, whose mail is a file here).
 */
import { getEnv } from '../env.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export const NO_MAIL_ORIGIN =
  "No public origin for links in e-mail: set SITE_URL to the site's address (Netlify sets URL itself); " +
  'without it only a request to localhost, 127.0.0.1 or [::1] may name its own origin.';

export function mailLinkOrigin(req: Request): string {
  const configured = getEnv().siteUrl;
  if (configured) return configured;
  const url = new URL(req.url);
  if (LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  throw new Error(NO_MAIL_ORIGIN);
}
