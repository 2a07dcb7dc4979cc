// `npm start` serves the production build; it rebuilds only when a source the build reads has
// changed since the last build (a fingerprint of paths, sizes and modification times).
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BUNDLE_DIR, bundleFunctions } from './functions-router.mjs';

const INPUTS = ['src', 'public', 'netlify', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json', 'netlify.toml'];

function fingerprint(root) {
  const hash = crypto.createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) walk(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const i of INPUTS) walk(path.join(root, i));
  // The site URL is baked into canonical links, the sitemap and the feed.
  hash.update(`site=${process.env.SITE_URL ?? ''} ${process.env.URL ?? ''}`);
  return hash.digest('hex');
}

export async function buildIfNeeded(root, { force = false, log = console.log } = {}) {
  const stamp = path.join(root, 'dist', '.build-fingerprint');
  const ssr = path.join(root, '.netlify', 'v1', 'functions', 'ssr', 'ssr.mjs');
  const current = fingerprint(root);
  const upToDate =
    !force && fs.existsSync(ssr) && fs.existsSync(path.join(root, BUNDLE_DIR)) && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === current;
  if (upToDate) return false;
  log('Building the site (astro build)...');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  // Always the production build, whatever NODE_ENV the caller has (a test runner's, a developer's
  // shell): astro build keeps a NODE_ENV it is given, and under another it bundles React's
  // development JSX runtime, whose pages answer 500 once served without it.
  const r = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`astro build failed (exit ${r.status})`);
  const n = await bundleFunctions(root);
  log(`Bundled ${n} functions.`);
  fs.writeFileSync(stamp, current);
  return true;
}
