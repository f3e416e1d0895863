import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // temp-check first: its teardown runs last, after Postgres has removed its data dir.
    globalSetup: ['test/temp-check.ts', 'test/global-setup.ts', 'test/helpers/postgres-setup.ts'],
    setupFiles: ['test/setup-fast-check.ts', 'test/setup-temp-dirs.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Transformed modules are kept on disk between runs (node_modules/.experimental-vitest-cache):
    // a run that changed nothing re-imports the engine's few hundred files without transforming them.
    experimental: { fsModuleCache: true },
  },
});
