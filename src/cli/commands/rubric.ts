import type { Command } from 'commander';
import { EXIT } from '../exit-codes.js';
import { commandFail } from '../fail.js';

export function registerRubric(program: Command): void {
  program
    .command('rubric')
    .description('List every check (id, name, dimension, tier, weight), the levels and the scoring rules')
    .option('--json', 'print the rubric as JSON')
    .option(
      '--standards',
      'print the standards ledger instead: each standard the checks read, the version followed, when it was last ' +
        'checked, the commit of each source read, and which checks read it',
    )
    .option('--verbose', "with --standards: also the maintainers' notes on each reading")
    .option('--no-color', 'plain text without colour (also NO_COLOR=1)')
    .option(
      '--due [date]',
      'with --standards: only the entries due for a new reading on date (YYYY-MM-DD, default today): drafts after 30 ' +
        'days, conventions after 90, standards after 365; exit 1 when any is due',
    )
    .action(async (opts: { json?: boolean; standards?: boolean; due?: string | true; verbose?: boolean }) => {
      const { viewWidth } = await import('../terminal.js');
      const { wrapLines } = await import('../../format/wrap.js');
      const width = viewWidth();
      const print = (text: string) => process.stdout.write(wrapLines(text.replace(/\n$/, '').split('\n'), width).join('\n') + '\n');
      if (opts.due !== undefined) {
        const today = opts.due === true ? new Date() : new Date(`${opts.due}T00:00:00Z`);
        if (opts.due !== true && (Number.isNaN(today.getTime()) || today.toISOString().slice(0, 10) !== opts.due))
          return commandFail('rubric')(`--due takes a date as YYYY-MM-DD (got ${JSON.stringify(opts.due)})`);
        const { standardsLedger, dueForReading, dueText } = await import('../../core/standards/view.js');
        const { CHECKS } = await import('../../core/checks/index.js');
        const due = dueForReading(standardsLedger(CHECKS), today);
        if (opts.json) process.stdout.write(JSON.stringify({ date: today.toISOString().slice(0, 10), due }, null, 2) + '\n');
        else print(dueText(due, today));
        if (due.length) process.exitCode = EXIT.BELOW_THRESHOLD;
        return;
      }
      if (opts.standards) {
        const { standardsLedger, standardsText } = await import('../../core/standards/view.js');
        const { CHECKS } = await import('../../core/checks/index.js');
        const entries = standardsLedger(CHECKS);
        if (opts.json) process.stdout.write(JSON.stringify({ standards: entries }, null, 2) + '\n');
        else print(standardsText(entries, { notes: !!opts.verbose }));
        return;
      }
      const { rubric } = await import('../../core/rubric.js');
      const r = rubric();
      if (opts.json) {
        process.stdout.write(JSON.stringify(r, null, 2) + '\n');
        return;
      }
      const { fitTable } = await import('../table.js');
      const rows = r.checks.map((c) => [c.id, c.name, c.dimension, c.tier, c.contentProfile ?? '', String(c.weight)]);
      const head = ['ID', 'NAME', 'DIMENSION', 'TIER', 'ON CONTENT', 'WEIGHT'];
      // The name column wraps so the table fits the terminal (80 columns when there is none).
      const out = [
        `Rubric ${r.rubricVersion}`,
        '',
        ...fitTable(head, rows, { width, flex: 1, right: [5] }),
        '',
        'ON CONTENT: the tier on content sites (blogs, docs, news), where it differs.',
        '',
        'Levels:',
      ];
      for (const l of r.levels) out.push(`  ${l.level} ${l.name}: ${l.rule}`);
      out.push('', `Scoring: pass = full weight, partial = half, fail = 0; na/info excluded; bonus is extra credit;`);
      out.push(`any failing essential check caps the score at ${r.scoring.essentialFailCap}. Grades: A 90+, B 75+, C 60+, D 40+, F below.`);
      print(out.join('\n'));
    });
}
