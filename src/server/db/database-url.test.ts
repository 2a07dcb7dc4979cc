import { describe, expect, it } from 'vitest';
import { connectionStringProblem, DEPRECATED_WARNING, listsNetlifyDatabase, planMigration, resolveDatabaseUrl, takesStartupParameters } from './database-url.ts';

const NETLIFY_DB = 'postgres://netlify:secret@ep-netlify-db-123.us-east-2.aws.neon.tech/netlifydb';
const OWN_NEON = 'postgres://owner:secret@ep-own-prod-456-pooler.eu-central-1.aws.neon.tech/site';
const OWN_PREVIEW = 'postgres://owner:secret@ep-own-preview-789-pooler.eu-central-1.aws.neon.tech/site';
const OLD_EXTENSION = 'postgres://old:secret@ep-old-ext-000.us-east-2.aws.neon.tech/neondb';
const onNetlify = (context: string, env: Record<string, string> = {}) => ({ NETLIFY: 'true', CONTEXT: context, ...env });

describe('resolveDatabaseUrl: which database a process uses', () => {
  it('prefers Netlify Database, then DATABASE_URL, then the deprecated variable with a warning', () => {
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: NETLIFY_DB, DATABASE_URL: OWN_NEON, NETLIFY_DATABASE_URL: OLD_EXTENSION })).toEqual({ url: NETLIFY_DB, source: 'netlify-database' });
    expect(resolveDatabaseUrl({ DATABASE_URL: OWN_NEON, NETLIFY_DATABASE_URL: OLD_EXTENSION })).toEqual({ url: OWN_NEON, source: 'database-url' });
    expect(resolveDatabaseUrl({ NETLIFY_DATABASE_URL: OLD_EXTENSION })).toEqual({
      url: OLD_EXTENSION,
      source: 'netlify-database-url-deprecated',
      warning: DEPRECATED_WARNING,
    });
  });

  it("skips Netlify's local emulation of Netlify Database (driver 'server'), which the Neon driver cannot reach", () => {
    const emulated = 'postgres://postgres@localhost:54329/postgres';
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: emulated, NETLIFY_DB_DRIVER: 'server', DATABASE_URL: OWN_NEON })).toEqual({ url: OWN_NEON, source: 'database-url' });
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: emulated, NETLIFY_DB_DRIVER: 'server' })).toBeUndefined();
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: NETLIFY_DB, NETLIFY_DB_DRIVER: 'serverless', DATABASE_URL: OWN_NEON })).toEqual({ url: NETLIFY_DB, source: 'netlify-database' });
  });

  it('counts blank values as unset (the local runtime blanks the platform variables) and answers undefined for none', () => {
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: '', DATABASE_URL: OWN_NEON })).toEqual({ url: OWN_NEON, source: 'database-url' });
    expect(resolveDatabaseUrl({ NETLIFY_DB_URL: ' ', DATABASE_URL: '', NETLIFY_DATABASE_URL: '' })).toBeUndefined();
    expect(resolveDatabaseUrl({})).toBeUndefined();
  });
});

describe('connectionStringProblem: a value no driver can connect with', () => {
  it('accepts postgres:// and postgresql:// strings with a host', () => {
    expect(connectionStringProblem({ url: OWN_NEON, source: 'database-url' })).toBeUndefined();
    expect(connectionStringProblem({ url: 'postgresql://postgres@127.0.0.1:5432/site', source: 'database-url' })).toBeUndefined();
  });

  it('names the variable to correct, never the value (it holds the password)', () => {
    const advice = "is not a PostgreSQL connection string: write it as postgres://user:password@host/database (Neon's Connect dialog gives it whole).";
    expect(connectionStringProblem({ url: 'owner:secret@ep-1.neon.tech/site', source: 'database-url' })).toBe(`DATABASE_URL ${advice}`);
    expect(connectionStringProblem({ url: 'https://ep-1.neon.tech/site', source: 'netlify-database' })).toBe(`NETLIFY_DB_URL ${advice}`);
    expect(connectionStringProblem({ url: 'postgres:///site', source: 'netlify-database-url-deprecated' })).toBe(`NETLIFY_DATABASE_URL ${advice}`);
  });

  it('refuses the migration, locally and in every Netlify build, before anything connects', () => {
    const reason = "DATABASE_URL is not a PostgreSQL connection string: write it as postgres://user:password@host/database (Neon's Connect dialog gives it whole).";
    expect(planMigration({ DATABASE_URL: 'owner:secret@ep-1.neon.tech/site' })).toEqual({ action: 'refuse', reason });
    expect(planMigration(onNetlify('production', { DATABASE_URL: 'owner:secret@ep-1.neon.tech/site' }))).toEqual({ action: 'refuse', reason });
  });
});

describe('takesStartupParameters: whether a session may open with the statement limit', () => {
  it('is refused to a Neon pooled host and to Netlify Database, whose string may be a pooler\'s; a direct host takes it', () => {
    expect(takesStartupParameters({ url: OWN_NEON, source: 'database-url' })).toBe(false);
    expect(takesStartupParameters({ url: NETLIFY_DB, source: 'netlify-database' })).toBe(false);
    expect(takesStartupParameters({ url: OLD_EXTENSION, source: 'netlify-database-url-deprecated' })).toBe(true);
    expect(takesStartupParameters({ url: 'postgresql://postgres@127.0.0.1:5432/site', source: 'database-url' })).toBe(true);
  });
});

describe('planMigration: what `npm run db:migrate` does', () => {
  it('locally migrates the configured database, or the embedded one when none is', () => {
    expect(planMigration({ DATABASE_URL: OWN_NEON })).toMatchObject({ action: 'migrate', target: { url: OWN_NEON, source: 'database-url' } });
    // Netlify Database keeps its own record of applied migrations, and they bring the catalogue: from a machine, nothing to do.
    expect(planMigration({ NETLIFY_DB_URL: NETLIFY_DB })).toEqual({
      action: 'skip',
      reason: `Netlify Database (NETLIFY_DB_URL) at ${new URL(NETLIFY_DB).host} is migrated by Netlify: its deploys apply netlify/database/migrations, the catalogue seed among them.`,
    });
    expect(planMigration({})).toMatchObject({ action: 'migrate-embedded' });
    // Netlify's CLI on a machine (`netlify serve`, npm run test:netlify): a local run, whatever it sets.
    expect(planMigration({ CONTEXT: 'dev' })).toMatchObject({ action: 'migrate-embedded' });
    expect(planMigration({ NETLIFY: 'true', NETLIFY_LOCAL: 'true', CONTEXT: 'dev', DATABASE_URL: OWN_NEON })).toMatchObject({ action: 'migrate', target: { url: OWN_NEON } });
    expect(planMigration({ NETLIFY: 'true', CONTEXT: 'dev', DATABASE_URL: OWN_NEON })).toMatchObject({ action: 'migrate' });
    expect(planMigration({ NETLIFY: 'true', NETLIFY_LOCAL: 'true', CONTEXT: 'deploy-preview', DATABASE_URL: OWN_NEON })).toMatchObject({ action: 'migrate' });
  });

  it('on Netlify with Netlify Database, leaves migrations to the deploy in every context', () => {
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      const plan = planMigration(onNetlify(context, { NETLIFY_DB_URL: NETLIFY_DB, DATABASE_URL: OWN_NEON }));
      expect(plan.action, context).toBe('skip');
      expect(plan.reason, context).toContain('netlify/database/migrations');
    }
  });

  it('on Netlify, refuses a NETLIFY_DB_URL while package.json lacks @netlify/database: no deploy branches or migrates it', () => {
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      const plan = planMigration(onNetlify(context, { NETLIFY_DB_URL: NETLIFY_DB }), { netlifyDatabasePackage: false });
      expect(plan.action, context).toBe('refuse');
      expect(plan.reason, context).toContain('npm install --save-exact @netlify/database');
    }
    // Not a deploy: a machine, which leaves the database it was given to Netlify's deploys.
    expect(planMigration({ NETLIFY_DB_URL: NETLIFY_DB }, { netlifyDatabasePackage: false }).action).toBe('skip');
    // An own DATABASE_URL needs no package.
    expect(planMigration(onNetlify('production', { DATABASE_URL: OWN_NEON }), { netlifyDatabasePackage: false }).action).toBe('migrate');
  });

  it('reads the package from dependencies or devDependencies, as Netlify\'s build does', () => {
    expect(listsNetlifyDatabase({ dependencies: { '@netlify/database': '2.0.1' } })).toBe(true);
    expect(listsNetlifyDatabase({ devDependencies: { '@netlify/database': '2.0.1' } })).toBe(true);
    expect(listsNetlifyDatabase({ dependencies: { '@netlify/db': '0.1.0' } })).toBe(true);
    expect(listsNetlifyDatabase({ dependencies: { '@netlify/neon': '0.1.0', '@netlify/database-dev': '1.0.1' } })).toBe(false);
    expect(listsNetlifyDatabase({})).toBe(false);
  });

  it('on Netlify with an own DATABASE_URL, migrates it in production', () => {
    expect(planMigration(onNetlify('production', { DATABASE_URL: OWN_NEON }))).toMatchObject({ action: 'migrate', target: { url: OWN_NEON } });
    expect(planMigration(onNetlify('production', { DATABASE_URL: OWN_NEON, DATABASE_CONTEXT: 'production' }))).toMatchObject({ action: 'migrate' });
    // The deprecated extension's variable still migrates in production, with its warning.
    expect(planMigration(onNetlify('production', { NETLIFY_DATABASE_URL: OLD_EXTENSION }))).toMatchObject({
      action: 'migrate',
      target: { source: 'netlify-database-url-deprecated', warning: DEPRECATED_WARNING },
    });
  });

  it('refuses a preview or branch deploy that may be holding the production DATABASE_URL', () => {
    for (const context of ['deploy-preview', 'branch-deploy']) {
      const plan = planMigration(onNetlify(context, { DATABASE_URL: OWN_NEON }));
      expect(plan.action, context).toBe('refuse');
      expect(plan.reason, context).toContain(`DATABASE_CONTEXT=${context}`);
      // A DATABASE_CONTEXT of another context (production's value copied to every context) is no better.
      expect(planMigration(onNetlify(context, { DATABASE_URL: OWN_NEON, DATABASE_CONTEXT: 'production' })).action, context).toBe('refuse');
    }
    expect(planMigration(onNetlify('deploy-preview', { NETLIFY_DATABASE_URL: OLD_EXTENSION })).action).toBe('refuse');
  });

  it("migrates a preview's own database when its scope says it is that context's", () => {
    expect(planMigration(onNetlify('deploy-preview', { DATABASE_URL: OWN_PREVIEW, DATABASE_CONTEXT: 'deploy-preview' }))).toMatchObject({
      action: 'migrate',
      target: { url: OWN_PREVIEW },
    });
    expect(planMigration(onNetlify('branch-deploy', { DATABASE_URL: OWN_PREVIEW, DATABASE_CONTEXT: 'branch-deploy' })).action).toBe('migrate');
  });

  it('refuses, in every context, an own database the deployed functions cannot reach: a host that is not Neon', () => {
    const plain = 'postgres://owner:secret@db.example.com:5432/site';
    const reason = (variable: string) =>
      `${variable} names db.example.com:5432, which is not a Neon host (*.neon.tech). The deployed functions reach the database ` +
      "through Neon's serverless driver, over a WebSocket a plain PostgreSQL server does not answer, so every page and API call would fail while " +
      'this build migrated it. Set it to your Neon project\'s pooled connection string, or use Netlify Database. See README, "Deploying to Netlify".';
    expect(planMigration(onNetlify('production', { DATABASE_URL: plain }))).toEqual({ action: 'refuse', reason: reason('DATABASE_URL') });
    expect(planMigration(onNetlify('deploy-preview', { DATABASE_URL: plain, DATABASE_CONTEXT: 'deploy-preview' }))).toEqual({
      action: 'refuse',
      reason: reason('DATABASE_URL'),
    });
    expect(planMigration(onNetlify('production', { NETLIFY_DATABASE_URL: plain }))).toEqual({ action: 'refuse', reason: reason('NETLIFY_DATABASE_URL') });
    // A bridge the functions are told of (DATABASE_WS_PROXY) reaches it from the deploy too.
    expect(planMigration(onNetlify('production', { DATABASE_URL: plain, DATABASE_WS_PROXY: 'bridge.example.com/v2' }))).toMatchObject({ action: 'migrate' });
    // A Neon host in any letter case; and locally, where the runtime bridges a plain server itself.
    expect(planMigration(onNetlify('production', { DATABASE_URL: OWN_NEON.replace('neon.tech', 'Neon.Tech') }))).toMatchObject({ action: 'migrate' });
    expect(planMigration({ DATABASE_URL: plain })).toMatchObject({ action: 'migrate' });
  });

  it('refuses a production build whose DATABASE_CONTEXT names another context', () => {
    expect(planMigration(onNetlify('production', { DATABASE_URL: OWN_PREVIEW, DATABASE_CONTEXT: 'deploy-preview' })).action).toBe('refuse');
  });

  it('fails a Netlify build with no database configured, in every context, saying what to set', () => {
    for (const context of ['production', 'deploy-preview', 'branch-deploy']) {
      const plan = planMigration(onNetlify(context, { DATABASE_URL: '' }));
      expect(plan.action, context).toBe('refuse');
      expect(plan.reason, context).toContain('NETLIFY_DB_URL');
      expect(plan.reason, context).toContain('DATABASE_URL');
    }
  });
});
