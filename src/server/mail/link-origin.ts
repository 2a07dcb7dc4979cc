/**
 * The origin the links in an e-mail name (the welcome's unsubscribe link). An e-mail is read far
 * from the request that queued it, and a link built from that request's Host (or a proxy's
 * X-Forwarded-Host) would hand the recipient's unsubscribe token to whatever host the sender
 * named. So the configured origin (SITE_URL, or Netlify's URL) is the one to use; without one, the
 * request's origin only when it is this machine (the local runtime, whose mail is a file here).
 * A deploy preview or branch deploy names its own address, the one Netlify routed the request to
 * by its host: its subscribers are in its own database, and the configured origin is the live
 * site's (Netlify's URL always is), where the link would unsubscribe someone else's entry.
 * Any other request knows no origin: its message waits for one to be configured
 * (configuredMailOrigin at send time), so a visitor's sign-up is never refused over a setting.
 */
import { isLiveDeploy } from '../deploy-context.ts';
import { getEnv } from '../env.ts';
import { isLoopbackHost } from '../http/localhost.ts';

export const NO_MAIL_ORIGIN =
  "No public origin for links in e-mail: set SITE_URL to the site's address (Netlify sets URL itself); " +
  'without it only a request to localhost, a name under it or a loopback address (127.0.0.0/8, [::1]) may name its own origin.';

/** The origin for the links of a message composed for this request, or undefined when it knows none. */
export function mailLinkOrigin(req: Request): string | undefined {
  if (!isLiveDeploy()) return new URL(req.url).origin;
  const configured = getEnv().siteUrl;
  if (configured) return configured;
  const url = new URL(req.url);
  return isLoopbackHost(url.hostname) ? url.origin : undefined;
}

/**
 * The origin for the links of a message composed with no request (a welcome queued without one),
 * as the environment holds it now; NO_MAIL_ORIGIN while none is set, an attempt that is retried.
 */
export function configuredMailOrigin(): string {
  const configured = getEnv().siteUrl;
  if (!configured) throw new Error(NO_MAIL_ORIGIN);
  return configured;
}
