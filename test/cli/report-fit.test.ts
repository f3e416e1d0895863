/**
 * What a person meets first (issue 31.3, 31.6), through the real CLI: `ai-ready demo` serves a
 * WordPress-like sample site on loopback that grades D and prints its report, which fits about
 * two screens at 100 columns; code blocks copy without a gutter and wrap only where the code still
 * works; rubric, explain and --standards wrap to the width; every command takes --no-color.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const columns = (text: string) => text.split('\n').map((l) => [...l].length);

/** The lines between fences (```lang … ```), each block as one array. */
function codeBlocks(text: string): string[][] {
  const blocks: string[][] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const open = /^\s*(`{3,})[\w+-]*$/.exec(line);
    if (fence === null && open) {
      fence = open[1];
      blocks.push([]);
    } else if (fence !== null && line.trim() === fence) fence = null;
    else if (fence !== null) blocks.at(-1)!.push(line);
  }
  return blocks;
}

describe('ai-ready demo', () => {
  it('scans the sample site (grade D) and the report fits about two screens at 100 columns', async () => {
    const run = await runCli(['demo'], { env: { COLUMNS: '100' }, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const text = run.stdout;
    expect(text).toContain('Grade D');
    expect(text).toMatch(/Platform: wordpress/);
    const lines = text.trimEnd().split('\n');
    expect(Math.max(...columns(text))).toBeLessThanOrEqual(100);
    // Summary and one line per check: two 50-line screens; the whole report with 3 guides: four.
    const fixesAt = lines.findIndex((l) => l.startsWith('How to fix'));
    expect(fixesAt).toBeGreaterThan(0);
    expect(fixesAt).toBeLessThanOrEqual(100);
    expect(lines.length).toBeLessThanOrEqual(200);
    // Every check on one line: its id appears once in the check list.
    const checkList = lines.slice(0, fixesAt).filter((l) => /^ {2}[✓◐✗–i] [A-Z]\d+ /.test(l));
    expect(checkList.length).toBeGreaterThanOrEqual(30);
    // Three guides in full, the rest one line each with the command that prints a guide.
    const guides = lines.filter((l) => /^ {2}[✗◐] [A-Z]\d+ .*\[(essential|recommended|bonus), /.test(l));
    expect(guides).toHaveLength(3);
    const others = lines.filter((l) => /^ {2}[✗◐] [A-Z]\d+ .*ai-ready explain [A-Z]\d+$/.test(l));
    expect(others.length).toBeGreaterThan(5);
    for (const l of others) expect(l).toContain(`ai-ready explain ${/^ {2}. ([A-Z]\d+)/.exec(l)![1]}`);
    // Code copies without a gutter.
    expect(text).not.toMatch(/│ /);
    expect(codeBlocks(text).length).toBeGreaterThan(0);
  }, 90_000);

  it('--verbose prints every guide; A9, not offered on a content site, prints none', async () => {
    const short = await runCli(['demo', '--format', 'json'], { timeoutMs: 60_000 });
    expect(short.code, short.stderr).toBe(0);
    const failing = (JSON.parse(short.stdout).checks as Array<{ status: string }>).filter((c) => c.status === 'fail' || c.status === 'partial').length;
    const run = await runCli(['demo', '--verbose'], { env: { COLUMNS: '100' }, timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const guides = run.stdout.split('\n').filter((l) => /^ {2}[✗◐] [A-Z]\d+ .*\[(essential|recommended|bonus), /.test(l));
    expect(guides).toHaveLength(failing);
    // The sample blog runs no sign-in or API: A9 is not offered there (na), so --verbose prints no
    // auth.md guide, and no template naming endpoints the site lacks.
    expect(run.stdout).not.toContain('✗ A9 auth.md [');
    expect(run.stdout).not.toMatch(/^\s*# auth\.md$/m);
    expect(run.stdout).not.toContain('/agent/auth/claim/complete');
  }, 120_000);
});

describe('terminal views', () => {
  it('explain prints the auth.md template once and its code wraps without breaking it', async () => {
    const run = await runCli(['explain', 'A9', '--platform', 'wordpress']);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/^\s*# auth\.md$/gm)).toHaveLength(1);
    // A line may pass 80 columns only when it is one token that cannot be split (a long URL in JSON).
    const wide = run.stdout.split('\n').filter((l) => columns(l)[0] > 80);
    for (const l of wide) expect(l.trim(), l).not.toMatch(/\s/);
  });

  it('code blocks wrap at spaces outside quotes: the same tokens, shell lines continued with a backslash', async () => {
    const wide = await runCli(['explain', 'C1'], { env: { COLUMNS: '1000' } });
    const narrow = await runCli(['explain', 'C1'], { env: { COLUMNS: '70' } });
    const wideBlocks = codeBlocks(wide.stdout);
    const narrowBlocks = codeBlocks(narrow.stdout);
    expect(narrowBlocks.length).toBe(wideBlocks.length);
    const tokens = (block: string[]) =>
      block
        .map((l) => l.replace(/ \\$/, ''))
        .join(' ')
        .split(/\s+/)
        .filter(Boolean);
    const continued = (blocks: string[][]) => blocks.flat().filter((l) => / \\$/.test(l)).length;
    expect(continued(narrowBlocks)).toBeGreaterThan(continued(wideBlocks));
    narrowBlocks.forEach((block, i) => {
      expect(tokens(block)).toEqual(tokens(wideBlocks[i]));
      for (const l of block) if ([...l].length > 70) expect(l.trim()).not.toMatch(/^[^'"`]*\s[^'"`]*$/);
    });
  });

  it('rubric fits 80 columns (100 with COLUMNS=100); --standards keeps the notes for --verbose', async () => {
    const rubric = await runCli(['rubric', '--no-color']);
    expect(rubric.code).toBe(0);
    expect(Math.max(...columns(rubric.stdout))).toBeLessThanOrEqual(80);
    const wide = await runCli(['rubric'], { env: { COLUMNS: '100' } });
    expect(Math.max(...columns(wide.stdout))).toBeLessThanOrEqual(100);
    const standards = await runCli(['rubric', '--standards', '--no-color']);
    expect(standards.code).toBe(0);
    expect(standards.stdout).not.toMatch(/^\s+note: /m);
    // Only an unbreakable word (a URL) may pass the width.
    for (const l of standards.stdout.split('\n')) if ([...l].length > 80) expect(l.trim()).not.toContain(' ');
    const verbose = await runCli(['rubric', '--standards', '--verbose']);
    expect(verbose.stdout).toMatch(/^\s+note: /m);
  });

  it('every command accepts --no-color', async () => {
    for (const command of ['scan', 'demo', 'rubric', 'explain', 'serve', 'worker', 'mcp', 'keys', 'accounts', 'monitors']) {
      const help = await runCli([command, '--help']);
      expect(help.stdout, command).toContain('--no-color');
    }
    const explain = await runCli(['explain', 'D1', '--no-color']);
    expect(explain.code).toBe(0);
  });
});
