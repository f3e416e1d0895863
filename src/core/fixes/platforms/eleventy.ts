/** Eleventy: files are copied only when the config passes them through. */
import { jsString } from '../escape.js';
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type PlatformFingerprint } from '../../platform/signals.js';
import { jsLiteral, jsonValue, originFrom, stripJsComments } from './config-values.js';
import type { PlanFinish, ProjectShape } from './project-shape.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
};

/** How the detector knows Eleventy (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [{ kind: 'generator', pattern: /^Eleventy/i, weight: STRONG, label: 'meta generator Eleventy' }],
};

const CONFIGS = ['eleventy.config.js', 'eleventy.config.mjs', 'eleventy.config.cjs', '.eleventy.js'];

/** Eleventy copies public/ only when the config passes it through: the owner is told when it does not. */
function passThroughPublic(x: PlanFinish): void {
  const cause = x.changedFiles().find((f) => f.startsWith('public/'));
  if (!cause) return;
  const passes = CONFIGS.some((f) => x.exists(f) && /addPassthroughCopy\([^)]*["'`]public\/?["'`]/.test(x.read(f) ?? ''));
  if (passes) return;
  x.manual(cause, {
    title: 'Eleventy copies public/ only when the config passes it through',
    text: "In your Eleventy config (eleventy.config.js or .eleventy.js): eleventyConfig.addPassthroughCopy({ public: '/' });",
  });
}

/** An Eleventy project: public/ (passed through) is served at the root; a root robots.txt may be passed through instead. */
const project: ProjectShape = {
  specificity: 2,
  deps: ['@11ty/eleventy'],
  files: ['.eleventy.js', 'eleventy.config.js', 'eleventy.config.mjs'],
  staticDir: 'public',
  headFile: 'your base layout (_includes/)',
  bodyFile: 'your base layout (_includes/)',
  configFiles: [...CONFIGS, 'robots.txt'],
  origin: originFrom(
    ['', 'src/'].flatMap((d) => ['metadata.json', 'site.json', 'metadata.js', 'site.js'].map((f) => `${d}_data/${f}`)),
    'url',
    (t) => ({ url: jsonValue(t, 'url') ?? jsLiteral(stripJsComments(t), 'url') }),
  ),
  robotsSource(read) {
    if (read('robots.txt') === null) return null;
    const config = CONFIGS.find((f) => /addPassthroughCopy\(\s*["'`]robots\.txt["'`]/.test(read(f) ?? ''));
    return config ? { kind: 'file', file: 'robots.txt', why: `${config} passes robots.txt through` } : null;
  },
  finishPlan: passThroughPublic,
};

export const eleventy: PlatformPack = {
  ...staticSite('eleventy', 'public', {
    hooks,
    copyNote: (file) =>
      ` Copy it through in your Eleventy config: \`eleventyConfig.addPassthroughCopy({ ${jsString(`public/${file}`)}: ${jsString(file)} });\``,
  }),
  label: 'Eleventy',
  fingerprint,
  project,
};
