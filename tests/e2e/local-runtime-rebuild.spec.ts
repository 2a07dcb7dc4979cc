/**
 * A running `npm start` is a deploy: it keeps answering as built while the project changes under
 * it. Any `astro` command (sync, check, dev, build) empties the Netlify adapter's build folder, and
 * the on-demand function loads a page's module only when that page is first asked for, so the site
 * runs that function from a copy of its own. Runs last and alone (its own project): for a few
 * seconds the project has no on-demand build, and a site started then would rebuild it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../scripts/lib/runtime-env.mjs';
import { spawnSite } from '../../scripts/lib/spawn-site.mjs';
import { notFoundPage } from '../../src/content/error-pages.ts';

const BUILD = path.join(projectRoot, '.netlify/v1/functions/ssr');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

test('a running site answers pages it had not loaded yet after `astro sync` has emptied the build folder', async ({ request }) => {
  test.setTimeout(300_000);
  const site = await spawnSite({ port: await freePort() });
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
    expect(insights.headers()['content-type']).toBe('text/html');
  } finally {
    // What the sync emptied is put back, so what runs after this file finds the build it left.
    fs.rmSync(BUILD, { recursive: true, force: true });
    fs.cpSync(kept, BUILD, { recursive: true });
    fs.rmSync(kept, { recursive: true, force: true });
    await site.stop();
  }
});
