// The session cookie and the known-device cookie. On https each name carries the __Host- prefix,
// which browsers accept only with Secure, Path=/ and no Domain, so no subdomain or plain-http page
// can plant or overwrite it. Plain http (the local runtime on http://localhost) cannot set Secure
// cookies, so it uses the bare name.

const SESSION_COOKIE = 'session';
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/**
 * Both names, for a CDN cache key: an answer that shows a signed-in admin more (drafts, inactive
 * services) is keyed on the session cookie under either name, so a visitor's cached copy is never an
 * admin's answer, nor an admin's a visitor's.
 */
export const SESSION_COOKIES = [SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;

function isHttps(req: Request): boolean {
  return new URL(req.url).protocol === 'https:';
}

export function sessionCookieName(req: Request): string {
  return isHttps(req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

const KNOWN_DEVICE_COOKIE = 'known-device';

export function knownDeviceCookieName(req: Request): string {
  return isHttps(req) ? `__Host-${KNOWN_DEVICE_COOKIE}` : KNOWN_DEVICE_COOKIE;
}

/** Reads one cookie from the Cookie header, which browsers send as `name=value` pairs joined by "; ". */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get('cookie');
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

function attributes(req: Request, maxAgeSeconds: number): string {
  const secure = isHttps(req) ? '; Secure' : '';
  return `Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

export function sessionCookie(req: Request, token: string, maxAgeSeconds: number): string {
  return `${sessionCookieName(req)}=${token}; ${attributes(req, maxAgeSeconds)}`;
}

export function knownDeviceCookie(req: Request, token: string, maxAgeSeconds: number): string {
  return `${knownDeviceCookieName(req)}=${token}; ${attributes(req, maxAgeSeconds)}`;
}

export function clearedSessionCookie(req: Request): string {
  return `${sessionCookieName(req)}=; ${attributes(req, 0)}`;
}
