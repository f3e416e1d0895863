/** Jekyll: copies the site source to the site root, skipping dot folders and "_" files unless told. */
import { jekyllCopyNote, staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, MEDIUM, type PlatformFingerprint } from '../../platform/signals.js';
import { originFrom, stripHashComments, yamlValue } from './config-values.js';
import type { PlanFinish, ProjectShape } from './project-shape.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [{ title: 'Add jekyll-sitemap', code: '# _config.yml\nurl: "' + fx.origin + '"\nplugins:\n  - jekyll-sitemap\n', lang: 'yaml' }];
  },
};

/** How the detector knows Jekyll (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [
    { kind: 'generator', pattern: /^Jekyll/i, weight: STRONG, label: 'meta generator Jekyll' },
    { kind: 'html', pattern: /Begin Jekyll SEO tag/, weight: MEDIUM, label: 'jekyll-seo-tag comment' },
  ],
};

const CONFIGS = ['_config.yml', '_config.yaml'];

/** Jekyll leaves out files and folders whose names start with "." or "_" unless _config.yml includes them. */
function includeHidden(x: PlanFinish): void {
  const changed = x.changedFiles();
  const hidden = [...new Set(changed.map((f) => f.split('/')[0]).filter((top) => /^[._]/.test(top) && top !== '.' && !CONFIGS.includes(top)))];
  if (!hidden.length) return;
  const config = CONFIGS.find((f) => x.exists(f)) ?? CONFIGS[0];
  const text = x.read(config) ?? '';
  const cause = changed.find((f) => hidden.some((d) => f === d || f.startsWith(`${d}/`)))!;
  const listed = (d: string) => new RegExp(`(^|[\\s\\[,'"-])${d.replace(/[.]/g, '\\.')}(['"]?)(\\s*[\\],]|\\s*$)`, 'm').test(text);
  const missing = hidden.filter((d) => !listed(d));
  if (!missing.length) return;
  const quoted = missing.map((d) => JSON.stringify(d));
  const block = /^include\s*:\s*$/m.exec(text);
  if (block) {
    // A block list: the new items go right under "include:", the owner's items stay as they are.
    const at = block.index + block[0].length;
    x.writeConfig(config, `${text.slice(0, at)}\n${quoted.map((d) => `  - ${d}`).join('\n')}${text.slice(at)}`, cause);
  } else if (/^include\s*:/m.test(text)) {
    x.conflict(cause, `${config} has an include: list on one line; add ${quoted.join(', ')} to it (Jekyll leaves out files starting with "." or "_")`);
  } else x.writeConfig(config, `${text.replace(/\n*$/, text ? '\n' : '')}include: [${quoted.join(', ')}]\n`, cause);
}

/** A Jekyll project: the project root is the site; `url` + `baseurl` in _config.yml name the origin. */
const project: ProjectShape = {
  specificity: 1,
  files: CONFIGS,
  staticDir: '.',
  headFile: '_includes/head.html',
  bodyFile: '_layouts/default.html',
  configFiles: CONFIGS,
  origin: originFrom(CONFIGS, 'url + baseurl', (t) => {
    const text = stripHashComments(t);
    return { url: yamlValue(text, 'url'), base: yamlValue(text, 'baseurl') };
  }),
  finishPlan: includeHidden,
};

export const jekyll: PlatformPack = {
  ...staticSite('jekyll', '.', {
    hooks,
    copyNote: jekyllCopyNote,
    headerNote: ' Jekyll skips files starting with "_": add `include: ["_headers"]` to _config.yml.',
  }),
  label: 'Jekyll',
  fingerprint,
  project,
};
