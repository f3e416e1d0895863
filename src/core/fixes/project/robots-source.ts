/**
 * Where a project's robots.txt really comes from. Next.js builds it from app/robots.ts, Nuxt and
 * Astro from a robots module named in their config, Eleventy copies a root robots.txt through:
 * a second robots.txt in the static folder would compete with the owner's for /robots.txt
 * (Next.js treats a public file and a route at the same path as an error). Each pack's project
 * shape says where (`robotsSource`); then fix changes the owner's source when it is a plain text
 * file, and otherwise prints the change.
 */
import type { RobotsSource } from '../platforms/project-shape.js';
import { shapeOf, type Framework } from './frameworks.js';

export type { RobotsSource };

/** The robots.txt source of the project; `read` gives a project file's text or null (contained reads). */
export function robotsSource(framework: Framework, read: (file: string) => string | null): RobotsSource {
  return shapeOf(framework.id)?.robotsSource?.(read) ?? { kind: 'static' };
}
