/**
 * The origin a project is published at, read from its framework's config as text by the reader
 * its pack declares (`project.origin` in platforms/<id>.ts, built from platforms/config-values.ts).
 * Nothing of the project is executed: a value built from code or the environment is not read.
 */
import type { ProductionOrigin } from '../platforms/project-shape.js';
import type { ProjectId } from '../platforms/index.js';
import { shapeOf } from './frameworks.js';
import { projectProbe } from './project-probe.js';

export type { ProductionOrigin };
export { CONFIG_MAX_BYTES, readConfig } from './project-probe.js';

/** The production origin the project's config names, or null (no reader for the framework, no literal, or a local address). */
export function configOrigin(dir: string | null, frameworkId: ProjectId): ProductionOrigin | null {
  if (dir === null) return null;
  return shapeOf(frameworkId)?.origin?.(projectProbe(dir)) ?? null;
}
