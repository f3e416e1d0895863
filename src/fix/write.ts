/** Writes a plan's files into the project (--write): folders made as needed, nothing outside --dir. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import type { FixPlan } from './plan.js';

export function writePlan(dir: string, plan: FixPlan): string[] {
  const root = resolve(dir);
  const written: string[] = [];
  for (const f of plan.files) {
    const path = resolve(root, f.file);
    // A guide's path comes from a check, not the owner: never let "../" leave the project.
    if (path !== root && !path.startsWith(root + sep)) throw new Error(`refusing to write outside the project: ${f.file}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.after);
    written.push(relative(root, path) || f.file);
  }
  return written;
}
