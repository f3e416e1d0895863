/**
 * The standards ledger: every check points at entries that exist, every entry is read by a check,
 * the dates say how they were established, docs/standards.md is generated from the ledger and
 * `ai-ready rubric --standards` prints it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/checks/index.js';
import { STANDARDS } from '../../src/core/standards/ledger.js';
import { standardsLedger, standardsMarkdown } from '../../src/core/standards/view.js';
import { runCli } from '../cli/run-cli.js';

describe('standards ledger', () => {
  it('every check points at one or more ledger entries, and every entry is read by a check', () => {
    for (const { meta } of CHECKS) {
      expect(meta.standards.length, meta.id).toBeGreaterThan(0);
      for (const id of meta.standards) expect(Object.keys(STANDARDS), `${meta.id} -> ${id}`).toContain(id);
    }
    for (const e of standardsLedger()) expect(e.checks.length, e.id).toBeGreaterThan(0);
  });

  it('derives the checks of an entry from the metas (B5 reads both AIPREF drafts, A7 reads WebMCP)', () => {
    const byId = new Map(standardsLedger().map((e) => [e.id, e]));
    expect(byId.get('aiprefAttach')?.checks).toEqual(['B5']);
    expect(byId.get('webmcp')?.checks).toEqual(['A7']);
    expect(byId.get('rfc9309')?.checks).toEqual(expect.arrayContaining(['D1', 'B1', 'B5']));
  });

  it('dates are ISO dates or months, and an entry read today is not labelled as a catalog date', () => {
    for (const e of standardsLedger()) {
      expect(e.checked, e.id).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
      if (e.checkedHow === 'read') expect(e.checked, e.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(e.url, e.id).toMatch(/^https:\/\//);
    }
  });

  it('docs/standards.md is generated from the ledger (UPDATE_DOCS=1 rewrites it)', () => {
    const file = new URL('../../docs/standards.md', import.meta.url);
    const want = standardsMarkdown(standardsLedger());
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
});
