import ipaddr from 'ipaddr.js';
import { isLoopbackHost } from './localhost.ts';
import { withoutPort } from './request-context.ts';

/**
 * Which peers of the local runtime's HTTP server (scripts/lib/http-server.mjs) may speak for the
 * browser through X-Forwarded-*, from TRUST_PROXY. Any client can send those headers, so they
 * are read only from a proxy the site was told of:
 *   - unset, empty, `0` or `false`: none; the socket is the client and the Host header its host.
 *   - `1` or `true`: whichever peer connects, one hop: each header's last value, the one the
 *     proxy next to the site wrote. Right only when nothing but that proxy can reach the port
 *     (the default loopback HOST with the proxy on this machine); kept for existing deployments.
 *   - a comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal` and
 *     `uniquelocal`: only a peer in the list is read, and X-Forwarded-For is walked from its end
 *     past every listed proxy, so behind two listed proxies the client is the one the outer saw.
 * Netlify never runs this: its functions get the client from the platform (context.ip).
 */
export interface ProxyTrust {
  /** Whether the connecting peer's forwarded headers are read at all. */
  trusts(peer: string): boolean;
  /** The client's address: the peer itself, or the one the trusted proxies recorded in X-Forwarded-For. */
  client(peer: string, forwardedFor: string | null): string;
  /** What the start-up line says is trusted. */
  readonly description: string;
}

/** The ranges behind each name, as Express's `trust proxy` (proxy-addr) names them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** An address as a socket or a proxy writes it, IPv4-mapped IPv6 read as IPv4; null when it is none. */
function parseAddress(value: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  // A port (`a.b.c.d:port`, `[v6]:port`) and a zone index (`fe80::1%eth0`) are no part of the address.
  const bare = withoutPort(value).replace(/%.*$/, '');
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !ipaddr.IPv6.isValid(bare)) return null;
  return ipaddr.process(bare);
}

/** One listed entry as its ranges; throws when it is none of an address, a CIDR range or a name. */
function parseEntry(entry: string): Range[] {
  const named = NAMED_RANGES[entry.toLowerCase()];
  if (named) return named.map((cidr) => ipaddr.parseCIDR(cidr) as Range);
  const [address, bits, ...rest] = entry.split('/');
  // An entry is an address alone: no brackets, no port.
  const parsed = address !== undefined && rest.length === 0 && !address.includes('[') && withoutPort(address) === address ? parseAddress(address) : null;
  // An IPv4-mapped address (::ffff:10.0.0.0/104) is read as IPv4 (10.0.0.0/8), as peers are.
  const mapped = parsed?.kind() === 'ipv4' && ipaddr.IPv6.isValid(address!);
  const full = parsed?.kind() === 'ipv4' && !mapped ? 32 : 128;
  const prefix = bits === undefined ? full : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!parsed || !(prefix >= (mapped ? 96 : 0) && prefix <= full)) {
    throw new Error(
      `TRUST_PROXY: "${entry}" is not an address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal; ` +
        'list the proxies that reach this server, separated by commas, or set 1 to trust whichever peer connects.',
    );
  }
  return [[parsed, mapped ? prefix - 96 : prefix]];
}

/** The last value of a comma-separated forwarding header, trimmed; undefined when absent or empty. */
const lastValue = (value: string | null) => value?.split(',').at(-1)?.trim() || undefined;

const ANY_PEER: ProxyTrust = {
  trusts: () => true,
  client: (peer, forwardedFor) => lastValue(forwardedFor) ?? peer,
  description: 'trusting X-Forwarded-* from whichever peer connects (TRUST_PROXY=1)',
};

/**
 * The trust TRUST_PROXY describes for a server listening on `hosts` (HOST). `1` trusts whichever
 * peer connects, which is right only when no peer but this machine can: with an address other
 * machines reach (0.0.0.0, ::, a network address), any of them could name any client (a fresh
 * sign-in and enquiry budget per made-up X-Forwarded-For) and any origin. That is refused at start,
 * as an entry it cannot read is, rather than trusting everybody by mistake.
 */
export function parseSiteTrust(value: string | undefined, hosts: readonly string[]): ProxyTrust | null {
  const trust = parseTrustProxy(value);
  const open = hosts.find((host) => !isLoopbackHost(host));
  if (trust === ANY_PEER && open !== undefined) {
    throw new Error(
      `TRUST_PROXY=${value!.trim()} trusts whichever peer connects, and HOST=${open} lets other machines connect: ` +
        'list the proxies that reach this server instead, by address (TRUST_PROXY=10.0.0.5).',
    );
  }
  return trust;
}

/** The trust TRUST_PROXY describes; null when forwarded headers are never read. Throws on an entry it cannot read. */
export function parseTrustProxy(value: string | undefined): ProxyTrust | null {
  const setting = (value ?? '').trim();
  if (['', '0', 'false'].includes(setting.toLowerCase())) return null;
  if (['1', 'true'].includes(setting.toLowerCase())) return ANY_PEER;
  const entries = setting.split(',').map((entry) => entry.trim()).filter(Boolean);
  const ranges = entries.flatMap(parseEntry);
  const listed = (candidate: string) => {
    const address = parseAddress(candidate.trim());
    return address !== null && ranges.some(([range, bits]) => address.kind() === range.kind() && address.match(range, bits));
  };
  return {
    trusts: listed,
    client(peer, forwardedFor) {
      if (!listed(peer)) return peer;
      // Each proxy appends the address it saw: from the end, past every listed proxy, the first
      // other entry is the client (anything before it is the client's own word). When every entry
      // is a listed proxy, the first is as far as the chain goes.
      const chain = (forwardedFor ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
      for (let i = chain.length - 1; i >= 0; i--) if (!listed(chain[i]!)) return chain[i]!;
      return chain[0] ?? peer;
    },
    description: `trusting X-Forwarded-* from ${entries.join(', ')}`,
  };
}
