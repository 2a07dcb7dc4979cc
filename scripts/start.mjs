// `npm start`: the production build served locally the way Netlify serves it (static files,
// functions at their config.path, the on-demand pages' function, Netlify Blobs) on embedded
// defaults: PGlite under DATA_DIR, a generated session secret, no account and no network.
import os from 'node:os';
import { startLocalServices } from './lib/local-services.mjs';
import { localEnv } from './lib/runtime-env.mjs';

const started = Date.now();
const runtime = localEnv();
const { dataDir, port, hosts } = runtime;

/** @type {Awaited<ReturnType<typeof startLocalServices>> | undefined} */
let services;
/** @type {Promise<void> | undefined} */
let stopping;
/** Stops the site once, however often it is asked: the database closed, then the process. */
function shutdown(code = 0) {
  stopping ??= (async () => {
    await services?.stop();
    process.exit(code);
  })();
  return stopping;
}
/**
 * Where a browser can open the site: localhost for loopback; for HOST=0.0.0.0 or :: (every
 * address, which no browser can open as such) localhost and this machine's network addresses.
 */
function siteAddresses(hosts, port) {
  const url = (host) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (hosts.includes('127.0.0.1')) return [url('localhost')];
  if (hosts[0] !== '0.0.0.0' && hosts[0] !== '::') return [url(hosts[0])];
  const network = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && !a.internal && (a.family === 'IPv4' || (hosts[0] === '::' && !a.address.startsWith('fe80'))))
    .map((a) => a.address);
  return [url('localhost'), ...network.map(url)];
}

// A terminal's Ctrl-C goes to npm and to the site, and npm passes its own on: the site hears it
// twice. Every signal is heard for the whole run, a repeat taken as the same request; a listener
// that went after the first would leave the second to Node's default, which killed the site in
// the middle of closing its database.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

/** @type {import('./lib/http-server.mjs').TrustProxyOption} */
let trustProxy = null;
try {
  // Read inside the try: a TRUST_PROXY it refuses, or two different addresses for the first admin,
  // end the start-up with the line below, not a stack trace, before anything is built or created.
  trustProxy = runtime.trustProxy;
  const firstAdmin = runtime.firstAdmin;
  services = await startLocalServices({
    dataDir,
    admin: firstAdmin,
    build: true,
    site: { port, hosts, trustProxy },
  });
  const where = siteAddresses(hosts, services.port).join(' and ');
  console.log(
    `\nSite ready at ${where} (data in ${dataDir}; ${services.embedded ? 'embedded database' : 'the configured database'}${trustProxy ? `; ${trustProxy.description}` : ''}; started in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`,
  );
} catch (err) {
  console.error(`\nCould not start the site: ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
}
