/** The terminal report; a batch of several sites ends with a table of every site, in input order. */
import type { ScanResult } from '../../core/schema.js';
import type { FormatModule } from '../format-module.js';
import { renderBatchSummary, renderTextReport } from '../text.js';

type Row = { url: string; result?: ScanResult; error?: string };

export const prettyFormat: FormatModule = {
  document: (results, o) => results.map((r) => renderTextReport(r, { ...o, comparison: o.comparisonFor?.(r) })).join('\n'),
  stream(o) {
    const rows: Array<Row | undefined> = new Array(o.sites);
    let sections = 0;
    return {
      add(r, index) {
        // The table reads only the score, grade and level of each result.
        rows[index] = { url: r.url, result: { overallScore: r.overallScore, grade: r.grade, level: r.level, levelName: r.levelName } as ScanResult };
        return (sections++ ? '\n' : '') + renderTextReport(r, { ...o, comparison: o.comparisonFor?.(r) });
      },
      failed(url, error, index) {
        rows[index] = { url, error };
      },
      end: () =>
        o.sites > 1 && !o.toFile
          ? renderBatchSummary(
              rows.filter((r): r is Row => !!r),
              { color: o.color },
            )
          : '',
    };
  },
};
