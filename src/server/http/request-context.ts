import ipaddr from 'ipaddr.js';
import { isSourcePage } from '../../schemas/newsletter.ts';

/**
 * What handlers need from Netlify's Context. Netlify passes its full Context object; tests pass a
 * plain object with the same fields.
 */
export interface RequestContext {
  params: Record<string, string | undefined>;
  /** The client's address as the platform saw it: Netlify's edge, or the local runtime's socket. */
  ip?: string;
  /** Keeps the function alive until the promise settles, after the answer is sent (Netlify's context.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The longest platform value kept as a key when it is not an address at all (never on Netlify). */
const MAX_RAW_KEY = 64;

/**
 * An address as some proxies write the client (a local runtime behind TRUST_PROXY passes on the
 * X-Forwarded-For entry its trusted proxies recorded): `a.b.c.d:port` or `[v6]:port` (Azure's,
 * IIS ARR's) or `[v6]`. The port is the client's side of one connection, new with each: kept in
 * the key, every connection would count afresh. A bare IPv6 address has colons too, and is left
 * as it is.
 */
export function withoutPort(ip: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(ip);
  return v4 ? v4[1]! : ip;
}

/**
 * The client address that rate limits and sign-in throttling count against: the platform's own
 * value (`context.ip`), never a header, since any client can send X-Forwarded-For. IPv4 (and IPv4
 * written as IPv6, `::ffff:a.b.c.d`) is the address itself; IPv6 is its /64 network, the block one
 * subscriber is handed, so cycling through the addresses of one's own /64 buys nothing. A port
 * written with the address is no part of it.
 */
export function clientAddress(ctx: RequestContext): string {
  const ip = ctx.ip?.trim();
  if (!ip) return 'unknown';
  // A zone index (fe80::1%eth0) names the local interface, not the client.
  const bare = withoutPort(ip).replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return ip.slice(0, MAX_RAW_KEY);
  const addr = ipaddr.process(bare); // IPv4-mapped IPv6 becomes IPv4
  if (addr.kind() === 'ipv4') return addr.toString();
  const network = (addr as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}

/** The path of the page a request came from, when the browser named one of this site's (Referer) that a sign-up may keep as its source page; else null. */
export function sameOriginRefererPath(req: Request): string | null {
  const referer = req.headers.get('referer');
  if (!referer) return null;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(req.url).origin) return null;
    return isSourcePage(from.pathname) ? from.pathname : null;
  } catch {
    return null;
  }
}

/**
 * Sec-Fetch-Site values a browser gives a request that a page of this very origin did not make:
 * another site's ('cross-site') or a sibling subdomain's ('same-site', which still carries a
 * SameSite=Strict cookie). 'same-origin' and 'none' (typed or bookmarked) are the site's own.
 */
const OTHER_ORIGIN_FETCH_SITES = new Set(['cross-site', 'same-site']);

/**
 * Whether a request's Origin is not the very origin (scheme, host and port) it was made to: a
 * cross-site form post or fetch, or a page served over http posting to https. State-changing
 * requests so marked are refused (src/server/http/handler.ts). An opaque origin ('null') is. A
 * request without Origin is judged by its Sec-Fetch-Site, which browsers set themselves and pages
 * cannot: a browser's request that lost its Origin on the way (a proxy or extension that strips
 * it) but says another origin made it is cross-site. Without either (curl, server-to-server) it
 * is not: the session cookie is SameSite=Strict, so a browser never sends it cross-site anyway.
 */
export function isCrossSite(req: Request): boolean {
  const origin = req.headers.get('origin');
  if (origin === null) return OTHER_ORIGIN_FETCH_SITES.has(req.headers.get('sec-fetch-site')?.trim().toLowerCase() ?? '');
  try {
    return new URL(origin).origin !== new URL(req.url).origin;
  } catch {
    return true;
  }
}
