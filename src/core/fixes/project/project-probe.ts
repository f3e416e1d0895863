/** The project folder as the packs' project shapes read it: package.json, file presence, config text. */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectProbe } from '../platforms/project-shape.js';

/** Config files larger than this are not read (a config is a few KB). */
export const CONFIG_MAX_BYTES = 256 * 1024;

/** A config file's text: a regular file (no symlink followed), at most CONFIG_MAX_BYTES; else null. */
export function readConfig(dir: string, file: string): string | null {
  const path = join(dir, file);
  try {
    if (!existsSync(path)) return null;
    const st = lstatSync(path);
    if (!st.isFile() || st.size > CONFIG_MAX_BYTES) return null;
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function dependencies(dir: string): Record<string, string> {
  const text = readConfig(dir, 'package.json');
  if (text === null) return {};
  try {
    const pkg = JSON.parse(text) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
    return { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  } catch {
    return {};
  }
}

/** The probe of the folder `dir`. */
export function projectProbe(dir: string): ProjectProbe {
  return { deps: dependencies(dir), exists: (rel) => existsSync(join(dir, rel)), config: (rel) => readConfig(dir, rel) };
}
