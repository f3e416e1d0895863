/**
 * Which optional packages (src/optional-package.ts) a command line needs, checked before anything
 * starts so that one message lists all of them (exit 2).
 */
export interface ServeFeatures {
  databaseUrl?: string;
  cacheUrl?: string;
  metrics?: boolean;
  render?: boolean;
}

export const RENDER_PACKAGES = ['puppeteer-core', 'axe-core'] as const;

/** The optional packages `ai-ready serve` needs with these settings. */
export function servePackages(f: ServeFeatures): string[] {
  const needs: string[] = [];
  if (f.databaseUrl) needs.push('pg', 'pg-boss');
  else needs.push('sqlite3');
  const cache = f.cacheUrl ?? (f.databaseUrl ? 'postgres:' : 'sqlite:');
  const scheme = cache.slice(0, cache.indexOf(':')).toLowerCase();
  if (scheme === 'sqlite') needs.push('@keyv/sqlite');
  else if (scheme === 'postgres' || scheme === 'postgresql') needs.push('@keyv/postgres');
  else if (scheme === 'redis' || scheme === 'rediss') needs.push('@keyv/redis');
  if (f.metrics) needs.push('prom-client');
  if (f.render) needs.push(...RENDER_PACKAGES);
  return [...new Set(needs)];
}
