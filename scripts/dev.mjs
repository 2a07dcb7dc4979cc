// `npm run dev`: astro dev with hot reload (the Netlify adapter's Vite plugin serves the functions)
// on the same kind of data as `npm start`: the embedded database under DATA_DIR unless
// DATABASE_URL is set, and the same blob server, started by the same start-up (database and blobs;
// astro dev is the site).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startLocalServices } from './lib/local-services.mjs';
import { localEnv, projectRoot } from './lib/runtime-env.mjs';

const runtime = localEnv();
const { dataDir, port, hosts } = runtime;
/** @type {{ username?: string, password?: string }} */
let firstAdmin;
try {
  firstAdmin = runtime.firstAdmin;
} catch (err) {
  // Two different addresses for the first admin, or one that is no address: said in one line, as npm start says it.
  console.error(`Could not start the site: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
const services = await startLocalServices({
  dataDir,
  admin: firstAdmin,
});

const hostArgs = process.env.HOST ? ['--host', hosts[0]] : [];
const astro = spawn(process.execPath, [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), ...hostArgs], {
  cwd: projectRoot,
  stdio: 'inherit',
  env: { ...process.env, ...services.env },
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
  await services.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
astro.on('exit', (code) => stop(code ?? 0));
