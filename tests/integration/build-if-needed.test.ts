// `npm start` builds the site when its sources changed (scripts/lib/build-if-needed.mjs), in the
// caller's environment. A NODE_ENV other than production there (a test runner's, a developer's
// shell) made `astro build` bundle React's development JSX runtime, and the build was stamped as
// current: a later `npm start` without it served that build, whose pages with an island answered
// 500 ('jsxDEV is not a function'). Built here in a copy of the project, so nothing beside it sees
// a build folder change under it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { buildIfNeeded } from '../../scripts/lib/build-if-needed.mjs';
import { projectRoot } from '../../scripts/lib/runtime-env.mjs';
import { withEnv } from '../support/with-env.ts';

/** What `astro build` reads, copied; node_modules linked. */
function copyProject(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-project-'));
  for (const name of ['src', 'public', 'netlify', 'scripts', 'db', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json', 'netlify.toml']) {
    fs.cpSync(path.join(projectRoot, name), path.join(root, name), { recursive: true });
  }
  fs.symlinkSync(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

it('builds for production whatever NODE_ENV the caller has: no development JSX runtime reaches the on-demand pages', async () => {
  const root = copyProject();
  try {
    await withEnv({ NODE_ENV: 'test' }, () => buildIfNeeded(root, { force: true, log: () => {} }));
    const chunks = path.join(root, '.netlify/v1/functions/ssr/.netlify/build/chunks');
    const development = fs.readdirSync(chunks).filter((name) => fs.readFileSync(path.join(chunks, name), 'utf8').includes('jsxDEV'));
    expect(development).toEqual([]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}, 300_000);
