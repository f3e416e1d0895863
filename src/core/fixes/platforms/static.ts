/**
 * A plain static folder (no framework): the folder holding index.html is the site, served as it
 * is, so HTML a guide adds is written into its pages. Guides fall back to the site's hosting.
 */
import type { PlatformPack } from './types.js';
import type { ProjectShape } from './project-shape.js';

/** The folder served: public/ when it holds the home page, else the project root. */
const served = (exists: (rel: string) => boolean): string | null => (exists('public/index.html') ? 'public' : exists('index.html') ? '.' : null);

const project: ProjectShape = {
  specificity: 0,
  recognise: (p) => {
    const dir = served(p.exists);
    return dir === null ? null : `${dir === '.' ? '' : `${dir}/`}index.html`;
  },
  staticDir: (p) => served(p.exists) ?? '.',
  starterStaticDir: '.',
  writesPages: true,
};

export const staticFolder: PlatformPack = { id: 'static', label: 'Plain static folder', project };
