// Environment shared by every local entry point (start, dev, migrate, admin): quiet Astro, and
// resolve DATA_DIR once so every process agrees on where the data lives.
import path from 'node:path';
import { parseSiteTrust } from '../../src/server/http/trusted-proxy.ts';
import { newAdminAddressProblem } from '../../src/schemas/auth.ts';
import { adminUsername } from './admin-username.mjs';

export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * The module flags Netlify's functions run under (AWS Lambda's): no require() of an ES module, so
 * a CommonJS package that require()s an ESM-only one fails to load (ERR_REQUIRE_ESM). Every local
 * process that loads the functions (npm start, the benchmarks, the e2e server, vitest's workers)
 * runs under them too, so it fails where Netlify would.
 */
export const LAMBDA_NODE_FLAGS = ['--no-experimental-require-module'];

/** Refuses to serve functions in a process Netlify's flags do not apply to (it would hide such a failure). */
export function assertLambdaModuleFlags() {
  if (process.features.require_module) {
    throw new Error(
      `This process loads the functions, so it must run as Netlify runs them: start it with \`node ${LAMBDA_NODE_FLAGS.join(' ')} ...\` (or NODE_OPTIONS="${LAMBDA_NODE_FLAGS.join(' ')}").`,
    );
  }
}

export function localEnv() {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  process.env.ASTRO_DISABLE_UPDATE_CHECK = 'true';
  const dataDir = path.resolve(projectRoot, process.env.DATA_DIR || '.data');
  process.env.DATA_DIR = dataDir;
  const port = Number(process.env.PORT || 4321);
  // 0 asks for any free port (the tests' own servers).
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${process.env.PORT}"`);
  // Loopback on both address families unless HOST names one address (0.0.0.0 or :: for the network).
  const hosts = process.env.HOST ? [process.env.HOST] : ['127.0.0.1', '::1'];
  return {
    dataDir,
    port,
    hosts,
    /**
     * The admin created at start when the database has none: ADMIN_USERNAME (or its former name
     * ADMIN_EMAIL, as `npm run admin` reads --username and --email: admin-username.mjs) and
     * ADMIN_PASSWORD, used only together. Read only by what starts the site, so only a start-up
     * says the notice, and two different addresses (AdminNamedTwice) or a username that is no
     * e-mail address within SMTP's limits stop only a start-up.
     */
    get firstAdmin() {
      const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
      const username = adminUsername({ username: ADMIN_USERNAME, email: ADMIN_EMAIL }, { username: 'ADMIN_USERNAME', email: 'ADMIN_EMAIL' });
      // Refused here, before anything is built or migrated, in the command's words after the
      // setting's name, as a refused ADMIN_PASSWORD is named.
      const named = ADMIN_USERNAME?.trim() ? 'ADMIN_USERNAME' : 'ADMIN_EMAIL';
      const problem = username === undefined ? undefined : newAdminAddressProblem(username);
      if (problem) throw new Error(`${named}: ${problem}`);
      return { username, password: ADMIN_PASSWORD };
    },
    // Which proxies may speak for the browser (src/server/http/trusted-proxy.ts), read only by what
    // serves the site: a value it cannot read, or `1` where HOST lets other machines connect, stops
    // that start-up rather than trusting nobody, or everybody, by mistake, and stops no
    // `npm run admin` or migration.
    get trustProxy() {
      return parseSiteTrust(process.env.TRUST_PROXY, hosts);
    },
  };
}
