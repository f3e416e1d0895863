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
    // vitest's default in a run is one worker less than the cores: ONE file at a time on 2 cores,
    // while most files wait on the CLIs, servers and sites they start. Three workers on 2 cores:
    // test/server (22 files) 880 s -> 359 s wall for the same CPU time (106 s -> 100 s).
    maxWorkers: '150%',
    // A worker keeps its imported modules from one test file to the next instead of importing the
    // engine afresh for each of the 253 files: a fresh clone's `npm test` went from 477 s (CPU
    // 783 s) to 331 s (CPU 513 s) on the 2-core machine, every test kept. The price: state a file
    // changes at module level (process.env, a registry, an observer) is seen by the next file of
    // that worker, so a test that changes it restores it when it ends.
    isolate: false,
    // Transformed modules are kept on disk between runs (node_modules/.experimental-vitest-cache):
    // a run that changed nothing re-imports the engine's few hundred files without transforming them.
    experimental: { fsModuleCache: true },
  },
});
