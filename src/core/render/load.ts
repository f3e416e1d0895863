/**
 * Loads a package of rendered mode (puppeteer-core, axe-core) at first use. The CommonJS scan
 * bundle runs under node:vm (bin/compile-cache.js), where import() is unavailable: it requires
 * instead; the ES module build (whose banner defines require) and the sources import.
 */
export async function loadPackage<T>(name: string): Promise<T> {
  const mod = typeof require === 'function' ? (require(name) as Record<string, unknown>) : ((await import(name)) as Record<string, unknown>);
  return (mod.default ?? mod) as T;
}
