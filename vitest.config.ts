import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/integration/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/worker-env.ts'],
    // One shared, freshly migrated database per run; tests make their own unique rows.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
