/**
 * `ai-ready scan --help` enumerates the page-level checks and the checks with a rendered reading
 * from what the checks declare (src/cli/declared-checks.ts), not from a list written in the help.
 */
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/checks/index.js';
import { asksForHelp, declaredChecks, loadDeclaredChecks } from '../../src/cli/declared-checks.js';
import { helpRenderer } from '../../src/cli/help-texts.js';

describe('the checks the scan help enumerates', () => {
  it('are those whose metas declare pageLevel, and those with a rendered reading', async () => {
    const declared = await loadDeclaredChecks();
    expect(declared.pageLevel).toEqual(CHECKS.filter((c) => c.meta.pageLevel).map((c) => c.meta.id));
    expect(declared.rendered).toEqual(CHECKS.filter((c) => c.rendered).map((c) => c.meta.id));
    expect(declared.pageLevel.length).toBeGreaterThanOrEqual(7);
    expect(declared.rendered.length).toBeGreaterThanOrEqual(5);
    expect(declaredChecks()).toBe(declared);
  });

  it('are named in the help text, one unwrapped line', async () => {
    const { stdout } = await helpRenderer(['scan', '--help'])(100_000);
    const { pageLevel, rendered } = declaredChecks()!;
    expect(stdout.replace(/\n/g, ' ')).toContain(`the page-level checks (${pageLevel.join(', ')}) run on each`);
    expect(stdout.replace(/\n/g, ' ')).toContain(`The checks with a rendered reading (${rendered.join(', ')}) then read what the browser saw`);
  });

  it('are loaded for a command line that asks for help, and only then', () => {
    for (const args of [['scan', '--help'], ['scan', '-h'], ['help', 'scan'], ['--help']]) expect(asksForHelp(args), args.join(' ')).toBe(true);
    for (const args of [['scan', 'example.com'], ['rubric'], ['scan', '--', 'help']]) expect(asksForHelp(args), args.join(' ')).toBe(false);
  });
});
