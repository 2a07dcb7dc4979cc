/**
 * The server's settings: a variable left blank (a .env line, the platform's UI) means its default,
 * never a broken site; a value that is there but wrong is refused by name.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startLocalServices } from '../../scripts/lib/local-services.mjs';
import { AdminNamedTwice } from '../../scripts/lib/admin-username.mjs';
import { LAMBDA_NODE_FLAGS, localEnv } from '../../scripts/lib/runtime-env.mjs';
import { PasswordRejected } from '../../src/server/auth/password-policy.ts';
import { EnvError, getEnv } from '../../src/server/env.ts';
import { withEnv } from '../support/with-env.ts';

describe('getEnv', () => {
  it('reads blank counts, data folder and mail settings as their defaults', async () => {
    const blank = { ENQUIRY_RATE_LIMIT_PER_HOUR: '', NEWSLETTER_RATE_LIMIT_PER_HOUR: '', ENQUIRY_RETENTION_DAYS: '', DATA_DIR: '', MAIL_FROM: '', SMTP_URL: '' };
    const env = await withEnv(blank, async () => getEnv());
    expect(env).toMatchObject({ enquiryRateLimitPerHour: 20, newsletterRateLimitPerHour: 20, enquiryRetentionDays: 730, dataDir: './.data', smtpUrl: undefined });
  });

  it('takes a count that is set', async () => {
    const env = await withEnv({ ENQUIRY_RATE_LIMIT_PER_HOUR: '5', ENQUIRY_RETENTION_DAYS: '30' }, async () => getEnv());
    expect(env).toMatchObject({ enquiryRateLimitPerHour: 5, enquiryRetentionDays: 30 });
  });

  it('refuses a count that is not a whole number above 0, naming the variable', async () => {
    await expect(withEnv({ ENQUIRY_RETENTION_DAYS: '0' }, async () => getEnv())).rejects.toThrow('Invalid environment: ENQUIRY_RETENTION_DAYS: Too small: expected number to be >0');
  });

  it('reads a blank session secret as none: the deploy is told to set it', async () => {
    await expect(withEnv({ SESSION_SECRET: '' }, async () => getEnv())).rejects.toThrow(/^SESSION_SECRET is not set\./);
  });

  it("reads Netlify Database's connection string afresh when the platform hands a warm instance a new one", async () => {
    // Netlify's function bootstrap (@netlify/serverless-functions-api) writes NETLIFY_DB_URL (and
    // NETLIFY_DB_DRIVER=serverless) into process.env from each invocation's event, and
    // @netlify/database's own client re-reads it on every call (createRefreshingHttpClient): a
    // value kept from an instance's first invocation may be stale by a later one.
    const first = 'postgres://u:one@ep-first.example.neon.tech/db';
    const next = 'postgres://u:two@ep-first.example.neon.tech/db';
    const urls = await withEnv({ NETLIFY_DB_URL: first, NETLIFY_DB_DRIVER: 'serverless', SESSION_SECRET: 'x'.repeat(32) }, async () => {
      const before = getEnv().databaseUrl;
      process.env.NETLIFY_DB_URL = next; // the next invocation, no reset: the platform knows of no cache
      return [before, getEnv().databaseUrl];
    });
    expect(urls).toEqual([first, next]);
  });
});

/**
 * `npm start` (scripts/start.mjs) as a child process on `dataDir` under these settings, for a
 * start-up expected to stop before it builds or serves anything (killed after 30 s otherwise).
 */
function startRefused(dataDir: string, settings: Record<string, string>) {
  // Not the runner's database, bridge, blob store or first admin: a start that got past the check
  // must not reach them.
  const { DATABASE_URL, DATABASE_WS_PROXY, NETLIFY_BLOBS_CONTEXT, ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD, ...env } = process.env;
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, 'scripts/start.mjs'], { env: { ...env, PORT: '0', DATA_DIR: dataDir, ...settings } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

describe('the local runtime (npm start, npm run dev)', () => {
  it('refuses to start on a setting every function would refuse, naming it, instead of saying it is ready and answering 500', async () => {
    await expect(
      withEnv({ SESSION_SECRET: 'short', ENQUIRY_RATE_LIMIT_PER_HOUR: 'twenty' }, () => startLocalServices({ inMemoryDatabase: true, log: () => {} })),
    ).rejects.toThrow(
      new EnvError(
        'Invalid environment: SESSION_SECRET: SESSION_SECRET must be at least 32 characters; ENQUIRY_RATE_LIMIT_PER_HOUR: Invalid input: expected number, received NaN',
      ),
    );
  }, 60_000);

  it('npm start refuses TRUST_PROXY=1 where HOST lets other machines connect, before it builds or serves anything', async () => {
    // Trusting whichever peer connects, every machine that reaches the port could name any client
    // (a fresh sign-in and enquiry budget per made-up X-Forwarded-For) and any origin.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-trust-'));
    const start = (settings: Record<string, string>) => startRefused(dataDir, settings);
    try {
      for (const [host, trust] of [['0.0.0.0', '1'], ['::', 'true'], ['192.0.2.10', '1']] as const) {
        const r = await start({ HOST: host, TRUST_PROXY: trust });
        expect(r.stderr.trim(), host).toBe(
          `Could not start the site: TRUST_PROXY=${trust} trusts whichever peer connects, and HOST=${host} lets other machines connect: ` +
            'list the proxies that reach this server instead, by address (TRUST_PROXY=10.0.0.5).',
        );
        expect([r.status, r.stdout], host).toEqual([1, '']);
      }
      // A value it cannot read stops it the same way, with no stack trace.
      const unreadable = await start({ TRUST_PROXY: 'proxy.internal' });
      expect(unreadable.stderr.trim()).toMatch(/^Could not start the site: TRUST_PROXY: "proxy.internal" is not an address, a CIDR range/);
      expect(unreadable.stderr).not.toContain('    at ');
      expect(unreadable.status).toBe(1);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('the first admin of the local runtime', () => {
  /** localEnv()'s first admin under exactly these of ADMIN_USERNAME and ADMIN_EMAIL, and what it warned. */
  function firstAdminUnder(vars: { ADMIN_USERNAME?: string; ADMIN_EMAIL?: string }) {
    const names = ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DATA_DIR'] as const;
    const before = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      delete process.env.ADMIN_USERNAME;
      delete process.env.ADMIN_EMAIL;
      Object.assign(process.env, vars, { ADMIN_PASSWORD: 'a long first passphrase' });
      return { admin: localEnv().firstAdmin, warned: warn.mock.calls.map((args) => args.join(' ')) };
    } finally {
      warn.mockRestore();
      for (const name of names) {
        if (before[name] === undefined) delete process.env[name];
        else process.env[name] = before[name];
      }
    }
  }

  it('is named by ADMIN_USERNAME, as the sign-in form names it', () => {
    expect(firstAdminUnder({ ADMIN_USERNAME: 'first@example.com' })).toEqual({ admin: { username: 'first@example.com', password: 'a long first passphrase' }, warned: [] });
  });

  it('is still named by ADMIN_EMAIL, its former name, with a notice to use ADMIN_USERNAME', () => {
    expect(firstAdminUnder({ ADMIN_EMAIL: 'old@example.com' })).toEqual({
      admin: { username: 'old@example.com', password: 'a long first passphrase' },
      warned: ['ADMIN_EMAIL is deprecated: use ADMIN_USERNAME (the same address).'],
    });
  });

  it('takes ADMIN_USERNAME and ADMIN_EMAIL both set to one address, as a username is compared (trimmed, any letter case), with the notice', () => {
    expect(firstAdminUnder({ ADMIN_USERNAME: ' Same@Example.com ', ADMIN_EMAIL: 'same@example.COM' })).toEqual({
      admin: { username: 'Same@Example.com', password: 'a long first passphrase' },
      warned: ['ADMIN_EMAIL is deprecated: use ADMIN_USERNAME (the same address).'],
    });
  });

  it('reads a blank ADMIN_USERNAME or ADMIN_EMAIL as not set', () => {
    expect(firstAdminUnder({ ADMIN_USERNAME: 'first@example.com', ADMIN_EMAIL: '' })).toEqual({ admin: { username: 'first@example.com', password: 'a long first passphrase' }, warned: [] });
    expect(firstAdminUnder({ ADMIN_USERNAME: ' ', ADMIN_EMAIL: 'old@example.com' })).toEqual({
      admin: { username: 'old@example.com', password: 'a long first passphrase' },
      warned: ['ADMIN_EMAIL is deprecated: use ADMIN_USERNAME (the same address).'],
    });
  });

  it('refuses ADMIN_USERNAME and ADMIN_EMAIL set to two different addresses, in the words npm run admin refuses --username and --email', () => {
    expect(() => firstAdminUnder({ ADMIN_USERNAME: 'new@example.com', ADMIN_EMAIL: 'old@example.com' })).toThrow(
      new AdminNamedTwice('Give the admin once: ADMIN_USERNAME (or the deprecated ADMIN_EMAIL), not two different addresses.'),
    );
  });

  it('stops a start-up on an ADMIN_PASSWORD the password rules refuse, naming the variable, in the words the dialog and npm run admin refuse it in', async () => {
    // A database of its own (databaseUrl '' names no server): the runner's already holds admins, and a first admin is made only where there is none.
    const start = (password: string) => startLocalServices({ inMemoryDatabase: true, databaseUrl: '', admin: { username: 'first@example.com', password }, log: () => {} });
    await expect(start('short')).rejects.toThrow(new PasswordRejected('ADMIN_PASSWORD: New password must be at least 8 characters'));
    await expect(start('p'.repeat(1025))).rejects.toThrow(new PasswordRejected('ADMIN_PASSWORD: Must be 1024 characters or fewer'));
  }, 120_000);

  it('stops npm start on two different addresses, in one line, before it builds, migrates or creates anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-admin-'));
    try {
      const r = await startRefused(dataDir, { ADMIN_USERNAME: 'new@example.com', ADMIN_EMAIL: 'old@example.com', ADMIN_PASSWORD: 'a long first passphrase' });
      expect(r).toEqual({
        status: 1,
        stdout: '',
        stderr: '\nCould not start the site: Give the admin once: ADMIN_USERNAME (or the deprecated ADMIN_EMAIL), not two different addresses.\n',
      });
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
  it('stops npm start on an ADMIN_USERNAME that is no e-mail address, in the words npm run admin says it in, before it builds, migrates or creates anything', async () => {
    // An admin named otherwise could never sign in: the sign-in form and the reset request take an address.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-admin-'));
    try {
      const r = await startRefused(dataDir, { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a long first passphrase' });
      expect(r).toEqual({
        status: 1,
        stdout: '',
        stderr: '\nCould not start the site: ADMIN_USERNAME: The username "admin" is not an email address: an admin signs in with their email address.\n',
      });
      expect(fs.readdirSync(dataDir)).toEqual([]);
      // The deprecated name is named when it is the one given (after its notice).
      const former = await startRefused(dataDir, { ADMIN_EMAIL: 'admin@localhost', ADMIN_PASSWORD: 'a long first passphrase' });
      expect(former.stderr).toBe('ADMIN_EMAIL is deprecated: use ADMIN_USERNAME (the same address).\n\nCould not start the site: ADMIN_EMAIL: The username "admin@localhost" is not an email address: an admin signs in with their email address.\n');
      expect(former.status).toBe(1);
      // Nor an address a reset link could never reach.
      const pastLimits = `${'a'.repeat(65)}@example.com`;
      const far = await startRefused(dataDir, { ADMIN_USERNAME: pastLimits, ADMIN_PASSWORD: 'a long first passphrase' });
      expect(far.stderr).toBe(`\nCould not start the site: ADMIN_USERNAME: The username "${pastLimits}" is past e-mail's limits (at most 64 characters before the @ and 63 in each part of the domain): a reset link sent to it could never arrive.\n`);
      expect(far.status).toBe(1);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
