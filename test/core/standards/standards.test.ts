/**
 * The standards ledger: every check points at entries that exist, every entry is read by a check,
 * the dates say how they were established, docs/standards.md is generated from the ledger and
 * `ai-ready rubric --standards` prints it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../../src/core/checks/index.js';
import { STANDARDS, type Standard } from '../../../src/core/standards/ledger.js';
import { orderRevision, revisionOrderProblems } from '../../../src/core/standards/revision-order.js';
import { SNAPSHOT_TAGS } from './snapshot-tags.js';
import { REREAD_AFTER_DAYS, dueForReading, standardsLedger, standardsMarkdown, type LedgerEntry } from '../../../src/core/standards/view.js';
import { runCli } from '../../cli/run-cli.js';

describe('standards ledger', () => {
  it('every check points at one or more ledger entries, and every entry is read by a check', () => {
    for (const { meta } of CHECKS) {
      expect(meta.standards.length, meta.id).toBeGreaterThan(0);
      for (const id of meta.standards) expect(Object.keys(STANDARDS), `${meta.id} -> ${id}`).toContain(id);
    }
    for (const e of standardsLedger(CHECKS)) expect(e.checks.length, e.id).toBeGreaterThan(0);
  });

  it('derives the checks of an entry from the metas (B5 reads both AIPREF drafts, A7 reads WebMCP)', () => {
    const byId = new Map(standardsLedger(CHECKS).map((e) => [e.id, e]));
    expect(byId.get('aiprefAttach')?.checks).toEqual(['B5']);
    expect(byId.get('webmcp')?.checks).toEqual(['A7']);
    expect(byId.get('rfc9309')?.checks).toEqual(expect.arrayContaining(['D1', 'B1', 'B5']));
  });

  it('dates are ISO dates or months, and an entry read today is not labelled as a catalog date', () => {
    for (const e of standardsLedger(CHECKS)) {
      expect(e.checked, e.id).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      if (e.checkedHow === 'read') expect(e.checked, e.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.url, e.id).toMatch(/^https:\/\//);
    }
  });

  // Issue 27: every entry names the newest commit of each text it follows. On the guides branch the
  // entries re-read by other helpers (mcpServerCard, aiCatalog, a2a, agentSkills, llmstxt, ...)
  // arrive by merge: until then their cases fail here, each named by its id.
  describe('every entry names the newest commit and date of its sources', () => {
    for (const e of standardsLedger(CHECKS)) {
      it(e.id, () => {
        expect(e.sources?.length ?? 0, `${e.id} has no source pinned to a commit`).toBeGreaterThan(0);
        for (const src of e.sources ?? []) {
          const at = `${e.id}: ${src.repo} ${src.path}`;
          expect(src.repo, at).toMatch(/^[\w.-]+(\/[\w.-]+)?$/);
          expect(src.path.trim(), at).not.toBe('');
          expect(src.commit, at).toMatch(/^([0-9a-f]{7,40}|RFC \d+|[\w.-]+)$/);
          // RFCs carry a month only (RFC 8288: October 2017).
          expect(src.commitDate, at).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
          expect(src.readOn, at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(src.readOn >= src.commitDate, `${at}: read before it was written`).toBe(true);
          expect(src.newestBy.length, `${at} says how it is known to be the newest`).toBeGreaterThan(20);
          expect(src.revision.trim(), `${at} names the revision it read`).not.toBe('');
        }
        if (e.checkedHow === 'read')
          expect(e.checked, e.id).toBe(
            [...(e.sources ?? [])]
              .map((x) => x.readOn)
              .sort()
              .at(-1),
          );
      });
    }
  });

  describe('a reading that checks its own order (issue 37)', () => {
    it('no ledger source follows a revision older than one the ledger names, or than the newest known tag', () => {
      expect(revisionOrderProblems(STANDARDS as Record<string, Standard>, SNAPSHOT_TAGS)).toEqual([]);
    });

    /** The aiprefVocab entry as the 2026-11-27 reading wrote it: the -07 commit taken for the newest text. */
    const misread: Standard = {
      name: 'AI preferences vocabulary',
      version: "draft-ietf-aipref-vocab editor's copy at 7ca0afc (2026-08-19): train-ai, search; values y/n; unknown labels ignored",
      kind: 'draft',
      checked: '2026-11-27',
      checkedHow: 'read',
      url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
      note: 'Moved: ai-use (in -08, read 2026-11-25 at 008bd890) is gone.',
      sources: [
        {
          repo: 'ietf-wg-aipref/drafts',
          path: 'draft-ietf-aipref-vocab.md',
          commit: '7ca0afc',
          revision: 'draft-ietf-aipref-vocab-07',
          commitDate: '2026-08-19',
          readOn: '2026-11-27',
          newestBy: 'snapshot log 2026-11-27: main HEAD is 7ca0afc; later commits (to 2026-08-20) are on unmerged PR branches only',
        },
      ],
    };

    it('fails on the -07/-08 mistake: against the known revisions, and against the -08 the ledger named', () => {
      const problems = revisionOrderProblems({ aiprefVocab: misread }, SNAPSHOT_TAGS);
      expect(problems).toContainEqual({
        id: 'aiprefVocab',
        source: { repo: 'ietf-wg-aipref/drafts', path: 'draft-ietf-aipref-vocab.md', revision: 'draft-ietf-aipref-vocab-07' },
        problem: 'follows draft-ietf-aipref-vocab-07, but draft-ietf-aipref-vocab-08 exists (IETF archive (no snapshot tag yet), seen 2026-11-29)',
      });
      // Without the table: the ledger of 2026-11-25 (9c73063) named -08 in another entry's version.
      const namedElsewhere: Standard = { ...misread, version: 'draft-ietf-aipref-vocab-08 (2026-09-14): train-ai, ai-use, search', sources: [] };
      expect(revisionOrderProblems({ aiprefVocab: misread, earlier: namedElsewhere })).toEqual([
        {
          id: 'aiprefVocab',
          source: { repo: 'ietf-wg-aipref/drafts', path: 'draft-ietf-aipref-vocab.md', revision: 'draft-ietf-aipref-vocab-07' },
          problem: 'follows draft-ietf-aipref-vocab-07, but the ledger names draft-ietf-aipref-vocab-08 (entry earlier)',
        },
      ]);
      // The entry as it is now passes both.
      expect(revisionOrderProblems({ aiprefVocab: STANDARDS.aiprefVocab as Standard }, SNAPSHOT_TAGS)).toEqual([]);
    });

    it('orders releases by tag within one file, and never orders a branch name', () => {
      const at = { repo: 'Universal-Commerce-Protocol/ucp', path: 'docs/specification/overview.md (tag v2026-04-08)' };
      expect(orderRevision('v2026-04-08', at)).toEqual({
        kind: 'date',
        family: 'Universal-Commerce-Protocol/ucp docs/specification/overview.md',
        key: [2026, 4, 8],
      });
      expect(orderRevision('v0.6.0', { repo: 'a/b', path: 'SPEC.md' })).toEqual({ kind: 'semver', family: 'a/b SPEC.md', key: [0, 6, 0] });
      expect(orderRevision('main (2026-08-22)', at)).toBeNull();
      const oldUcp: Standard = {
        ...(STANDARDS.ucp as Standard),
        sources: [{ ...at, commit: 'a2d8bf0b', revision: 'v2026-04-08', commitDate: '2026-05-22', readOn: '2026-11-27', newestBy: 'git tags of the snapshot' }],
      };
      expect(revisionOrderProblems({ ucp: oldUcp }, SNAPSHOT_TAGS).map((p) => p.problem)).toEqual([
        'follows v2026-04-08, but v2026-08-25 exists (index records (no snapshot tag yet), seen 2026-11-29)',
      ]);
      // Two sources of the same file at two releases: the older is named.
      const twoSpecs: Standard = {
        ...(STANDARDS.agentDocsSpec as Standard),
        note: '',
        sources: ['v0.5.0', 'v0.6.0'].map((revision) => ({
          repo: 'agent-ecosystem/agent-docs-spec',
          path: 'SPEC.md',
          commit: 'fb2d03df25a1',
          revision,
          commitDate: '2026-05-03',
          readOn: '2026-11-29',
          newestBy: 'a test of the order check only',
        })),
      };
      expect(revisionOrderProblems({ agentDocsSpec: twoSpecs }).map((p) => p.problem)).toEqual(['follows v0.5.0, but the ledger names v0.6.0 (same entry)']);
    });
  });

  it('`rubric --standards` shows each source with its commit and date', async () => {
    const withSource = standardsLedger(CHECKS).find((x) => x.sources?.length)!;
    const src = withSource.sources![0];
    // A wide terminal: the view wraps to COLUMNS, and a source line is longer than 80 columns.
    const text = await runCli(['rubric', '--standards'], { env: { COLUMNS: '400' } });
    expect(text.stdout).toContain(`source: ${src.repo} ${src.path} @ ${src.commit} = ${src.revision} (${src.commitDate}), read on ${src.readOn}`);
    expect(standardsMarkdown(standardsLedger(CHECKS))).toContain(
      `\`${src.repo}\` \`${src.path}\` at \`${src.commit}\`, revision ${src.revision} (${src.commitDate}), read on ${src.readOn}`,
    );
  });

  it('docs/standards.md is generated from the ledger (UPDATE_DOCS=1 rewrites it)', () => {
    const file = new URL('../../../docs/standards.md', import.meta.url);
    const want = standardsMarkdown(standardsLedger(CHECKS));
    if (process.env.UPDATE_DOCS) writeFileSync(file, want);
    expect(readFileSync(file, 'utf8')).toBe(want);
  });

  it('`ai-ready rubric --standards` prints the ledger, as text and as JSON', async () => {
    const text = await runCli(['rubric', '--standards']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('webmcp  WebMCP [draft]');
    expect(text.stdout).toMatch(/aiprefVocab[\s\S]*read by: B5/);
    const json = await runCli(['rubric', '--standards', '--json']);
    expect(json.code).toBe(0);
    const parsed = JSON.parse(json.stdout) as { standards: Array<{ id: string; checks: string[]; checked: string }> };
    expect(parsed.standards.map((s) => s.id)).toEqual(Object.keys(STANDARDS));
    expect(parsed.standards.find((s) => s.id === 'llmstxt')?.checks).toContain('D4');
    const plain = JSON.parse((await runCli(['rubric', '--json'])).stdout) as { checks: Array<{ id: string; standards: string[] }> };
    expect(plain.checks.find((c) => c.id === 'A7')?.standards).toEqual(['webmcp']);
  });

  it('an entry falls due for a new reading after its kind allows: drafts 30 days, conventions 90, standards 365', () => {
    const entry = (id: string, kind: LedgerEntry['kind'], checked: string): LedgerEntry =>
      ({ id, name: id, version: '1', kind, checked, checkedHow: 'read', url: 'https://example.org/', checks: ['D1'] }) as unknown as LedgerEntry;
    const ledger = [entry('std', 'standard', '2026-11-25'), entry('conv', 'convention', '2026-11'), entry('draft', 'draft', '2026-11-25')];
    const on = (day: string) => dueForReading(ledger, new Date(`${day}T00:00:00Z`)).map((e) => `${e.id}@${e.dueSince}`);
    expect(REREAD_AFTER_DAYS).toEqual({ draft: 30, convention: 90, standard: 365 });
    expect(on('2026-12-24')).toEqual([]);
    expect(on('2026-12-25')).toEqual(['draft@2026-12-25']);
    // A month-only date counts from the month's first day: the earliest it can have been read.
    expect(on('2027-01-30')).toEqual(['draft@2026-12-25', 'conv@2027-01-30']);
    expect(on('2027-11-25')).toEqual(['draft@2026-12-25', 'conv@2027-01-30', 'std@2027-11-25']);
  });

  it('`rubric --standards --due` exits 0 when every reading is current, 1 with the list when some are due, 2 on a bad date', async () => {
    const newest = standardsLedger(CHECKS)
      .map((e) => e.checked)
      .sort()
      .at(-1)!;
    const current = await runCli(['rubric', '--standards', '--due', newest.length === 7 ? `${newest}-01` : newest]);
    const dueNow = dueForReading(standardsLedger(CHECKS), new Date(`${newest.length === 7 ? `${newest}-01` : newest}T00:00:00Z`));
    expect(current.code).toBe(dueNow.length ? 1 : 0);
    const later = await runCli(['rubric', '--standards', '--due', '2030-01-01', '--json']);
    expect(later.code).toBe(1);
    const parsed = JSON.parse(later.stdout) as { date: string; due: Array<{ id: string; dueSince: string }> };
    expect(parsed.date).toBe('2030-01-01');
    expect(parsed.due.map((e) => e.id).sort()).toEqual(Object.keys(STANDARDS).sort());
    const text = await runCli(['rubric', '--due', '2030-01-01']);
    expect(text.stdout).toMatch(/^\d+ ledger entries are due for a new reading on 2030-01-01/);
    expect(text.stdout).toMatch(/webmcp {2}WebMCP \[draft\] {2}due since \d{4}-\d{2}-\d{2}/);
    for (const bad of ['2027-02-30', 'tomorrow', '2027-1-5']) {
      const run = await runCli(['rubric', '--due', bad]);
      expect(run.code, bad).toBe(2);
      expect(run.stderr).toContain('--due takes a date as YYYY-MM-DD');
    }
  });
});
