/** Hugo: a static site generator copying static/ to the site root. */
import { staticSite } from './shared.js';
import { staticBuildMarkdownNegotiation } from './shared-hooks.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { STRONG, type PlatformFingerprint } from '../../platform/signals.js';
import type { ProjectShape } from './project-shape.js';
import { jsonValue, originFrom, stripHashComments, tomlValue, yamlValue } from './config-values.js';

const hooks: PlatformHooks = {
  markdownNegotiation: staticBuildMarkdownNegotiation,
  sitemap(fx) {
    return [
      {
        title: 'Hugo builds /sitemap.xml',
        body: 'Hugo writes sitemap.xml by default; check that `disableKinds` does not include "sitemap" and that `baseURL` is your public origin.',
      },
    ];
  },
};

/** How the detector knows Hugo (catalog §6.2). */
const fingerprint: PlatformFingerprint = {
  category: 'ssg',
  rank: 1,
  signals: [{ kind: 'generator', pattern: /^Hugo/i, weight: STRONG, label: 'meta generator Hugo' }],
};

/** A Hugo project: static/ is served at the root; the origin is `baseURL`. */
const project: ProjectShape = {
  specificity: 1,
  files: ['hugo.toml', 'hugo.yaml', 'hugo.json'],
  // Hugo before 0.110 used config.toml: only with a Hugo layout beside it.
  recognise: (p) => {
    const config = ['config.toml', 'config.yaml'].find((f) => p.exists(f));
    return config && ['archetypes', 'layouts', 'content'].some((f) => p.exists(f)) ? `${config} in the project` : null;
  },
  staticDir: 'static',
  headFile: 'layouts/partials/head.html',
  bodyFile: 'layouts/_default/baseof.html',
  origin: originFrom(['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml'], 'baseURL', (t) => {
    const text = stripHashComments(t);
    return { url: tomlValue(text, 'baseURL') ?? yamlValue(text, 'baseURL') ?? jsonValue(t, 'baseURL') };
  }),
};

export const hugo: PlatformPack = { ...staticSite('hugo', 'static', { hooks }), label: 'Hugo', fingerprint, project };
