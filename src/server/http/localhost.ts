/**
 * Whether `hostname` (as a URL writes it) is localhost or a name under it (`app.localhost`), in
 * any case, with or without the root's trailing dot. Browsers resolve every such name to this
 * machine themselves, whatever DNS says, so it names this machine as surely as 127.0.0.1 does.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}
