// `npm run dev`: astro dev with hot reload (the Netlify adapter's Vite plugin serves the functions)
// on the same kind of data as `npm start`: the embedded database under DATA_DIR unless
// DATABASE_URL is set.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startBlobsServer } from './lib/blobs-server.mjs';
import { startDatabase } from './lib/database-env.mjs';
import { localSessionSecret } from './lib/local-secrets.mjs';
import { prepareDatabase } from './lib/prepare-database.mjs';
import { localEnv, projectRoot } from './lib/runtime-env.mjs';

const { dataDir, port } = localEnv();
const db = await startDatabase({ dataDir });
const blobs = await startBlobsServer({ directory: path.join(dataDir, 'blobs') });
process.env.SESSION_SECRET ||= localSessionSecret(dataDir);
await prepareDatabase({
  databaseUrl: db.databaseUrl,
  wsProxy: db.wsProxy,
  adminEmail: process.env.ADMIN_EMAIL,
  adminPassword: process.env.ADMIN_PASSWORD,
});

const astro = spawn(process.execPath, [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)], {
  cwd: projectRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: db.databaseUrl,
    ...(db.wsProxy ? { DATABASE_WS_PROXY: db.wsProxy } : {}),
    NETLIFY_BLOBS_CONTEXT: blobs.context,
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  // Astro keeps a dev-server lock; signal astro itself, not a wrapper, so it releases it.
  if (astro.exitCode === null) {
    astro.kill('SIGINT');
    await new Promise((r) => astro.once('exit', r));
  }
  await blobs.stop();
  await db.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
astro.on('exit', (code) => stop(code ?? 0));
