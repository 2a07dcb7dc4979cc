/**
 * Which database a process uses, and whether a build migrates it: one place, pure functions of
 * the environment, so every decision has a test.
 *
 * The connection string, first found wins:
 * 1. `NETLIFY_DB_URL`: Netlify Database, set by Netlify in Builds and Functions (a database branch of
 *    its own for each deploy preview). Read directly: `@netlify/database`'s `getConnectionString()`
 *    returns this same variable (2.0.1: `env.get('NETLIFY_DB_URL')`, else it throws), and importing
 *    the package would put node-postgres, waddler and ws into every function's bundle.
 *    Netlify's build provisions it (and, on a deploy preview, creates the preview's branch and sets
 *    this variable to it) only when package.json lists `@netlify/database`: see
 *    `listsNetlifyDatabase`. The package is listed for that alone and never imported.
 *    Skipped when `NETLIFY_DB_DRIVER` is `server`: that is Netlify's local emulation (the Vite
 *    plugin under `astro dev` starts one and sets both), a plain Postgres over TCP that the Neon
 *    driver cannot reach; the local runtime's own database (DATABASE_URL) is the one to use. In a
 *    deployed function Netlify sets the driver to `serverless`.
 * 2. `DATABASE_URL`: an own Neon project (or any PostgreSQL).
 * 3. `NETLIFY_DATABASE_URL`: the deprecated Netlify DB extension (`@netlify/neon`), with a warning.
 * None: locally, the runtime starts the embedded database (scripts/lib/database-env.mjs); on
 * Netlify, a configuration error.
 */
import { isLoopbackHost } from '../http/localhost.ts';

export type DatabaseSource = 'netlify-database' | 'database-url' | 'netlify-database-url-deprecated';

export interface DatabaseTarget {
  url: string;
  source: DatabaseSource;
  /** A line for the log when the configuration works but should change. */
  warning?: string;
}

export type Env = Record<string, string | undefined>;

export const DEPRECATED_WARNING =
  'NETLIFY_DATABASE_URL (the deprecated Netlify DB extension) is in use: move to Netlify Database (NETLIFY_DB_URL) or set DATABASE_URL to your own Neon connection string.';

const present = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The variable each source is read from: what a message tells the user to correct. */
const VARIABLES: Record<DatabaseSource, string> = {
  'netlify-database': 'NETLIFY_DB_URL',
  'database-url': 'DATABASE_URL',
  'netlify-database-url-deprecated': 'NETLIFY_DATABASE_URL',
};

/**
 * Why the configured connection string cannot be used, or undefined when it can. Checked before
 * anything connects, so a mistyped value fails with the variable to correct rather than the URL
 * parser's stack; the value itself is never repeated, since it holds the database's password and
 * a build log is read by everyone on the team.
 */
export function connectionStringProblem(target: DatabaseTarget): string | undefined {
  const parsed = URL.canParse(target.url) ? new URL(target.url) : undefined;
  if (parsed && (parsed.protocol === 'postgres:' || parsed.protocol === 'postgresql:') && parsed.hostname !== '') return undefined;
  return `${VARIABLES[target.source]} is not a PostgreSQL connection string: write it as postgres://user:password@host/database (Neon's Connect dialog gives it whole).`;
}

/**
 * Whether a connection string names a Neon host, which speaks the WebSocket protocol of Neon's
 * serverless driver, the one driver the functions use. Any other server (a plain PostgreSQL) is
 * reached only through a WebSocket-to-TCP bridge: the local runtime starts one, a deploy has none.
 */
export const isNeonHost = (url: string): boolean => /\.neon\.tech$/i.test(new URL(url).hostname);

/** A database on this machine (a copy tried out locally), which the Neon driver reaches only through a bridge. */
export const isLoopbackDatabase = (url: string): boolean => isLoopbackHost(new URL(url).hostname);

/** Neon's pooled endpoints (PgBouncer in transaction mode) are the hosts named `...-pooler.`. */
const isPoolerHost = (url: string): boolean => /-pooler\./i.test(new URL(url).hostname);

/**
 * Whether connections to this database may carry startup parameters (the server's statement limit,
 * sent as the session opens so that it costs no round trip). A transaction-mode pooler refuses one
 * it does not know ('unsupported startup parameter') and so fails every connection: Neon's pooled
 * hosts do, and Netlify Database's connection string is Netlify's to choose, pooled or not, so it
 * gets none either. Without one, the client's own query limit still bounds every statement.
 */
export const takesStartupParameters = (target: DatabaseTarget): boolean => target.source !== 'netlify-database' && !isPoolerHost(target.url);

/** The configured database, or undefined when none is (the local runtime then embeds one). */
export function resolveDatabaseUrl(env: Env): DatabaseTarget | undefined {
  if (present(env.NETLIFY_DB_URL) && env.NETLIFY_DB_DRIVER !== 'server') return { url: env.NETLIFY_DB_URL, source: 'netlify-database' };
  if (present(env.DATABASE_URL)) return { url: env.DATABASE_URL, source: 'database-url' };
  if (present(env.NETLIFY_DATABASE_URL)) return { url: env.NETLIFY_DATABASE_URL, source: 'netlify-database-url-deprecated', warning: DEPRECATED_WARNING };
  return undefined;
}

/**
 * A build on Netlify's servers for a deploy: NETLIFY=true with a deploy CONTEXT (production,
 * deploy-preview, branch-deploy). Netlify's CLI on a developer's machine (`netlify build`, `netlify
 * serve`, the smoke of `npm run test:netlify`) sets NETLIFY_LOCAL=true and, unless told otherwise,
 * CONTEXT=dev: that is a local run.
 */
const isNetlifyBuild = (env: Env): boolean => env.NETLIFY === 'true' && env.NETLIFY_LOCAL !== 'true' && env.CONTEXT !== 'dev';

/**
 * Whether package.json lists Netlify Database's package, as Netlify's build checks it before its
 * "Netlify Database setup" step (@netlify/build 35, plugins_core/db_setup: `@netlify/database`, or
 * the older `@netlify/db`, in dependencies or devDependencies). Without it a deploy provisions
 * nothing and creates no branch for a deploy preview, so a NETLIFY_DB_URL a build sees came from
 * elsewhere (a variable set by hand): every deploy context would share that one database.
 */
export function listsNetlifyDatabase(packageJson: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }): boolean {
  const names = ['@netlify/database', '@netlify/db'];
  return names.some((name) => name in (packageJson.dependencies ?? {}) || name in (packageJson.devDependencies ?? {}));
}

export type MigrationPlan =
  | { action: 'migrate'; target: DatabaseTarget; reason: string }
  | { action: 'migrate-embedded'; reason: string }
  | { action: 'skip'; reason: string }
  | { action: 'refuse'; reason: string };

/**
 * What `npm run db:migrate` does in this environment.
 * - Not on Netlify: migrates the configured database, or the embedded one; a Netlify Database is
 *   left alone (its migrations, the catalogue seed among them, are Netlify's to apply, and it keeps
 *   its own record of them).
 * - On Netlify with Netlify Database: nothing; the deploy applies netlify/database/migrations itself
 *   (to the preview's own branch on a deploy preview). Refused when package.json does not list
 *   `@netlify/database` (`project.netlifyDatabasePackage`): Netlify then neither branches previews
 *   nor provisions, so that NETLIFY_DB_URL is one database shared by every context.
 * - On Netlify with an own DATABASE_URL: production migrates it. A deploy preview or branch deploy
 *   migrates only a database declared its own: `DATABASE_CONTEXT` set to the build's CONTEXT in the
 *   same deploy-context scope as its DATABASE_URL (Netlify's UI, 'Different value for each deploy
 *   context'). Otherwise the DATABASE_URL it sees may be production's, and the build is refused
 *   before a preview can migrate, read or write production data.
 * - On Netlify with no database: refused with what to set; never an embedded database that would
 *   vanish with the build machine while the deploy goes live unmigrated.
 */
export function planMigration(env: Env, project: { netlifyDatabasePackage: boolean } = { netlifyDatabasePackage: true }): MigrationPlan {
  const target = resolveDatabaseUrl(env);
  const problem = target && connectionStringProblem(target);
  if (problem) return { action: 'refuse', reason: problem };
  if (!isNetlifyBuild(env)) {
    if (target?.source === 'netlify-database') {
      return { action: 'skip', reason: `${describeDatabase(target)} is migrated by Netlify: its deploys apply netlify/database/migrations, the catalogue seed among them.` };
    }
    return target
      ? { action: 'migrate', target, reason: `local run: migrating ${describeDatabase(target)}` }
      : { action: 'migrate-embedded', reason: 'local run: migrating the embedded database' };
  }
  const context = env.CONTEXT || 'production';
  if (!target) {
    return {
      action: 'refuse',
      reason:
        'No database is configured for this Netlify build. Enable Netlify Database for the site (it sets NETLIFY_DB_URL), ' +
        'or set DATABASE_URL to your Neon connection string with the Builds and Functions scopes. See README, "Deploying to Netlify".',
    };
  }
  // Netlify Database answers the Neon driver whatever its host is called: @netlify/database's own
  // serverless client is that driver. Any other server this build would migrate through a bridge of
  // its own, while the deployed functions, which have none, would answer every call with 503.
  if (target.source !== 'netlify-database' && !isNeonHost(target.url) && !present(env.DATABASE_WS_PROXY)) {
    return {
      action: 'refuse',
      reason:
        `${VARIABLES[target.source]} names ${new URL(target.url).host}, which is not a Neon host (*.neon.tech). The deployed functions reach the database ` +
        "through Neon's serverless driver, over a WebSocket a plain PostgreSQL server does not answer, so every page and API call would fail while " +
        "this build migrated it. Set it to your Neon project's pooled connection string, or use Netlify Database. See README, \"Deploying to Netlify\".",
    };
  }
  if (target.source === 'netlify-database') {
    if (!project.netlifyDatabasePackage) {
      return {
        action: 'refuse',
        reason:
          'This Netlify build sees NETLIFY_DB_URL, but package.json does not list @netlify/database, which is what makes Netlify provision ' +
          'Netlify Database, give each deploy preview a branch of its own and set NETLIFY_DB_URL to it. Run `npm install --save-exact @netlify/database` ' +
          'and commit package.json and package-lock.json, or, for your own Neon, remove NETLIFY_DB_URL from the site and set DATABASE_URL. See README, "Deploying to Netlify".',
      };
    }
    return { action: 'skip', reason: `Netlify Database: the deploy applies netlify/database/migrations itself (${context}).` };
  }
  if (context === 'production') {
    if (present(env.DATABASE_CONTEXT) && env.DATABASE_CONTEXT !== 'production') {
      return { action: 'refuse', reason: `DATABASE_CONTEXT is "${env.DATABASE_CONTEXT}" in a production build: this DATABASE_URL is not production's.` };
    }
    return { action: 'migrate', target, reason: `production: migrating ${describeDatabase(target)}` };
  }
  if (env.DATABASE_CONTEXT === context) {
    return { action: 'migrate', target, reason: `${context}: migrating this context's own database (${describeDatabase(target)})` };
  }
  return {
    action: 'refuse',
    reason:
      `This ${context} build sees ${target.source === 'database-url' ? 'DATABASE_URL' : 'NETLIFY_DATABASE_URL'} but nothing says it is not production's database. ` +
      `A preview must never migrate, read or write production data. Either use Netlify Database (a branch per deploy preview), ` +
      `or give the "${context}" deploy context its own DATABASE_URL (a Neon branch) together with DATABASE_CONTEXT=${context} in that same scope.`,
  };
}

/** The database for a person reading the log: its variable and host, never its password. */
export function describeDatabase(target: DatabaseTarget): string {
  const names: Record<DatabaseSource, string> = {
    'netlify-database': `Netlify Database (${VARIABLES['netlify-database']})`,
    'database-url': VARIABLES['database-url'],
    'netlify-database-url-deprecated': `${VARIABLES['netlify-database-url-deprecated']} (deprecated)`,
  };
  // Only for a target connectionStringProblem passed: a URL with a host.
  return `${names[target.source]} at ${new URL(target.url).host}`;
}
