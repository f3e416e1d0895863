/**
 * The one loader of ai-ready's optional packages: what only a feature of `serve` or `--render`
 * needs is an optional peer dependency (package.json peerDependenciesMeta), so `npx ai-ready scan`
 * never installs it (docs/install.md). Each is loaded here, when the feature is asked for; when it
 * is not installed the caller gets a MissingPackageError whose message names the feature and the
 * exact `npm install` to run, which the CLI prints as one line with exit code 2 (no stack trace).
 */
import { createRequire } from 'node:module';

/** The optional packages and the feature each serves (the wording of the message). */
export const OPTIONAL_PACKAGES: Readonly<Record<string, string>> = {
  sqlite3: "the embedded SQLite store (`serve`, `keys`, `accounts`, `monitors`, the MCP server's history)",
  '@keyv/sqlite': 'the result cache of `serve` with the embedded SQLite store',
  pg: 'a Postgres database (`--database-url postgres://…`)',
  'pg-boss': 'the job queue of a Postgres database (`--database-url postgres://…`)',
  '@keyv/postgres': 'the result cache in Postgres (`--database-url` or `--cache-url postgres://…`)',
  '@keyv/redis': 'a Redis result cache (`--cache-url redis://…`)',
  'prom-client': 'Prometheus metrics (`serve --metrics`)',
  'puppeteer-core': 'rendered mode (`--render`)',
  'axe-core': 'rendered mode (`--render`, the agent-operability check)',
};

/** An optional package a feature needs is not installed. */
export class MissingPackageError extends Error {
  constructor(
    readonly packages: readonly string[],
    readonly feature: string,
  ) {
    super(
      `${feature} needs the optional package${packages.length > 1 ? 's' : ''} ${packages.join(', ')}, not installed: ` +
        `run \`npm install ${packages.join(' ')}\` where ai-ready is installed ` +
        `(\`npm install -g ${packages.join(' ')}\` beside a global install;` +
        ` with npx: \`npx ${packages.map((p) => `-p ${p}`).join(' ')} -p ai-ready ai-ready …\`)`,
    );
    this.name = 'MissingPackageError';
  }
}

const resolver = createRequire(import.meta.url);

/** The feature an optional package serves, for the message; a package outside the list keeps its name. */
function featureOf(name: string, feature?: string): string {
  return feature ?? OPTIONAL_PACKAGES[name] ?? name;
}

/** Whether an error from import()/require() says that `name` itself (not one of its files) is missing. */
export function isMissing(error: unknown, name: string): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return false;
  const message = String(e.message);
  return message.includes(`'${name}'`) || message.includes(`"${name}"`);
}

/**
 * Throws MissingPackageError naming every package of `names` that does not resolve: checked before
 * a feature starts (e.g. `serve --metrics`), so the person learns everything to install at once.
 */
export function assertInstalled(names: readonly string[], feature?: string): void {
  const missing = names.filter((name) => {
    try {
      resolver.resolve(name);
      return false;
    } catch (e) {
      // A package whose `exports` has no `require` condition still resolves for import().
      return (e as NodeJS.ErrnoException).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED';
    }
  });
  if (missing.length) throw new MissingPackageError(missing, feature ?? [...new Set(missing.map((name) => featureOf(name)))].join('; '));
}

/**
 * Loads an optional package: its module namespace (import) or exports (require). The CommonJS scan
 * bundle runs under node:vm (bin/compile-cache.js), where import() is unavailable: it requires
 * instead; the ES module build (whose banner defines require) and the sources import.
 */
export async function importOptional<T = Record<string, unknown>>(name: string, feature?: string): Promise<T> {
  try {
    return (typeof require === 'function' ? require(name) : await import(/* @vite-ignore */ name)) as T;
  } catch (e) {
    if (isMissing(e, name)) throw new MissingPackageError([name], featureOf(name, feature));
    throw e;
  }
}

/** Loads an optional CommonJS package synchronously (pg, pg-boss, sqlite3): its exports. */
export function requireOptional<T>(name: string, feature?: string): T {
  try {
    return resolver(name) as T;
  } catch (e) {
    if (isMissing(e, name)) throw new MissingPackageError([name], featureOf(name, feature));
    throw e;
  }
}

/** The default export of an optional package (a CommonJS module's exports). */
export async function importOptionalDefault<T>(name: string, feature?: string): Promise<T> {
  const mod = await importOptional<{ default?: T }>(name, feature);
  return (mod.default ?? mod) as T;
}
