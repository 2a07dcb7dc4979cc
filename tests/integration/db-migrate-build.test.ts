/**
 * `npm run db:migrate` as netlify.toml's build command runs it, in a child process with a Netlify
 * build's environment (NETLIFY=true, CONTEXT): it migrates an own DATABASE_URL in production,
 * refuses a NETLIFY_DB_URL that Netlify's build did not set up (package.json without
 * @netlify/database), refuses a preview holding what may be production's DATABASE_URL, and fails a
 * build with no database without ever creating an embedded one. The decisions themselves are
 * tested in src/server/db/database-url.test.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs';
import { startLocalServices } from '../../scripts/lib/local-services.mjs';
import { createDb } from '../../src/server/db/client.ts';
import { listsNetlifyDatabase } from '../../src/server/db/database-url.ts';
import { readMigrations } from '../../src/server/db/migrate.ts';
import { sql } from 'kysely';
import { unusedPort } from '../support/unused-port.ts';
import { withEnv } from '../support/with-env.ts';

/** The services migration 0021_catalogue_seed writes: the catalogue comes with the migrations. */
const SEEDED_SERVICES = 7;

const require = createRequire(import.meta.url);
let dataDir: string;

/** The platform's and the shell's database variables, removed: each case sets its own. */
function buildEnv(extra: Record<string, string>, where: 'netlify' | 'machine'): NodeJS.ProcessEnv {
  const { DATABASE_URL, NETLIFY_DB_URL, NETLIFY_DATABASE_URL, DATABASE_WS_PROXY, DATABASE_CONTEXT, NETLIFY_LOCAL, CONTEXT, NETLIFY, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, ...(where === 'netlify' ? { NETLIFY: 'true' } : {}), ...extra };
}

function migrate(extra: Record<string, string>, where: 'netlify' | 'machine' = 'netlify'): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return runScript(['scripts/db-migrate.mjs'], extra, where);
}

/** One of the project's command-line scripts, run as npm runs it, with what it printed. */
function runScript(args: string[], extra: Record<string, string>, where: 'netlify' | 'machine'): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: buildEnv(extra, where) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-build-migrate-'));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('db:migrate in a Netlify build', () => {
  it('fails with what to set when no database is configured, and creates no embedded one', async () => {
    const r = await migrate({ CONTEXT: 'production' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('No database is configured for this Netlify build');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a deploy preview that sees a DATABASE_URL not declared its own', async () => {
    const r = await migrate({ CONTEXT: 'deploy-preview', DATABASE_URL: 'postgres://owner:secret@ep-prod-1.eu-central-1.aws.neon.tech/site' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('DATABASE_CONTEXT=deploy-preview');
    expect(r.stdout).not.toContain('Applied migrations');
  });

  it("refuses a NETLIFY_DB_URL that Netlify's build did not set up: package.json lacks @netlify/database", async () => {
    // This repository leaves the package out (an own Neon's DATABASE_URL would lose to the
    // NETLIFY_DB_URL it brings): a preview seeing this variable would share it with production.
    const r = await migrate({ CONTEXT: 'deploy-preview', NETLIFY_DB_URL: 'postgres://netlify:secret@ep-netlify-2.us-east-2.aws.neon.tech/netlifydb' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('package.json does not list @netlify/database');
    expect(r.stdout).not.toContain('Applied migrations');
  });

  it("reads package.json as Netlify's own build does before it sets up Netlify Database", async () => {
    // @netlify/build's "Netlify Database setup" step: provisions the database, branches a deploy
    // preview and sets NETLIFY_DB_URL, run only when its condition holds (behind Netlify's flag).
    const buildRoot = path.join(path.dirname(require.resolve('netlify-cli/package.json')), 'node_modules/@netlify/build/lib');
    const { dbSetup } = await import(pathToFileURL(path.join(buildRoot, 'plugins_core/db_setup/index.js')).href);
    const featureFlags = { netlify_build_db_setup: true };
    const project = JSON.parse(fs.readFileSync('package.json', 'utf8'));
    const withPackage = { ...project, dependencies: { ...project.dependencies, '@netlify/database': '2.0.1' } };
    for (const packageJson of [project, withPackage]) {
      const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netlify-db-setup-'));
      try {
        fs.writeFileSync(path.join(buildDir, 'package.json'), JSON.stringify(packageJson));
        expect(await dbSetup.condition({ buildDir, featureFlags })).toBe(listsNetlifyDatabase(packageJson));
      } finally {
        fs.rmSync(buildDir, { recursive: true, force: true });
      }
    }
    expect(listsNetlifyDatabase(withPackage)).toBe(true);
  });

  it('migrates and seeds an own DATABASE_URL in production: a real, empty database', async () => {
    const pg = await startEmbeddedPostgres();
    try {
      const r = await migrate({ CONTEXT: 'production', DATABASE_URL: pg.databaseUrl, DATABASE_WS_PROXY: pg.wsProxy });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('production: migrating DATABASE_URL');
      const { db } = createDb(pg.databaseUrl, pg.wsProxy);
      try {
        const applied = await db.selectFrom('schema_migrations' as never).select('name' as never).execute();
        expect(applied.map((row) => (row as { name: string }).name)).toEqual((await readMigrations()).map((m) => m.name));
        expect(Number((await db.selectFrom('services').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(SEEDED_SERVICES);
      } finally {
        await db.destroy();
      }
    } finally {
      await pg.stop();
    }
    expect(fs.readdirSync(dataDir)).toEqual([]);
    // A child process that starts Node, migrates and seeds an embedded database: slow on a busy machine.
  }, 120_000);
});

describe("netlify.toml's build command", () => {
  it('migrates only once the site has built: a build that fails leaves the database as it was', async () => {
    // Netlify runs the command in a shell; an `npm` of the test's own records each script it is
    // asked for and fails the site's build, as a type error or a missing glyph would.
    const { parse } = await import('smol-toml');
    const { build } = parse(fs.readFileSync('netlify.toml', 'utf8')) as { build: { command: string } };
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'netlify-build-command-'));
    const log = path.join(bin, 'npm.log');
    try {
      fs.writeFileSync(path.join(bin, 'npm'), `#!/bin/sh\necho "$*" >> '${log}'\n[ "$*" = "run build" ] && exit 1\nexit 0\n`, { mode: 0o755 });
      const status = await new Promise<number | null>((resolve, reject) => {
        const child = spawn('/bin/sh', ['-c', build.command], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, stdio: 'ignore' });
        child.on('error', reject);
        child.on('close', resolve);
      });
      expect(status).toBe(1);
      expect(fs.readFileSync(log, 'utf8')).toBe('run build\n');
    } finally {
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});

describe('db:migrate in a Netlify build, on a database the deployed functions cannot reach', () => {
  it('refuses a plain PostgreSQL it could migrate through a bridge of its own, and migrates nothing', async () => {
    // The functions speak to the database only through Neon's WebSocket; this build would bridge a
    // plain server's TCP port for itself, migrate it, and deploy a site that answers 503 everywhere.
    const pg = await startEmbeddedPostgres();
    try {
      const r = await migrate({ CONTEXT: 'production', DATABASE_URL: pg.databaseUrl });
      expect(r.stderr).toContain(`db:migrate refused: DATABASE_URL names ${new URL(pg.databaseUrl).host}, which is not a Neon host (*.neon.tech).`);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      const { db } = createDb(pg.databaseUrl, pg.wsProxy);
      try {
        expect((await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(db)).rows[0]!.t).toBeNull();
      } finally {
        await db.destroy();
      }
    } finally {
      await pg.stop();
    }
  }, 120_000);
});

describe('db:migrate on a developer machine', () => {
  it('refuses a DATABASE_URL that is no connection string, naming the variable and never its value', async () => {
    const r = await migrate({ DATABASE_URL: 'secret-pass@db.example:5432/site' }, 'machine');
    expect(r.stderr).toBe(
      'db:migrate refused: DATABASE_URL is not a PostgreSQL connection string: write it as postgres://user:password@host/database (Neon\'s Connect dialog gives it whole).\n',
    );
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('says which server it cannot reach when DATABASE_URL names a PostgreSQL that is not running', async () => {
    const port = await unusedPort();
    const r = await migrate({ DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/site` }, 'machine');
    expect(r.stdout).toBe(`db:migrate: local run: migrating DATABASE_URL at 127.0.0.1:${port}.\n`);
    const reason = `No PostgreSQL server answers at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}): start it, or correct the host and port of the connection string.`;
    expect(r.stderr).toBe(`Migration failed: ${reason}\n`);
    expect(r.status).toBe(1);
    // The other scripts that open the configured database say the same in one line, no stack.
    const env = { DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${port}/site` };
    const seed = await runScript(['scripts/seed-articles.mjs', '1'], env, 'machine');
    expect({ status: seed.status, stderr: seed.stderr }).toEqual({ status: 1, stderr: `Seeding failed: ${reason}\n` });
    const admin = await runScript(['scripts/admin.mjs', 'unlock', '--username', 'admin@example.com'], env, 'machine');
    expect({ status: admin.status, stderr: admin.stderr }).toEqual({ status: 1, stderr: `${reason}\n` });
  }, 60_000);
});

describe('db:seed-articles against a Netlify Database', () => {
  it('adds the articles without migrating: Netlify applied the migrations and keeps its own record', async () => {
    const pg = await startEmbeddedPostgres();
    const { db } = createDb(pg.databaseUrl, pg.wsProxy);
    try {
      // What a deploy leaves: every migration applied by Netlify, none recorded in our own table.
      for (const m of await readMigrations()) await sql.raw(m.sql).execute(db);
      const { DATABASE_URL, NETLIFY_DB_URL, NETLIFY_DATABASE_URL, NETLIFY, CONTEXT, ...rest } = process.env;
      const child = spawn(process.execPath, ['scripts/seed-articles.mjs', '3'], {
        env: { ...rest, DATA_DIR: dataDir, NETLIFY_DB_URL: pg.databaseUrl, DATABASE_WS_PROXY: pg.wsProxy },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).toBe('');
      expect(stdout.replace(/in \d+\.\d s/, 'in T s')).toBe(
        `\r3 / 3 articles\nAdded 3 published articles in T s (Netlify Database (NETLIFY_DB_URL) at ${new URL(pg.databaseUrl).host}).\n`,
      );
      expect(status).toBe(0);
      expect(Number((await db.selectFrom('articles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(3);
      expect((await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(db)).rows[0]!.t).toBeNull();
    } finally {
      await db.destroy();
      await pg.stop();
    }
  }, 120_000);
});

describe('db:seed-articles run again', () => {
  it('adds as many articles again: the second run takes no slug the first gave', async () => {
    const pg = await startEmbeddedPostgres();
    const { db } = createDb(pg.databaseUrl, pg.wsProxy);
    const seed = (count: number) =>
      new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const { DATABASE_URL, NETLIFY_DB_URL, NETLIFY_DATABASE_URL, NETLIFY, CONTEXT, ...rest } = process.env;
        const child = spawn(process.execPath, ['scripts/seed-articles.mjs', String(count)], {
          env: { ...rest, DATA_DIR: dataDir, DATABASE_URL: pg.databaseUrl, DATABASE_WS_PROXY: pg.wsProxy },
        });
        let stderr = '';
        child.stderr.on('data', (c) => (stderr += c));
        child.on('close', (status) => resolve({ status, stderr }));
      });
    try {
      for (const count of [6, 6]) {
        const r = await seed(count);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
      }
      const slugs = await db.selectFrom('articles').select('slug').where('slug', 'is not', null).orderBy('id').execute();
      expect(Number((await db.selectFrom('articles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(12);
      expect(slugs.map((row) => row.slug)).toEqual(['sample-article-3', 'sample-article-6', 'sample-article-9', 'sample-article-12']);
    } finally {
      await db.destroy();
      await pg.stop();
    }
  }, 120_000);
});

describe("the local runtime's start-up (npm start, npm run dev) against a Netlify Database", () => {
  it('creates the first admin without migrating or seeding: Netlify applied the migrations, the catalogue seed among them, and keeps its own record', async () => {
    const pg = await startEmbeddedPostgres();
    const { db } = createDb(pg.databaseUrl, pg.wsProxy);
    try {
      for (const m of await readMigrations()) await sql.raw(m.sql).execute(db);
      const username = 'first-admin@example.com';
      const logged: string[] = [];
      const services = await withEnv({ NETLIFY_DB_URL: pg.databaseUrl, DATABASE_WS_PROXY: pg.wsProxy, DATABASE_URL: '', NETLIFY_DATABASE_URL: '' }, () =>
        startLocalServices({ dataDir, admin: { username, password: 'a long first passphrase' }, log: (m) => logged.push(m) }),
      );
      await services.stop();
      expect(logged).toEqual([`Created the first admin: ${username}`]);
      expect(Number((await db.selectFrom('services').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(SEEDED_SERVICES);
      expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username }]);
      expect((await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(db)).rows[0]!.t).toBeNull();
    } finally {
      await db.destroy();
      await pg.stop();
      fs.rmSync(path.join(dataDir, 'blobs'), { recursive: true, force: true });
      fs.rmSync(path.join(dataDir, 'session-secret'), { force: true });
    }
  }, 120_000);
});

describe('the admin command line against a Netlify Database', () => {
  it('creates the admin without migrating: Netlify applied the migrations and keeps its own record', async () => {
    const pg = await startEmbeddedPostgres();
    const { db } = createDb(pg.databaseUrl, pg.wsProxy);
    try {
      // What a deploy leaves: every migration applied by Netlify, none recorded in our own table.
      for (const m of await readMigrations()) await sql.raw(m.sql).execute(db);
      const { DATABASE_URL, NETLIFY_DB_URL, NETLIFY_DATABASE_URL, NETLIFY, CONTEXT, ...rest } = process.env;
      const username = 'first-admin@example.com';
      const child = spawn(process.execPath, ['scripts/admin.mjs', 'create', '--username', username], {
        env: { ...rest, DATA_DIR: dataDir, NETLIFY_DB_URL: pg.databaseUrl, DATABASE_WS_PROXY: pg.wsProxy, ADMIN_PASSWORD: 'a long first passphrase' },
      });
      let out = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (out += c));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(out.trim()).toBe(`Created admin ${username}.`);
      expect(status).toBe(0);
      expect(await db.selectFrom('users').select('username').execute()).toEqual([{ username }]);
      expect((await sql<{ t: string | null }>`select to_regclass('schema_migrations')::text as t`.execute(db)).rows[0]!.t).toBeNull();
      expect(Number((await db.selectFrom('services').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(SEEDED_SERVICES);
    } finally {
      await db.destroy();
      await pg.stop();
    }
  }, 120_000);
});
