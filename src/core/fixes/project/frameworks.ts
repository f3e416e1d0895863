/**
 * Which framework a project folder is, read from the folder itself (package.json dependencies and
 * config files), and where that framework takes files that are served as they are. Each entry's
 * static folder is the one its platform pack tells owners to use (src/core/fixes/platforms/<id>.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface Framework {
  /** The platform pack id (src/core/fixes/platforms/<id>.ts), or "static" for a plain folder. */
  id: string;
  label: string;
  /** The folder, relative to the project, whose files are served at the site root; null: the builder publishes nothing we can write. */
  staticDir: string | null;
  /** Where the owner edits the page's <head> (layouts), for HTML a guide adds: written only for a plain static folder. */
  headFile?: string;
  /** What led to this framework (a dependency or a file). */
  evidence: string;
}

interface Rule {
  id: string;
  label: string;
  deps?: string[];
  files?: string[];
  staticDir: string | null | ((dir: string, deps: Record<string, string>) => string);
  headFile?: string;
}

/** Most specific first: a Docusaurus or VitePress site also depends on React or Vue. */
const RULES: Rule[] = [
  {
    id: 'docusaurus',
    label: 'Docusaurus',
    deps: ['@docusaurus/core'],
    files: ['docusaurus.config.js', 'docusaurus.config.ts'],
    staticDir: 'static',
    headFile: 'docusaurus.config.js (headTags)',
  },
  { id: 'vitepress', label: 'VitePress', deps: ['vitepress'], staticDir: vitepressPublic, headFile: '.vitepress/config (head)' },
  {
    id: 'nextjs',
    label: 'Next.js',
    deps: ['next'],
    files: ['next.config.js', 'next.config.mjs', 'next.config.ts'],
    staticDir: 'public',
    headFile: 'app/layout.tsx (metadata) or pages/_document.tsx',
  },
  {
    id: 'nuxt',
    label: 'Nuxt',
    deps: ['nuxt'],
    files: ['nuxt.config.ts', 'nuxt.config.js'],
    staticDir: (_d, deps) => (/^[\^~]?2\./.test(deps.nuxt ?? '') ? 'static' : 'public'),
    headFile: 'nuxt.config (app.head)',
  },
  {
    id: 'astro',
    label: 'Astro',
    deps: ['astro'],
    files: ['astro.config.mjs', 'astro.config.ts'],
    staticDir: 'public',
    headFile: 'src/layouts/ (the <head> of your layout)',
  },
  {
    id: 'gatsby',
    label: 'Gatsby',
    deps: ['gatsby'],
    files: ['gatsby-config.js', 'gatsby-config.ts'],
    staticDir: 'static',
    headFile: 'gatsby-ssr.js (onRenderBody) or the Head export',
  },
  { id: 'sveltekit', label: 'SvelteKit', deps: ['@sveltejs/kit'], files: ['svelte.config.js'], staticDir: 'static', headFile: 'src/app.html' },
  {
    id: 'eleventy',
    label: 'Eleventy',
    deps: ['@11ty/eleventy'],
    files: ['.eleventy.js', 'eleventy.config.js', 'eleventy.config.mjs'],
    staticDir: 'public',
    headFile: 'your base layout (_includes/)',
  },
  { id: 'hugo', label: 'Hugo', files: ['hugo.toml', 'hugo.yaml', 'hugo.json'], staticDir: 'static', headFile: 'layouts/partials/head.html' },
  { id: 'jekyll', label: 'Jekyll', files: ['_config.yml', '_config.yaml'], staticDir: '.', headFile: '_includes/head.html' },
  { id: 'wordpress', label: 'WordPress', files: ['wp-config.php', 'wp-content'], staticDir: null },
];

function vitepressPublic(dir: string): string {
  // VitePress serves <srcDir>/public; the config lives in <srcDir>/.vitepress (docs/ by convention).
  for (const src of ['docs', '.', 'src']) if (existsSync(join(dir, src, '.vitepress'))) return src === '.' ? 'public' : `${src}/public`;
  return 'docs/public';
}

function dependencies(dir: string): Record<string, string> | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    return { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  } catch {
    return null;
  }
}

/** Hugo before 0.110 used config.toml: only with a Hugo layout beside it. */
function olderHugo(dir: string): boolean {
  return ['config.toml', 'config.yaml'].some((f) => existsSync(join(dir, f))) && ['archetypes', 'layouts', 'content'].some((f) => existsSync(join(dir, f)));
}

export class ProjectError extends Error {}

/** The framework of `dir`; a folder with an index.html and no framework is a plain static site. */
export function detectFramework(dir: string): Framework {
  if (!existsSync(dir)) throw new ProjectError(`--dir ${dir} does not exist`);
  const deps = dependencies(dir) ?? {};
  for (const r of RULES) {
    const dep = r.deps?.find((d) => d in deps);
    const file = r.files?.find((f) => existsSync(join(dir, f)));
    if (!dep && !file && !(r.id === 'hugo' && olderHugo(dir))) continue;
    const staticDir = typeof r.staticDir === 'function' ? r.staticDir(dir, deps) : r.staticDir;
    return {
      id: r.id,
      label: r.label,
      staticDir,
      headFile: r.headFile,
      evidence: dep ? `package.json depends on ${dep}` : `${file ?? 'config.toml'} in the project`,
    };
  }
  for (const candidate of ['public', '.']) {
    if (existsSync(join(dir, candidate, 'index.html')))
      return { id: 'static', label: 'Static folder', staticDir: candidate, evidence: `${candidate === '.' ? '' : `${candidate}/`}index.html` };
  }
  const seen = readdirSync(dir).slice(0, 8).join(', ') || 'nothing';
  throw new ProjectError(
    `could not tell which framework ${dir} uses (no package.json dependency or config file of a known framework, and no index.html; it holds ${seen}). Point --dir at the project's root, or at the folder your site is served from.`,
  );
}

/** The frameworks `fix` knows, for --help and docs. */
export const FRAMEWORK_LABELS = [...RULES.filter((r) => r.staticDir !== null).map((r) => r.label), 'a plain static folder'];

/** The ids `fix` writes files for (the MCP form takes one of them). */
export const FRAMEWORK_IDS = [...RULES.filter((r) => r.staticDir !== null).map((r) => r.id), 'static'];

/** A framework by id, for a project we cannot read (the MCP form): its starter's layout (Nuxt 3, VitePress in docs/). */
export function frameworkById(id: string): Framework | null {
  if (id === 'static') return { id, label: 'Static folder', staticDir: '.', evidence: 'named by the caller' };
  const r = RULES.find((x) => x.id === id);
  if (!r) return null;
  const staticDir = typeof r.staticDir === 'function' ? (id === 'vitepress' ? 'docs/public' : 'public') : r.staticDir;
  return { id: r.id, label: r.label, staticDir, headFile: r.headFile, evidence: 'named by the caller' };
}
