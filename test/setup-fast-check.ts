/**
 * Property tests explore new inputs on every local run; under CI (CI=true) they replay one fixed
 * seed, so a submission's verdict does not depend on the draw. A failure prints its seed and
 * counterexample either way; keep found counterexamples as explicit cases.
 */
// Imported only under CI: a local run of files that never use fast-check does not load it.
export {};

if (process.env.CI) {
  const { default: fc } = await import('fast-check');
  fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261123) });
}
