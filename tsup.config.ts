import { defineConfig } from 'tsup';

// AI_READY_NO_DTS skips the declaration build: the test setup rebuilds dist on every run
// and only needs the JavaScript.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    // Loaded by piscina in each scan worker thread (src/runner/worker-pool.ts finds it beside its chunk).
    'scan-worker': 'src/runner/scan-worker.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: process.env.AI_READY_NO_DTS ? false : { entry: { index: 'src/index.ts' } },
  splitting: true,
  sourcemap: false,
  // Test builds (AI_READY_NO_DTS) keep old chunks so parallel test runs never lose files mid-run.
  clean: !process.env.AI_READY_NO_DTS,
  shims: false,
});
