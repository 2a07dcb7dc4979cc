// Unit and integration tests (vitest): always on embedded PGlite, then the integration suite again
// on a real PostgreSQL server through the Neon driver when TEST_DATABASE_URL names one (CI sets it).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const vitest = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');
const run = (args, env) => spawnSync(process.execPath, [vitest, 'run', ...args], { stdio: 'inherit', env }).status ?? 1;

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
console.log('\n=== vitest on embedded PGlite ===');
if (run([], withoutServer) !== 0) process.exit(1);

if (!TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: the integration suite ran on embedded PGlite only. Set it (e.g. postgres://postgres@127.0.0.1:5432/test) to run it on a PostgreSQL server too.');
  process.exit(0);
}
console.log(`\n=== vitest integration suite on PostgreSQL (${new URL(TEST_DATABASE_URL).host}) ===`);
process.exit(run(['tests/integration'], process.env));
