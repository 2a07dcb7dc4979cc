import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { LAMBDA_NODE_FLAGS } from './scripts/lib/runtime-env.mjs';
import { E2E_ADMIN } from './tests/e2e/support/admin-credentials.ts';
import { E2E_DATA_DIR, E2E_PORT } from './tests/e2e/support/e2e-site.ts';

// A real Chromium from the system: Playwright's own browser download cannot reach the network here.
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install one (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

// 127.0.0.1 rather than localhost: the site must work at whatever address it is opened, not only
// at the name its build was configured with.
const baseURL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 45_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Checks (axe in particular) must see settled UI, not a dialog half-way through its fade-in.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: chromium,
      // Without these Chromium keeps calling home, and this machine refuses every such connection.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    // The empty states (Insights, Services) need a site nothing has changed yet: those two files run
    // first, and every other spec after them; neither touches what the other reads.
    { name: 'fresh-site', testMatch: /(insights|services)-empty\.spec\.ts/, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: /(insights|services)-empty\.spec\.ts|server-fuzz\.spec\.ts|local-runtime-rebuild\.spec\.ts/, dependencies: ['fresh-site'], use: { ...devices['Desktop Chrome'] } },
    // The fuzz keeps both cores busy with a server of its own: it runs last, alone, so it does not
    // slow the browser tests into their timeouts.
    { name: 'server-fuzz', testMatch: /server-fuzz\.spec\.ts/, dependencies: ['chromium'] },
    // Empties the project's on-demand build for a few seconds: after everything else, alone.
    { name: 'rebuild', testMatch: /local-runtime-rebuild\.spec\.ts/, dependencies: ['server-fuzz'] },
  ],
  webServer: {
    // The production build served by `npm start`, on a data folder of its own that starts empty.
    command: `node ${LAMBDA_NODE_FLAGS.join(' ')} tests/e2e/support/fresh-server.mjs`,
    url: `${baseURL}/api/services`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Stopped as `npm start` is stopped, so it removes what it made (its build snapshot, its blob
    // and database files closed): killed outright, it left a snapshot of the build (about 12 MB) in
    // the system's temp folder at every run. Killed after 15 s if it has not ended by then.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The e2e suite sends many enquiries from one address; keep the limit for real visitors only.
      ENQUIRY_RATE_LIMIT_PER_HOUR: '1000',
      NEWSLETTER_RATE_LIMIT_PER_HOUR: '1000',
      // tests/e2e/reverse-proxy.spec.ts starts proxies on this machine; every other request comes
      // straight from the browser and sends no X-Forwarded-* to read.
      TRUST_PROXY: 'loopback',
    },
  },
});
