/**
 * A running `npm start` is a deploy: it keeps answering as built while the project changes under
 * it. Any `astro` command (sync, check, dev, build) empties the Netlify adapter's build folder, and
 * the on-demand function loads a page's module only when that page is first asked for; a build
 * also empties dist/ and fills it with pages that name other hashed assets. So the site serves a
 * snapshot of its own build. Runs last and alone (its own project): for a few seconds the project
 * has no on-demand build (or another dist/), and a site started then would rebuild it.
 */
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, request as requestContext, test } from '@playwright/test';
import { projectRoot } from '../../scripts/lib/runtime-env.mjs';
import { spawnSite } from '../../scripts/lib/spawn-site.mjs';
import { notFoundPage } from '../../src/content/error-pages.ts';
import { unusedPort } from '../support/unused-port.ts';

// One at a time, in order: two of these empty or replace the build while another's `npm start`
// would find it stale and build into the same folders (the project runs fully parallel).
test.describe.configure({ mode: 'default' });

const BUILD = path.join(projectRoot, '.netlify/v1/functions/ssr');
const DIST = path.join(projectRoot, 'dist');

test('a running site answers pages it had not loaded yet after `astro sync` has emptied the build folder', async ({ request }) => {
  test.setTimeout(300_000);
  const site = await spawnSite({ port: await unusedPort() });
  const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'on-demand-build-'));
  fs.cpSync(BUILD, kept, { recursive: true });
  try {
    execFileSync(process.execPath, [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'sync'], {
      cwd: projectRoot,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
    });
    expect(fs.readdirSync(BUILD)).toEqual([]);

    // Neither page was asked for since the site started: each loads its module now.
    const missing = await request.get(`${site.url}/no-such-page`);
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain(notFoundPage.title);
    const insights = await request.get(`${site.url}/insights`);
    expect(insights.status()).toBe(200);
    expect(insights.headers()['content-type']).toBe('text/html; charset=utf-8');
  } finally {
    // What the sync emptied is put back, so what runs after this file finds the build it left.
    fs.rmSync(BUILD, { recursive: true, force: true });
    fs.cpSync(kept, BUILD, { recursive: true });
    fs.rmSync(kept, { recursive: true, force: true });
    await site.stop();
  }
});

/** A body's digest: a failure then shows two short values, not two pages. */
const digest = (body: Buffer) => crypto.createHash('sha256').update(body).digest('hex');

/** The build snapshots a site's process holds (scripts/lib/build-snapshot.mjs). */
const snapshotsOf = (pid: number) => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`site-build-${pid}-`));

/** The first hashed script or stylesheet a page names. */
function firstAsset(html: string): string {
  const asset = /\/_astro\/[\w.-]+\.(?:css|js)/.exec(html)?.[0];
  if (!asset) throw new Error('the page names no hashed asset');
  return asset;
}

test('a running site answers its pages with their hashed assets after a build has replaced dist', async ({ request }) => {
  test.setTimeout(300_000);
  const site = await spawnSite({ port: await unusedPort() });
  const kept = fs.mkdtempSync(path.join(os.tmpdir(), 'static-build-'));
  fs.cpSync(DIST, kept, { recursive: true });
  try {
    expect(snapshotsOf(site.pid)).toHaveLength(1);
    const before = await request.get(`${site.url}/about`);
    expect(before.status()).toBe(200);
    const page = await before.body();
    const asset = firstAsset(page.toString());
    const assetBody = await (await request.get(`${site.url}${asset}`)).body();
    // An on-demand page of the same build names the same assets; it is first asked for after the build.
    const onDemandAsset = firstAsset(await (await request.get(`${site.url}/insights`)).text());

    // What `astro build` does to dist (its emptyDir, then the new files): every entry removed, then
    // pages naming assets of other hashes. A real build of the same sources would write the same
    // names; one of changed sources takes the better part of a minute.
    for (const entry of fs.readdirSync(DIST)) fs.rmSync(path.join(DIST, entry), { recursive: true, force: true });
    fs.mkdirSync(path.join(DIST, '_astro'));
    fs.writeFileSync(path.join(DIST, '_astro/site.NewBuild1.css'), 'body { color: red }');
    fs.writeFileSync(path.join(DIST, 'about.html'), '<!doctype html><link rel="stylesheet" href="/_astro/site.NewBuild1.css"><h1>New build</h1>');

    const after = await request.get(`${site.url}/about`);
    expect(after.status()).toBe(200);
    expect(digest(await after.body())).toBe(digest(page));
    const assetAfter = await request.get(`${site.url}${asset}`);
    expect(assetAfter.status()).toBe(200);
    expect(digest(await assetAfter.body())).toBe(digest(assetBody));
    expect((await request.get(`${site.url}${onDemandAsset}`)).status()).toBe(200);
    // Nothing of the other build is mixed in.
    expect((await request.get(`${site.url}/_astro/site.NewBuild1.css`)).status()).toBe(404);
  } finally {
    // The project's build is put back, so what runs after this file finds the dist it left.
    fs.rmSync(DIST, { recursive: true, force: true });
    fs.cpSync(kept, DIST, { recursive: true });
    fs.rmSync(kept, { recursive: true, force: true });
    await site.stop();
  }
  // A site that stops takes its snapshot with it.
  expect(snapshotsOf(site.pid)).toEqual([]);
});

/** Whether anything still accepts a connection on the port (an orphaned server would). */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test('stopping `npm start` by its own process (as a process manager stops it) stops the site: no server is left behind', async () => {
  test.setTimeout(300_000);
  const port = await unusedPort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  // npm runs the script through sh and passes a stop on to its child: the child must be the site.
  const npm = spawn('npm', ['start'], { cwd: projectRoot, env: { ...process.env, PORT: String(port), DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Site ready at') && resolve());
      npm.once('exit', (code) => reject(new Error(`npm start exited early (code ${code})`)));
    });
    expect(await answers(port)).toBe(true);
    npm.kill('SIGTERM');
    await new Promise((resolve) => npm.once('exit', resolve));
    // The site closes its database and server, then exits: bounded, not instant.
    await expect.poll(() => answers(port), { timeout: 15_000 }).toBe(false);
  } finally {
    npm.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

test('Ctrl-C on `npm start` ends it with exit code 0, and an enquiry it stored is in the inbox when it starts again', async () => {
  test.setTimeout(300_000);
  const port = await unusedPort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'npm-start-'));
  const admin = { username: 'owner@example.com', password: 'Ctrl-C-then-start-again' };
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password };
  // A terminal's Ctrl-C goes to its whole foreground process group: npm, the sh it runs, the site.
  const start = () => {
    const npm = spawn('npm', ['start'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    const ready = new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Site ready at') && resolve());
      void exited.then((code) => reject(new Error(`npm start exited early (code ${code})`)));
    });
    return { npm, exited, ready };
  };
  const stopGroup = (npm: ReturnType<typeof spawn>, signal: NodeJS.Signals) => {
    try {
      process.kill(-npm.pid!, signal);
    } catch {
      // already gone
    }
  };
  const first = start();
  try {
    await first.ready;
    const api = await requestContext.newContext({ baseURL: origin });
    const sent = await api.post('/api/contacts', {
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+61 400 000 000', company: 'Engines', message: 'Before the restart' },
    });
    expect(sent.status()).toBe(201);
    await api.dispose();

    stopGroup(first.npm, 'SIGINT');
    expect(await first.exited).toBe(0);
    await expect.poll(() => answers(port), { timeout: 15_000 }).toBe(false);
  } finally {
    stopGroup(first.npm, 'SIGKILL');
  }
  const second = start();
  try {
    await second.ready;
    const api = await requestContext.newContext({ baseURL: origin });
    expect((await api.post('/api/auth/login', { data: admin })).status()).toBe(200);
    const inbox = await api.get('/api/enquiries');
    expect(inbox.status()).toBe(200);
    const { items } = (await inbox.json()) as { items: Array<{ email: string; message: string }> };
    expect(items.map((e) => [e.email, e.message])).toEqual([['ada@example.com', 'Before the restart']]);
    await api.dispose();
    stopGroup(second.npm, 'SIGINT');
    expect(await second.exited).toBe(0);
  } finally {
    stopGroup(second.npm, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
