import { configDefaults, defineConfig } from 'vitest/config';
import { LAMBDA_NODE_FLAGS } from './scripts/lib/runtime-env.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    // Races that need a server's separate sessions run in the PostgreSQL pass alone
    // (scripts/test-integration.mjs), never as skipped tests on the embedded database.
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts'])],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/worker-env.ts'],
    // One shared, freshly migrated database per run; tests make their own unique rows.
    pool: 'forks',
    // Tests import the functions as Netlify loads them: under Lambda's module flags.
    execArgv: LAMBDA_NODE_FLAGS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
