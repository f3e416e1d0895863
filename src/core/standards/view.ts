/**
 * The ledger as people read it: each entry with the checks that read it (derived from the check
 * metas' `standards` pointers), for `ai-ready rubric --standards` and docs/standards.md. The caller
 * hands the checks in (the registry sits above the ledger it points at).
 */
import { STANDARDS, type SourceReading, type Standard, type StandardId } from './ledger.js';

/** What the ledger view reads of a check: its id and the entries it points at. */
export interface StandardsReader {
  meta: { id: string; standards: readonly StandardId[] };
}

export interface LedgerEntry extends Standard {
  id: StandardId;
  /** Ids of the checks whose meta points at this entry, in rubric order. */
  checks: string[];
}

/** Every ledger entry with the ids of the `checks` that read it, in their order. */
export function standardsLedger(checks: readonly StandardsReader[]): LedgerEntry[] {
  return (Object.keys(STANDARDS) as StandardId[]).map((id) => ({
    id,
    ...(STANDARDS[id] as Standard),
    checks: checks.filter((c) => c.meta.standards.includes(id)).map((c) => c.meta.id),
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
  if (!due.length)
    return (
      `No ledger entry is due for a new reading on ${day} (drafts: ${REREAD_AFTER_DAYS.draft} days, ` +
      `conventions: ${REREAD_AFTER_DAYS.convention}, standards: ${REREAD_AFTER_DAYS.standard}).\n`
    );
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
    for (const src of e.sources ?? []) out.push(`  source: ${sourceLine(src)}`);
    if (!e.sources?.length) out.push('  source: (none recorded: no commit pinned yet)');
    for (const o of e.olderShapes ?? []) out.push(`  still accepted: ${o}`);
    if (opts.notes && e.note) out.push(`  note: ${e.note}`);
    out.push('');
  }
  out.push('checked (read): the source text was read on that date; (catalog): the date the research catalog recorded, not re-read.');
  if (!opts.notes) out.push("Add --verbose for the maintainers' notes on each reading.");
  return out.join('\n') + '\n';
}

/** "owner/repo path @ commit (commit date), read on <date>; newest: <how>". */
export function sourceLine(src: SourceReading): string {
  return `${src.repo} ${src.path} @ ${src.commit} = ${src.revision} (${src.commitDate}), read on ${src.readOn}; newest: ${src.newestBy}`;
}

function cell(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
}

/** docs/standards.md (test/core/standards/standards.test.ts keeps the file in sync; UPDATE_DOCS=1 rewrites it). */
export function standardsMarkdown(entries: LedgerEntry[]): string {
  const rows = entries.map(
    (e) =>
      `| \`${e.id}\` | [${cell(e.name)}](${e.url}) | ${e.kind} | ${cell(e.version)} | ${checkedLabel(e)} ` +
      `| ${e.checks.join(', ')} | ${cell([...(e.olderShapes ?? []), ...(e.note ? [`Note: ${e.note}`] : [])].join('; ') || '')} |`,
  );
  const sources = entries.map((e) => {
    const lines = (e.sources ?? []).map(
      (src) =>
        `- \`${src.repo}\` \`${src.path}\` at \`${src.commit}\`, revision ${src.revision} (${src.commitDate}), read on ${src.readOn}. Newest: ${src.newestBy}`,
    );
    return `### \`${e.id}\`\n\n${lines.length ? lines.join('\n') : '- No source pinned to a commit yet.'}\n`;
  });
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
\`src/core/standards/view.ts\`; \`test/core/standards/standards.test.ts\` keeps this file in sync
(\`UPDATE_DOCS=1\` rewrites it).

| Id | Standard | Kind | Version followed | Checked | Checks | Older shapes still accepted / notes |
| --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

## Sources

Each text an entry follows, at the commit read (for an RFC or a page outside a repository: the
publisher, the RFC number or page, its publication date), the day it was read, and how the reader
knows no newer text exists. \`test/core/standards/standards.test.ts\` fails when an entry has none.

${sources.join('\n')}
${REREAD_ROUTINE}`;
}

/** The routine of docs/standards.md, kept beside the generator so the file stays generated. */
const REREAD_ROUTINE = `
## Re-reading a source

A stored copy is one version among many: a plain \`read_file\` returns one of them, not necessarily
the newest. The ledger of 2026-11-25 cited copies that were four months stale (issue 27). To read
an entry again, for each of its sources:

1. **List what the index holds.** \`find_files repo=<owner/name> under=<dir>\` gives one row per
   file: how many versions the index stores and the commit of one of them (not necessarily the
   newest). Note both.
2. **Fetch the repository and read its log.** \`fetch github:<owner/name>\` gives a git snapshot;
   \`git --git-dir=<path> log --format='%h %ad %s' --date=short -- <file>\` lists every commit that
   touched the file, newest first, and \`git --git-dir=<path> show <commit>:<file>\` reads it.
   Check the file was not moved or deleted (\`git log --stat --follow\`, or a log of the folder).
3. **Compare the two.** A snapshot can lag behind the index (the llms-txt snapshot ends in April
   while the index holds an August text), and the index can hold commits that are not in the
   snapshot's history (a fork's, or a rewritten branch). Read the index's versions with
   \`read_file commit=<sha>\`; take the newest you can see by its own date (front matter,
   \`date-modified\`, a changelog line, a draft revision number), not by the order the tools list.
   A commit of the index that is not on the default branch may be a pull request's: check with
   \`git merge-base --is-ancestor <sha> HEAD\` (x402's well-known discovery text is an open pull
   request's; ACP's bc4d5d0 is a merge carrying older text). When the newest version's commit is
   not named anywhere, a changelog or the pull request that changed the file (the \`issues\` search)
   dates it; when a repository is too large to fetch, the published page's date stands in.
4. **For texts outside GitHub** (RFCs, vendor pages): record the publisher as \`repo\`
   (\`rfc-editor.org\`), the RFC number or page path as \`path\`/\`commit\`, the publication date
   as \`commitDate\`, and in \`newestBy\` how you looked for a newer one (errata, an obsoleting
   RFC, a later revision of the draft on datatracker, in the index).
5. **Record the reading** in \`src/core/standards/ledger.ts\`: \`sources: SourceReading[]\` (repo,
   path, commit, revision, commitDate, readOn, newestBy), \`version\`, \`checked\` (the day),
   \`checkedHow: 'read'\` and \`note\` (what the text says that the checks rest on, and what moved).
   \`revision\` names what the commit is (\`draft-ietf-aipref-vocab-08\`, \`v0.6.0\`, \`v2026-08-25\`,
   or \`main\`): a later commit date is not a later revision. For drafts read the tags
   (\`git tag --contains <sha>\`, \`git describe --tags\`) and the revision number in the file; for
   releases the release tags. Record the newest tags you saw in
   \`test/core/standards/snapshot-tags.ts\`: the order test fails when a source follows a revision older
   than one the ledger names for the same document or than the newest known tag.
6. **Move the verdicts that moved**, each in its check, with a bullet in \`docs/scoring.md\` (check,
   old -> new, code, the text and commit it follows), and keep the fix guide in step:
   \`test/core/fixes/guide-proof.test.ts\` serves each guide and fails when a guide no longer passes.
7. **Reproduce shipped examples.** Where a draft ships examples or schemas, write each one's shape
   as a corpus variant of our own (\`test/corpus/\`, \`docs/verdict-corpus.md\`), citing the path and
   commit: never copy the file's text.

Then regenerate this file (\`UPDATE_DOCS=1 npx vitest run test/core/standards/standards.test.ts\`).
\`ai-ready rubric --standards --due\` lists the entries due next.
`;
