/**
 * The database cut under `npm start`'s own process: a PGlite of this spec's own behind a TCP proxy
 * the spec cuts (refuse, hold silent, terminate sessions). Static pages and the answers the CDN
 * keeps go on answering 200; what it does not keep answers 503 with Retry-After within 5 s (the
 * API's JSON; /insights its 'failed' state); the process never exits, and everything serves again
 * once the proxy heals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEmbeddedPostgres } from '../../scripts/lib/embedded-postgres.mjs';
import { LAMBDA_NODE_FLAGS } from '../../scripts/lib/runtime-env.mjs';
import { sql } from 'kysely';
import { dashboardCopy, signInCopy } from '../../src/content/admin.ts';
import { serverErrorPage } from '../../src/content/error-pages.ts';
import { insightsPage } from '../../src/content/insights.ts';
import { createDb } from '../../src/server/db/client.ts';
import { createAdmin } from '../../src/server/repositories/users.ts';
import { ARTICLE_CATEGORIES } from '../../src/schemas/article.ts';
import { startTcpFaultProxy, type TcpFaultProxy } from '../support/tcp-fault-proxy.ts';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let child: ChildProcess | undefined;
let origin = '';
let dataDir = '';
let proxy: TcpFaultProxy;
let database: Awaited<ReturnType<typeof startEmbeddedPostgres>>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  database = await startEmbeddedPostgres();
  const direct = new URL(database.databaseUrl);
  proxy = await startTcpFaultProxy({ host: direct.hostname, port: Number(direct.port) });
  const viaProxy = new URL(direct);
  viaProxy.port = String(proxy.port);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-db-faults-'));
  // A plain Postgres URL: `npm start` bridges the driver's WebSocket to it (through the proxy).
  const { DATABASE_WS_PROXY, NETLIFY_DB_URL, NETLIFY_DATABASE_URL, ...env } = process.env;
  child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, 'scripts/start.mjs'], {
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: viaProxy.toString(), TRUST_PROXY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const running = child;
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 150 s')), 150_000);
    running.stdout!.on('data', (chunk: Buffer) => {
      const match = /Site ready at http:\/\/[^:]+:(\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    running.once('exit', (code) => reject(new Error(`the server exited while starting (code ${code})`)));
  });
  running.stderr!.on('data', () => {}); // the '[api] ... database unavailable' lines are expected
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((resolve) => child!.once('exit', resolve));
  }
  await proxy?.stop();
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

for (const [index, mode] of (['refuse', 'hold', 'terminate'] as const).entries()) {
  test(`${mode}: static pages and what the CDN keeps 200, the API and /insights 503, then all served again once healed`, async ({ page, request }) => {
    // URLs of this mode's own, never asked before, so no cached copy stands in for the database.
    const category = ARTICLE_CATEGORIES[index];
    const insightsPath = `/insights?category=${encodeURIComponent(category)}`;
    const apiPath = `/api/articles?published=true&page=${index + 1}`;
    // Kept by the CDN while the database answers: the cut does not take it down.
    const servicesBefore = await request.get(`${origin}/api/services`);
    expect(servicesBefore.status()).toBe(200);

    // A server that is down has ended its sessions too. The pages' reads go over the bridge's HTTP
    // endpoint, which keeps its connections to the database between queries (as Neon's endpoint
    // keeps its own): one left open would carry on serving them through a refusing proxy.
    if (mode === 'refuse') await proxy.setMode('terminate');
    await proxy.setMode(mode);
    try {
      const about = await page.goto(`${origin}/about`);
      expect(about?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const kept = await request.get(`${origin}/api/services`);
      expect(kept.status()).toBe(200);
      expect(await kept.json()).toEqual(await servicesBefore.json());

      const t0 = Date.now();
      const api = await request.get(`${origin}${apiPath}`);
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(api.status()).toBe(503);
      expect(api.headers()['retry-after']).toBe('5');
      expect(await api.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again in a moment.' });

      const insights = await page.goto(`${origin}${insightsPath}`);
      expect(insights?.status()).toBe(503);
      expect(insights?.headers()['retry-after']).toBe('5');
      await expect(page.getByRole('alert')).toContainText(insightsPage.failedTitle);
    } finally {
      await proxy.heal();
    }
    // A 503 is never kept: the same URLs are asked again and answer.
    expect((await request.get(`${origin}${apiPath}`)).status()).toBe(200);
    const insights = await page.goto(`${origin}${insightsPath}`);
    expect(insights?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(insightsPage.heading);
    expect(child?.exitCode).toBeNull();
  });
}

test('a signed-in admin opening the panel while the database is refused is told so, not shown the sign-in card, and gets in once it is back', async ({ page }) => {
  const admin = { username: 'faults-admin@example.com', password: 'faults-admin-password-2026' };
  const { db } = createDb(database.databaseUrl, database.wsProxy);
  try {
    await createAdmin(db, admin.username, admin.password);
  } finally {
    await db.destroy();
  }
  const signedIn = await page.request.post(`${origin}/api/auth/login`, { data: { username: admin.username, password: admin.password } });
  expect(signedIn.status()).toBe(200);
  await proxy.setMode('refuse');
  try {
    await page.goto(`${origin}/admin`);
    await expect(page.getByRole('alert')).toHaveText(dashboardCopy.sessionUnavailable, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: signInCopy.title })).toHaveCount(0);
  } finally {
    await proxy.heal();
  }
  await page.getByRole('button', { name: dashboardCopy.retrySession }).click();
  await expect(page.getByRole('heading', { name: dashboardCopy.title })).toBeVisible({ timeout: 30_000 });
  expect(child?.exitCode).toBeNull();
});

test('a failure that is not the database being down (a table it cannot find) answers the 500 page, not the unavailable state', async ({ page }) => {
  // Asked for the first time here, so no cached copy stands in; the table goes for this test only.
  const category = ARTICLE_CATEGORIES[3];
  const insightsPath = `/insights?category=${encodeURIComponent(category)}&page=2`;
  const { db } = createDb(database.databaseUrl, database.wsProxy);
  await sql`alter table articles rename to articles_moved_away`.execute(db);
  try {
    const res = await page.goto(`${origin}${insightsPath}`);
    expect(res?.status()).toBe(500);
    expect(res?.headers()['cache-control']).toBe('no-store');
    expect(res?.headers()['retry-after']).toBeUndefined();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverErrorPage.title);
    await expect(page.getByRole('link', { name: serverErrorPage.contactLabel })).toHaveAttribute('href', '/contact');
    // Nothing of the failure reaches the visitor.
    expect(await page.locator('body').innerText()).not.toMatch(/articles_moved_away|relation|42P01|\.js:\d+/i);
    expect(await page.content()).not.toContain('articles_moved_away');
  } finally {
    await sql`alter table articles_moved_away rename to articles`.execute(db);
    await db.destroy();
  }
  expect((await page.goto(`${origin}${insightsPath}`))?.status()).toBe(404);
  expect(child?.exitCode).toBeNull();
});

test("an article's form keeps what was written when its save is refused by a database that is down, and saves it once it is back", async ({ page }) => {
  const admin = { username: 'faults-editor@example.com', password: 'faults-editor-password-2026' };
  const { db } = createDb(database.databaseUrl, database.wsProxy);
  try {
    await createAdmin(db, admin.username, admin.password);
  } finally {
    await db.destroy();
  }
  expect((await page.request.post(`${origin}/api/auth/login`, { data: { username: admin.username, password: admin.password } })).status()).toBe(200);
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole('heading', { name: dashboardCopy.title })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New Article' }).click();
  const title = page.getByLabel('Title', { exact: true });
  const description = page.getByLabel('Description', { exact: true });
  const editor = page.getByRole('textbox', { name: 'Content', exact: true });
  await title.fill('Written while the database was down');
  await description.fill('Kept through a refused save.');
  await page.getByLabel('Read Time', { exact: true }).fill('2 min read');
  await editor.click();
  await page.keyboard.type('A body that must not be lost.');

  await proxy.setMode('refuse');
  try {
    await page.getByRole('button', { name: 'Create Article' }).click();
    const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true });
    await expect(toasts.getByText('Error saving article', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(toasts.getByText('Please try again', { exact: true })).toBeVisible();
  } finally {
    await proxy.heal();
  }
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();
  await expect(title).toHaveValue('Written while the database was down');
  await expect(description).toHaveValue('Kept through a refused save.');
  await expect(editor).toHaveText('A body that must not be lost.');

  const [saved] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/articles' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Create Article' }).click(),
  ]);
  expect(saved.status()).toBe(201);
  const article = await saved.json();
  expect(article).toMatchObject({ title: 'Written while the database was down', description: 'Kept through a refused save.', content: expect.stringContaining('A body that must not be lost.') });
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
  expect((await page.request.delete(`${origin}/api/articles/${article.id}`, { headers: { origin } })).status()).toBe(200);
  expect(child?.exitCode).toBeNull();
});
