/**
 * Which framework a project folder is, read from the folder itself: each platform pack with a
 * `project` shape (platforms/<id>.ts) says how it is recognised and where its static folder is;
 * shapes are tried from the most specific down (a Docusaurus site also depends on React), and
 * the plain static folder (platforms/static-folder.ts) comes last.
 */
import { existsSync, readdirSync } from 'node:fs';
import { FOLDERS, PLATFORMS, type ProjectId } from '../platforms/index.js';
import type { ProjectProbe, ProjectShape } from '../platforms/project-shape.js';
import { projectProbe } from './project-probe.js';

export interface Framework {
  /** The pack id (src/core/fixes/platforms/<id>.ts), "static" for a plain folder. */
  id: ProjectId;
  label: string;
  /** The folder, relative to the project, whose files are served at the site root; null: the builder publishes nothing we can write. */
  staticDir: string | null;
  /** Where the owner edits the page's <head> (layouts), for HTML a guide adds. */
  headFile?: string;
  /** Where the owner edits the page's <body> (the layout template), for HTML a guide adds near the top of the page. */
  bodyFile?: string;
  /** What led to this framework (a dependency or a file). */
  evidence: string;
}

interface ProjectPack {
  id: ProjectId;
  label: string;
  project: ProjectShape;
}

/** Every pack `fix` knows a project shape of, most specific first (registry order between equals). */
export const PROJECT_PACKS: readonly ProjectPack[] = (
  Object.entries({ ...PLATFORMS, ...FOLDERS }) as Array<[ProjectId, (typeof PLATFORMS)[keyof typeof PLATFORMS]]>
)
  .flatMap(([id, p]) => (p.project ? [{ id, label: p.label, project: p.project }] : []))
  .sort((a, b) => b.project.specificity - a.project.specificity);

/** The project shape of a framework id. */
export function shapeOf(id: ProjectId): ProjectShape | undefined {
  return PROJECT_PACKS.find((p) => p.id === id)?.project;
}

export class ProjectError extends Error {}

/** What recognises `shape` in the folder (one line), or null. */
function evidenceFor(shape: ProjectShape, p: ProjectProbe): string | null {
  const dep = shape.deps?.find((d) => d in p.deps);
  if (dep) return `package.json depends on ${dep}`;
  const file = shape.files?.find((f) => p.exists(f));
  if (file) return `${file} in the project`;
  return shape.recognise?.(p) ?? null;
}

/** The framework of `dir`; a folder with an index.html and no framework is a plain static site. */
export function detectFramework(dir: string): Framework {
  if (!existsSync(dir)) throw new ProjectError(`--dir ${dir} does not exist`);
  const probe = projectProbe(dir);
  for (const { id, label, project } of PROJECT_PACKS) {
    const evidence = evidenceFor(project, probe);
    if (evidence === null) continue;
    const staticDir = typeof project.staticDir === 'function' ? project.staticDir(probe) : project.staticDir;
    return { id, label, staticDir, headFile: project.headFile, bodyFile: project.bodyFile, evidence };
  }
  const seen = readdirSync(dir).slice(0, 8).join(', ') || 'nothing';
  throw new ProjectError(
    `could not tell which framework ${dir} uses (no package.json dependency or config file of a known framework, and no index.html; ` +
      `it holds ${seen}). Point --dir at the project's root, or at the folder your site is served from.`,
  );
}

const writable = PROJECT_PACKS.filter((p) => p.project.staticDir !== null);

/** The frameworks `fix` writes files for, for --help and docs. */
export const FRAMEWORK_LABELS = writable.map((p) => p.label);

/** The ids `fix` writes files for (the MCP form takes one of them). */
export const FRAMEWORK_IDS: readonly ProjectId[] = writable.map((p) => p.id);

/** A framework by id, for a project we cannot read (the MCP form): its starter's layout (Nuxt 3, VitePress in docs/). */
export function frameworkById(id: string): Framework | null {
  const pack = PROJECT_PACKS.find((p) => p.id === id);
  if (!pack) return null;
  const { project } = pack;
  const staticDir = project.starterStaticDir ?? (typeof project.staticDir === 'function' ? null : project.staticDir);
  return { id: pack.id, label: pack.label, staticDir, headFile: project.headFile, bodyFile: project.bodyFile, evidence: 'named by the caller' };
}
