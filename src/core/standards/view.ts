/**
 * The ledger as people read it: each entry with the checks that read it (derived from the check
 * metas' `standards` pointers), for `ai-ready rubric --standards` and docs/standards.md.
 */
import { CHECKS } from '../checks/index.js';
import { STANDARDS, type Standard, type StandardId } from './ledger.js';

export interface LedgerEntry extends Standard {
  id: StandardId;
  /** Ids of the checks whose meta points at this entry, in rubric order. */
  checks: string[];
}

export function standardsLedger(): LedgerEntry[] {
  return (Object.keys(STANDARDS) as StandardId[]).map((id) => ({
    id,
    ...(STANDARDS[id] as Standard),
    checks: CHECKS.filter((c) => c.meta.standards.includes(id)).map((c) => c.meta.id),
  }));
}

/**
 * How long a reading stays current, by kind: drafts move monthly (the MCP catalog, WebMCP and ARD
 * all changed within one month of 2026), conventions quarterly, published standards yearly (errata,
 * obsoleting RFCs).
 */
export const REREAD_AFTER_DAYS: Record<Standard['kind'], number> = { draft: 30, convention: 90, standard: 365 };

export interface DueEntry extends LedgerEntry {
  /** The day the entry became due for a new reading (ISO date). */
  dueSince: string;
}

/** The first day the reading of `checked` (YYYY-MM-DD, or YYYY-MM read as its first day) stops being current. */
function dueDate(e: Standard): Date {
  const [y, m, d] = e.checked.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d || 1) + REREAD_AFTER_DAYS[e.kind] * 86_400_000);
}

/** The entries whose last reading is older than their kind allows on `today`, most overdue first. */
export function dueForReading(entries: LedgerEntry[], today: Date): DueEntry[] {
  return entries
    .map((e) => ({ e, due: dueDate(e) }))
    .filter(({ due }) => due.getTime() <= today.getTime())
    .sort((a, b) => a.due.getTime() - b.due.getTime())
    .map(({ e, due }) => ({ ...e, dueSince: due.toISOString().slice(0, 10) }));
}

/** Plain text for `rubric --standards --due`. */
export function dueText(due: DueEntry[], today: Date): string {
  const day = today.toISOString().slice(0, 10);
  if (!due.length) return `No ledger entry is due for a new reading on ${day} (drafts: ${REREAD_AFTER_DAYS.draft} days, conventions: ${REREAD_AFTER_DAYS.convention}, standards: ${REREAD_AFTER_DAYS.standard}).\n`;
  const out = [`${due.length} ledger entr${due.length === 1 ? 'y is' : 'ies are'} due for a new reading on ${day}:`, ''];
  for (const e of due) {
    out.push(`${e.id}  ${e.name} [${e.kind}]  due since ${e.dueSince} (checked ${checkedLabel(e)})`);
    out.push(`  ${e.url}`);
    out.push(`  read by: ${e.checks.join(', ') || '(no check)'}`);
  }
  out.push('', 'Read the current text, update the entry in src/core/standards/ledger.ts (version, checked, note) and the checks that read it.');
  return out.join('\n') + '\n';
}

function checkedLabel(e: Standard): string {
  return e.checkedHow === 'read' ? `${e.checked} (read)` : `${e.checked} (catalog)`;
}

/** Plain text for the terminal. */
/** The ledger as text; the maintainers' notes on each reading only with `notes` (`--verbose`). */
export function standardsText(entries: LedgerEntry[], opts: { notes?: boolean } = {}): string {
  const out = ['Standards ledger: what the rubric reads, the version it follows and when its text was last checked', ''];
  for (const e of entries) {
    out.push(`${e.id}  ${e.name} [${e.kind}]`);
    out.push(`  version: ${e.version}`);
    out.push(`  checked: ${checkedLabel(e)}  ${e.url}`);
    out.push(`  read by: ${e.checks.join(', ') || '(no check)'}`);
    for (const o of e.olderShapes ?? []) out.push(`  still accepted: ${o}`);
    if (opts.notes && e.note) out.push(`  note: ${e.note}`);
    out.push('');
  }
  out.push('checked (read): the source text was read on that date; (catalog): the date the research catalog recorded, not re-read.');
  if (!opts.notes) out.push("Add --verbose for the maintainers' notes on each reading.");
  return out.join('\n') + '\n';
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

/** docs/standards.md (test/core/standards.test.ts keeps the file in sync; UPDATE_DOCS=1 rewrites it). */
export function standardsMarkdown(entries: LedgerEntry[]): string {
  const rows = entries.map(
    (e) =>
      `| \`${e.id}\` | [${cell(e.name)}](${e.url}) | ${e.kind} | ${cell(e.version)} | ${checkedLabel(e)} | ${e.checks.join(', ')} | ${cell([...(e.olderShapes ?? []), ...(e.note ? [`Note: ${e.note}`] : [])].join('; ') || '')} |`,
  );
  return `# Standards ledger

Every standard, draft or convention the rubric reads, the version the checks follow, the date its
text was last checked, and the checks that read it. Each check's metadata points at its entries
(\`meta.standards\`, typed so a wrong id does not compile); the "Checks" column is derived from those
pointers. Moving a check to a new draft is one visible change in \`src/core/standards/ledger.ts\`.

- **Checked (read)**: the source text was read on that date.
- **Checked (catalog)**: not re-read in the last update; the date is the one the research catalog
  (compiled November 2026, with an update section dated 2026-11-25) recorded for it.

\`ai-ready rubric --standards\` prints the same ledger (\`--json\` for JSON); \`--due\` lists the
entries due for a new reading (drafts after ${REREAD_AFTER_DAYS.draft} days, conventions after
${REREAD_AFTER_DAYS.convention}, standards after ${REREAD_AFTER_DAYS.standard}) and exits 1 when any is, for a scheduled job. Generated by
\`src/core/standards/view.ts\`; \`test/core/standards.test.ts\` keeps this file in sync
(\`UPDATE_DOCS=1\` rewrites it).

| Id | Standard | Kind | Version followed | Checked | Checks | Older shapes still accepted / notes |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}
