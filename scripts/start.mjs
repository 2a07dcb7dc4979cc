// `npm start`: the production build served locally the way Netlify serves it (static files,
// functions at their config.path, the on-demand pages' function, Netlify Blobs) on embedded
// defaults: PGlite under DATA_DIR, a generated session secret, no account and no network.
import { startLocalServices } from './lib/local-services.mjs';
import { localEnv } from './lib/runtime-env.mjs';

const started = Date.now();
const { dataDir, port, hosts, trustProxy } = localEnv();

/** @type {Awaited<ReturnType<typeof startLocalServices>> | undefined} */
let services;
async function shutdown(code = 0) {
  await services?.stop();
  process.exit(code);
}
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));

try {
  services = await startLocalServices({
    dataDir,
    admin: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD },
    build: true,
    site: { port, hosts, trustProxy },
  });
  const host = hosts.includes('127.0.0.1') ? 'localhost' : hosts[0].includes(':') ? `[${hosts[0]}]` : hosts[0];
  const where = `http://${host}:${services.port}`;
  console.log(
    `\nSite ready at ${where} (data in ${dataDir}; ${services.embedded ? 'embedded database' : 'DATABASE_URL'}${trustProxy ? '; trusting X-Forwarded-* from a proxy' : ''}; started in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops it.`,
  );
} catch (err) {
  console.error(`\nCould not start the site: ${err instanceof Error ? err.message : err}`);
  await shutdown(1);
}
