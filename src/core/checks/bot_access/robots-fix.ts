/**
 * Where robots.txt lines are added on each platform (catalog §6.5), shared by B1, B2, B5 and D1.
 * The checks hand structured rules (core/fixes/robots-rules.ts); each platform's pack writes them in
 * its own syntax, and the neutral step shows the robots.txt text. Unlike serveFileSteps, these
 * steps add lines to an existing robots.txt instead of replacing it.
 */
import type { FixStep } from '../../schema.js';
import type { FixContext } from '../types.js';
import { robotsLinesOf, robotsLinesText, type RobotsRules } from '../../fixes/robots-rules.js';
import { platformHook, throughHosts, withPublish, type PublishOrigin } from '../../fixes/platform-steps.js';

/** Platform step(s) that add the rules to the site's robots.txt (the platform's pack knows how; else the file itself). */
export function robotsLinesSteps(fx: FixContext, rules: RobotsRules, origin: PublishOrigin): FixStep[] {
  const text = robotsLinesText(rules);
  const steps: FixStep[] = platformHook(fx, 'robotsLines')?.(fx, rules) ?? [
    {
      title: 'Add the lines to /robots.txt',
      body: 'Edit the robots.txt at your site root (static/ or public/ folder, or the web root) and add:',
      code: text,
      lang: 'text',
    },
  ];
  // A host in front of the site (a CDN's managed robots.txt) adds its own way.
  return withPublish(
    throughHosts(fx, 'robotsLines', steps, rules),
    { kind: 'lines', path: '/robots.txt', content: text, robots: robotsLinesOf(rules) },
    origin,
  );
}

/** Whether the platform generates robots.txt itself (lines are added to its file rather than a file served). */
export function platformWritesRobots(fx: FixContext): boolean {
  return !!platformHook(fx, 'robotsLines');
}
