/**
 * Where robots.txt lines are added on each platform (catalog §6.5), shared by B1, B2 and B5.
 * Unlike serveFileSteps, these steps add lines to an existing robots.txt instead of replacing it.
 */
import type { FixStep } from '../../schema.js';
import type { FixContext } from '../types.js';
import type { RobotsLinesSpec } from '../../fixes/platforms/types.js';
import { platformHook, throughHosts, withPublish } from '../../fixes/platform-steps.js';

/** Platform step(s) that add `spec.snippet` to the site's robots.txt (the platform's pack knows how; else the file itself). */
export function robotsLinesSteps(fx: FixContext, spec: RobotsLinesSpec): FixStep[] {
  const steps: FixStep[] = platformHook(fx, 'robotsLines')?.(fx, spec) ?? [
    {
      title: 'Add the lines to /robots.txt',
      body: 'Edit the robots.txt at your site root (static/ or public/ folder, or the web root) and add:',
      code: spec.snippet,
      lang: 'text',
    },
  ];
  // A host in front of the site (Cloudflare's managed robots.txt) adds its own way.
  return withPublish(throughHosts(fx, 'robotsLines', steps, spec), { kind: 'lines', path: '/robots.txt', content: spec.snippet });
}

/** Whether the platform generates robots.txt itself (lines are added to its file rather than a file served). */
export function platformWritesRobots(fx: FixContext): boolean {
  return !!platformHook(fx, 'robotsLines');
}
