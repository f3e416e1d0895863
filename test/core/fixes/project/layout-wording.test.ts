/**
 * HTML a guide adds to a framework's pages is printed with the one file to put it in, and that file
 * is true for the element: a <body> addition names the layout template that holds the <body>, never
 * the place where only the <head> is edited ("Add to the <body> ... (the <head> of your layout)").
 */
import { describe, expect, it } from 'vitest';
import { FRAMEWORK_IDS, frameworkById } from '../../../../src/core/fixes/project/frameworks.js';
import { planFixes } from '../../../../src/core/fixes/project/plan.js';
import type { FixStep } from '../../../../src/core/schema.js';

const step = (where: 'head' | 'body', content: string): FixStep => ({
  title: `add to the ${where}`,
  source: 'site',
  publish: { kind: 'html', path: '/', where, content },
});

describe('HTML printed for a framework layout', () => {
  for (const id of FRAMEWORK_IDS.filter((f) => f !== 'static')) {
    it(`${id}: the <head> and the <body> additions each name one place, true for that element`, () => {
      const framework = frameworkById(id)!;
      const plan = planFixes(
        {
          url: 'https://acme.test/',
          checks: [
            {
              id: 'D6',
              name: 'D6',
              status: 'fail',
              weight: 5,
              earned: 0,
              fixGuide: [step('head', '<meta name="x" content="y">'), step('body', '<p>For agents</p>')],
            },
          ],
        },
        { dir: null, framework },
      );
      const titles = plan.checks[0].manual.map((m) => m.title);
      const head = titles.find((t) => t.startsWith('Add to the <head>'))!;
      const body = titles.find((t) => t.startsWith('Add to the <body>'))!;
      expect(head, titles.join('\n')).toBe(`Add to the <head> of every page in ${framework.headFile}`);
      expect(body, titles.join('\n')).toBe(`Add to the <body> of every page in ${framework.bodyFile}`);
      // One element per instruction: a <body> step never sends the owner to where the <head> is edited.
      expect(body).not.toMatch(/head/i);
      expect(framework.bodyFile).toBeTruthy();
      expect(head.match(/<\w+>/g)).toEqual(['<head>']);
    });
  }
});
