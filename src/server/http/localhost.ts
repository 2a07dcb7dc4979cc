import net from 'node:net';

/**
 * Whether `hostname` (as a URL writes it) is localhost or a name under it (`app.localhost`), in
 * any case, with or without the root's trailing dot. Browsers resolve every such name to this
 * machine themselves, whatever DNS says, so it names this machine as surely as 127.0.0.1 does.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** The loopback ranges: all of 127.0.0.0/8 (BlockList also matches them IPv4-mapped, ::ffff:127.x.x.x) and ::1. */
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether `hostname` (as a URL writes it: an IPv4 address as four decimals, IPv6 in brackets)
 * names this machine: a localhost name (isLocalhostName) or a loopback address.
 */
export function isLoopbackHost(hostname: string): boolean {
  if (isLocalhostName(hostname)) return true;
  const address = hostname.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
