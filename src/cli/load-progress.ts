/**
 * The live progress view (ink and react), loaded on an interactive terminal only. ink cannot be
 * require()d (yoga-layout awaits at its top level), so the CommonJS scan bundle swaps this module
 * for one that imports dist/progress.js, the ES module build of the view (tsup.config.ts).
 */
export function loadProgress(): Promise<typeof import('./progress.js')> {
  return import('./progress.js');
}
