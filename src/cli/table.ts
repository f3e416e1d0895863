/**
 * A plain-text table that fits a width: every column keeps its natural width except one flexible
 * column (a name), whose cells are word-wrapped onto as many lines as they need.
 */
import wrapAnsi from 'wrap-ansi';

export interface TableOptions {
  /** Columns available. */
  width: number;
  /** Index of the column that shrinks and wraps. */
  flex: number;
  /** Indexes of right-aligned columns (numbers). */
  right?: number[];
  /** Narrowest the flexible column gets, whatever the width. */
  minFlex?: number;
}

const GAP = '  ';

export function fitTable(head: string[], rows: string[][], o: TableOptions): string[] {
  const all = [head, ...rows];
  const natural = head.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const others = natural.reduce((sum, w, i) => (i === o.flex ? sum : sum + w), 0) + GAP.length * (head.length - 1);
  const widths = [...natural];
  widths[o.flex] = Math.max(o.minFlex ?? 12, Math.min(natural[o.flex], o.width - others));
  const right = new Set(o.right ?? []);
  const out: string[] = [];
  for (const row of all) {
    const cells = row.map((cell, i) => (i === o.flex ? wrapAnsi(cell, widths[i], { hard: true, trim: true }).split('\n') : [cell]));
    const height = Math.max(...cells.map((c) => c.length));
    for (let line = 0; line < height; line++) {
      const text = cells.map((c, i) => {
        const cell = c[line] ?? '';
        return right.has(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i]);
      });
      out.push(text.join(GAP).trimEnd());
    }
  }
  return out;
}
