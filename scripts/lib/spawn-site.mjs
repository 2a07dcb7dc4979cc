// Runs `npm start`'s server as a child on a throwaway data folder, for benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LAMBDA_NODE_FLAGS, projectRoot } from './runtime-env.mjs';

/** @param {{ port: number, env?: Record<string, string>, timeoutMs?: number }} options */
export async function spawnSite({ port, env = {}, timeoutMs = 300_000 }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const child = spawn(process.execPath, [...LAMBDA_NODE_FLAGS, path.join(projectRoot, 'scripts/start.mjs')], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the site did not start in time')), timeoutMs);
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stderr.write(text.replace(/^/gm, '  [site] '));
      if (text.includes('Site ready at')) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    child.once('exit', (code) => reject(new Error(`the site exited early (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: /** @type {number} */ (child.pid),
    async stop() {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
