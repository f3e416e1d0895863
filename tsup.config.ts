import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defineConfig, type Options } from 'tsup';

/**
 * Pure-JS packages on the scan path, bundled into dist: one file to load instead of dozens of
 * module resolutions, stats and compiles per package (the largest start-up cost of a scan; see
 * docs/performance.md). Their dependencies are bundled with them. Licences (MIT, ISC,
 * BSD-2-Clause) allow it; their notices go to dist/THIRD-PARTY-LICENSES.txt. The MCP SDK and zod
 * are on the scan path of sites with an MCP card (A4's live probe): bundled, they load in ~0.08 s
 * instead of ~0.2 s. Native sqlite3 and ink/react stay external: they are never on the scan path.
 */
const BUNDLED = [
  'commander',
  'chalk',
  'wrap-ansi',
  'cheerio',
  'htmlparser2',
  'yaml',
  'fast-xml-parser',
  'robots-parser',
  'structured-headers',
  'zod',
  '@modelcontextprotocol/sdk',
  'diff',
  'turndown',
];

const ALLOWED_LICENSES = new Set(['MIT', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD']);

/**
 * Writes dist/THIRD-PARTY-LICENSES.txt: the name, version, licence and licence text of every
 * package the metafiles (ES module build and CommonJS scan bundle) say was bundled. Fails the build on a licence outside the allowlist.
 */
function writeThirdPartyLicenses(outDir: string): void {
  const inputs: string[] = [];
  for (const format of ['esm', 'cjs']) {
    const metaPath = join(outDir, `metafile-${format}.json`);
    if (!existsSync(metaPath)) continue;
    inputs.push(...Object.keys(JSON.parse(readFileSync(metaPath, 'utf8')).inputs as Record<string, unknown>));
    rmSync(metaPath); // a build artefact, not something to publish
  }
  if (inputs.length === 0) return;
  const roots = new Set<string>();
  for (const file of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
    if (m) roots.add(m[1]);
  }
  const notices: string[] = [];
  for (const root of [...roots].sort()) {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
    const license = pkg.license ?? 'UNKNOWN';
    if (!ALLOWED_LICENSES.has(license)) throw new Error(`tsup: ${pkg.name} is ${license}, not in the bundling allowlist`);
    const file = readdirSync(root).find((f) => /^(licen[cs]e|copying)/i.test(f));
    notices.push(`${pkg.name} ${pkg.version} (${license})\n\n${file ? readFileSync(join(root, file), 'utf8').trim() : `Licensed under ${license}.`}`);
  }
  const header = 'ai-ready bundles the following packages into dist/. Their licences and notices follow.\n';
  writeFileSync(join(outDir, 'THIRD-PARTY-LICENSES.txt'), [header, ...notices].join(`\n\n${'-'.repeat(72)}\n\n`) + '\n');
}

/**
 * commander requires node:child_process at load time, only to run executable subcommands, which
 * ai-ready has none of; that require alone loads ~45 Node internals (net, dgram, streams) into
 * every start-up. Inside commander it becomes a proxy that loads the module on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build: { onResolve: Function; onLoad: Function }) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, (args: { importer: string }) =>
      /node_modules[\\/]commander[\\/]/.test(args.importer) ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};

/** An esbuild plugin that rewrites the source of one dependency file as it is bundled. */
function rewriteFile(name: string, filter: RegExp, rewrite: (source: string) => string) {
  return {
    name,
    setup(build: { onLoad: Function }) {
      build.onLoad({ filter }, async (args: { path: string }) => ({
        contents: rewrite(await readFile(args.path, 'utf8')),
        loader: 'js',
        resolveDir: dirname(args.path),
      }));
    },
  };
}

/**
 * The MCP SDK's client transport builds its request headers with the global Headers, whose first
 * use loads all of Node's bundled undici (~30 ms of CPU) on the scan path of every site with an
 * MCP card. In the bundles it gets src/core/gather/light-fetch.ts's Headers instead; the live
 * probe's fetch adapter answers with the matching Response (see that file).
 */
const sdkLightHeaders = rewriteFile(
  'sdk-light-headers',
  /@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]client[\\/]streamableHttp\.js$/,
  (source) => `import { LightHeaders as Headers } from ${JSON.stringify(resolve('src/core/gather/light-fetch.ts'))};\n${source}`,
);

/**
 * The MCP SDK's types.js builds some 300 zod schemas at load (~30 ms of CPU), of which the live
 * probe needs a few dozen. Its schema-building calls are pure, but esbuild cannot know that: they
 * are annotated (`/* @__PURE__ *\/`), so a bundle keeps only the schemas something in it uses
 * (the scan bundle: the JSON-RPC messages, initialize and tools/list). Nothing else changes.
 */
const sdkPureSchemas = rewriteFile('sdk-pure-schemas', /@modelcontextprotocol[\\/]sdk[\\/]dist[\\/]esm[\\/]types\.js$/, (source) =>
  source.replace(/(?<![\w.$])(z\.\w+\(|[A-Z]\w*Schema\.\w+\()/g, '/* @__PURE__ */ $1'),
);

/**
 * The scan bundle is CommonJS, and ink (the live progress view) cannot be require()d: yoga-layout
 * awaits at its top level. load-progress.ts becomes an import of dist/progress.js, the view's ES
 * module build, through the import function bin/compile-cache.js hands the bundle (code compiled
 * by node:vm cannot import() without an experimental flag); run by plain Node it imports directly.
 */
const progressIsland = {
  name: 'progress-island',
  setup(build: { onLoad: Function }) {
    build.onLoad({ filter: /[\\/]src[\\/]cli[\\/]load-progress\.ts$/ }, () => ({
      contents: [
        "const { join } = require('node:path');",
        "const { pathToFileURL } = require('node:url');",
        'export function loadProgress() {',
        "  const url = pathToFileURL(join(__dirname, 'progress.js')).href;",
        "  return typeof __aiReadyImport === 'function' ? __aiReadyImport(url) : import(url);",
        '}',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/**
 * dist/scan-cli.cjs: `ai-ready scan` (src/cli/scan-main.ts) as one CommonJS file, for the V8 code
 * cache of bin/compile-cache.js. Everything of the scan path is in it (lazy parts stay lazy: esbuild
 * wraps them in init functions); the server, stores and MCP endpoints are not.
 */
async function buildScanBundle(outDir: string): Promise<void> {
  const options: Options = {
    config: false,
    entry: { 'scan-cli': 'src/cli/scan-main.ts' },
    outDir,
    format: ['cjs'],
    outExtension: () => ({ js: '.cjs' }),
    target: 'node20',
    platform: 'node',
    dts: false,
    splitting: false,
    sourcemap: false,
    clean: false,
    silent: true,
    noExternal: BUNDLED.map((name) => new RegExp(`^${name}(/|$)`)),
    // import.meta.url (version.ts, worker-pool.ts) from __filename.
    shims: true,
    metafile: true,
    esbuildPlugins: [lazyChildProcess, progressIsland, sdkLightHeaders, sdkPureSchemas],
    removeNodeProtocol: false,
  };
  await build(options);
}

/**
 * Writes dist/help/: the help texts of the built CLI for every terminal width (src/cli/help-texts.ts),
 * which bin/help.js prints for `ai-ready --help` without loading the ES module CLI. Rendered from
 * the program just built, so they cannot drift from what commander would print.
 */
async function writeHelpTexts(outDir: string): Promise<void> {
  const entry = pathToFileURL(resolve(outDir, 'help-texts.js')).href;
  const { HELP_FORMS, helpTable } = (await import(`${entry}?build=${Date.now()}`)) as typeof import('./src/cli/help-texts.js');
  const dir = join(outDir, 'help');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const index: { forms: Record<string, string>; targets: Record<string, Array<[number, string]>> } = { forms: {}, targets: {} };
  for (const [name, forms] of Object.entries(HELP_FORMS)) {
    const table = await helpTable(forms[0]);
    table.texts.forEach((text, i) => writeFileSync(join(dir, `${name}-${i}.txt`), text));
    index.targets[name] = table.ranges.map(([from, i]) => [from, `${name}-${i}.txt`]);
    for (const form of forms) index.forms[form.join('\u0000')] = name;
  }
  writeFileSync(join(dir, 'index.json'), JSON.stringify(index));
}

// AI_READY_NO_DTS skips the declaration build: the test setup rebuilds dist on every run
// and only needs the JavaScript.
export default defineConfig({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli/main.ts',
    // Each scan worker thread's entry (src/runner/worker-pool.ts finds it beside its chunk).
    'scan-worker': 'src/runner/scan-worker.ts',
    // Imported by onSuccess only, to write dist/help/ (see writeHelpTexts).
    'help-texts': 'src/cli/help-texts.ts',
    // The live progress view, imported by the CommonJS scan bundle (see progressIsland).
    progress: 'src/cli/progress.tsx',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: process.env.AI_READY_NO_DTS ? false : { entry: { index: 'src/index.ts' } },
  splitting: true,
  sourcemap: false,
  noExternal: BUNDLED.map((name) => new RegExp(`^${name}(/|$)`)),
  // Bundled CommonJS packages (commander, yaml) require Node built-ins; ESM has no `require`.
  banner: { js: "import { createRequire as __aiReadyRequire } from 'node:module';\nconst require = __aiReadyRequire(import.meta.url);" },
  // The metafile lists every bundled input: the licence notices are collected from it.
  metafile: true,
  esbuildPlugins: [lazyChildProcess, sdkLightHeaders, sdkPureSchemas],
  // Keeps `node:` specifiers as written, so the plugin above sees commander's require.
  removeNodeProtocol: false,
  // Test builds (AI_READY_NO_DTS) keep old chunks so parallel test runs never lose files mid-run.
  clean: !process.env.AI_READY_NO_DTS,
  shims: false,
  onSuccess: async () => {
    await buildScanBundle('dist');
    writeThirdPartyLicenses('dist');
    // Postgres migrations are SQL files read at run time from `migrations/` next to the bundle.
    cpSync('src/store/postgres/migrations', 'dist/migrations', { recursive: true });
    await writeHelpTexts('dist');
  },
});
