import type { Command } from 'commander';

export function registerRubric(program: Command): void {
  program
    .command('rubric')
    .description('List every check (id, name, dimension, tier, weight), the levels and the scoring rules')
    .option('--json', 'print the rubric as JSON')
    .option('--standards', 'print the standards ledger instead: each standard the checks read, the version followed, when it was last checked, and which checks read it')
    .action(async (opts: { json?: boolean; standards?: boolean }) => {
      if (opts.standards) {
        const { standardsLedger, standardsText } = await import('../../core/standards/view.js');
        const entries = standardsLedger();
        process.stdout.write(opts.json ? JSON.stringify({ standards: entries }, null, 2) + '\n' : standardsText(entries));
        return;
      }
      const { rubric } = await import('../../core/rubric.js');
      const r = rubric();
      if (opts.json) {
        process.stdout.write(JSON.stringify(r, null, 2) + '\n');
        return;
      }
      const rows = r.checks.map((c) => [c.id, c.name, c.dimension, c.tier + (c.contentProfile ? ` (content: ${c.contentProfile})` : ''), String(c.weight)]);
      const head = ['ID', 'NAME', 'DIMENSION', 'TIER', 'WEIGHT'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
      const line = (cells: string[]) => cells.map((c, i) => (i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
      const out = [`Rubric ${r.rubricVersion}`, '', line(head), ...rows.map(line), '', 'Levels:'];
      for (const l of r.levels) out.push(`  ${l.level} ${l.name}: ${l.rule}`);
      out.push('', `Scoring: pass = full weight, partial = half, fail = 0; na/info excluded; bonus is extra credit;`);
      out.push(`any failing essential check caps the score at ${r.scoring.essentialFailCap}. Grades: A 90+, B 75+, C 60+, D 40+, F below.`);
      process.stdout.write(out.join('\n') + '\n');
    });
}
