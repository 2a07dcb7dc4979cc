import os from 'node:os';
import path from 'node:path';

// Where the e2e site runs: playwright.config.ts starts it here, and specs that read what it wrote to
// disk look here, so the two cannot drift apart.

/** E2E_PORT lets two people on one machine each run the suite against a site of their own. */
export const E2E_PORT = Number(process.env.E2E_PORT || 4399);

/** The site's DATA_DIR, one per port; fresh-server.mjs empties it at every start. */
export const E2E_DATA_DIR = path.join(os.tmpdir(), `site-e2e-${E2E_PORT}`);
