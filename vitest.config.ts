import { defineConfig } from 'vitest/config';
import { LAMBDA_NODE_FLAGS } from './scripts/lib/runtime-env.mjs';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
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
