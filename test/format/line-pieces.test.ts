/**
 * Exact pieces of the reports whose source lines were split (issue 39: no line over 160
 * characters in src/). Each expectation is built from the result's own values, so it holds for
 * whatever the engine finds today and fails if a split changed a byte (a lost space, a dropped
 * separator, a backslash-newline left in the output).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evilRobotsSite, goodRobotsSite, scanFixture } from './scan-fixture.js';
import { renderGithubAnnotations, renderHtmlReport, renderTextReport } from '../../src/format/index.js';
import { escapeData, escapeProperty } from '../../src/format/github.js';
import { comparisonHtml } from '../../src/format/compare-render.js';
import { EXAMPLE_LABEL, fixStepsHtml } from '../../src/format/fix-steps.js';
import { failingChecks, STATUS_SYMBOLS } from '../../src/format/common.js';
import { escapeHtml } from '../../src/format/sanitize.js';
import { compareReports } from '../../src/service/compare.js';
import { domainHtml } from '../../src/server/history-pages.js';
import type { ScanResult } from '../../src/core/schema.js';
import type { StoredReport } from '../../src/store/types.js';
import type { FixtureSite } from '../helpers/fixture-server.js';

let sites: FixtureSite[] = [];
let evil: ScanResult;
let good: ScanResult;

beforeAll(async () => {
  const scans = await Promise.all([scanFixture(evilRobotsSite()), scanFixture(goodRobotsSite())]);
  sites = scans.map((s) => s.site);
  [evil, good] = scans.map((s) => s.result);
});
afterAll(() => Promise.all(sites.map((s) => s.close())));

const stored = (result: ScanResult, id: string, createdAt: string, isPublic: boolean): StoredReport => ({
  id,
  url: result.url,
  domain: new URL(result.url).host,
  createdAt,
  isPublic,
  accountId: null,
  result,
});

describe('report pieces built over several source lines', () => {
  it('the terminal headline of a failing check is one line: status, id, name, [tier, gain]', () => {
    const text = renderTextReport(evil, { summary: true });
    const c = failingChecks(evil)[0];
    const line = text.split('\n').find((l) => l.startsWith(`  ${STATUS_SYMBOLS[c.status]} ${c.id} ${c.name} [`));
    expect(line, text).toMatch(new RegExp(`^  \\S+ ${c.id} .+ \\[${c.tier ?? 'recommended'}, [^\\]]+\\]$`));
  });

  it('the GitHub notice carries the score line after the title', () => {
    const first = renderGithubAnnotations([good]).split('\n')[0];
    const summary = `Score ${good.overallScore}/100 (grade ${good.grade ?? '-'}), level ${good.level} ${good.levelName ?? ''}`.trim();
    expect(first).toBe(`::notice title=${escapeProperty(`ai-ready ${good.url}`)}::${escapeData(summary)}`);
  });

  it('the HTML level block names the level and the platform (or that none was identified)', () => {
    const html = renderHtmlReport(good);
    const levelName = escapeHtml(good.levelName ?? '');
    expect(html).toContain(
      `<div class="level"><div>Level <strong data-level="${good.level}">${good.level}</strong> · ${levelName}</div>` +
        '<div class="muted">Platform: not identified</div></div>',
    );
    const wordpress = { ...good, platform: { platform: 'wordpress', confidence: 0.9 } } as ScanResult;
    expect(renderHtmlReport(wordpress)).toContain('<div class="muted">Platform: wordpress (90% confidence)</div></div>');
  });

  it("the HTML report's style sheet carries no line continuation of the source and keeps its rules whole", () => {
    const css = renderHtmlReport(evil).split('<style>')[1]?.split('</style>')[0] ?? '';
    expect(css).not.toContain('\\');
    expect(css).toContain('.summary{display:flex;gap:24px;align-items:center;flex-wrap:wrap;margin:20px 0;padding:20px;border:1px solid var(--line);');
  });

  it('the compare page puts both reports and the score change in one row', () => {
    const a = stored(evil, 'r1', '2026-11-20T10:00:00.000Z', true);
    const b = stored(good, 'r2', '2026-11-21T11:30:00.000Z', true);
    const html = comparisonHtml(compareReports(a, b));
    const cell = (r: StoredReport, when: string) =>
      `<td><a href="/r/${r.id}">${r.result.overallScore}/100 · ${r.result.grade} · level ${r.result.level}</a>` +
      `<div class="muted">${escapeHtml(r.url)} · ${when}</div></td>`;
    const delta = good.overallScore - evil.overallScore;
    const signed = delta > 0 ? `+${delta}` : String(delta);
    expect(html).toContain(
      `<tr><th scope="row">Report</th>${cell(a, '2026-11-20 10:00:00')}${cell(b, '2026-11-21 11:30:00')}` +
        `<td class="num"><span class="pill ${delta > 0 ? 'up' : delta < 0 ? 'down' : 'same'}" data-score-delta="${delta}">${signed}</span></td></tr>`,
    );
  });

  it("a domain's history row: date link, private mark, score, grade, level, change, URL, compare link", () => {
    const older = stored(evil, 'r1', '2026-11-20T10:00:00.000Z', true);
    const newer = stored(good, 'r2', '2026-11-21T11:30:00.000Z', false);
    const html = domainHtml(older.domain, [newer, older], 'http://127.0.0.1:1', { truncated: false, signedIn: true });
    const row = html.split('<tr data-report="r2">')[1]?.split('</tr>')[0];
    expect(row).toMatch(/^<td><a href="\/r\/r2">[^<]+<\/a> <span class="muted">\(private\)<\/span><\/td>/);
    expect(row).toContain(`<td class="num">${good.overallScore}</td><td class="g-${good.grade}">${good.grade}</td><td class="num">${good.level}</td>`);
    expect(row).toContain(`<td class="col-url">${escapeHtml(good.url)}</td><td><a href="/compare?from=r1&amp;to=r2">what changed</a></td>`);
  });

  it('fix steps in HTML: title, body, example label and code, in that order', () => {
    const html = fixStepsHtml([
      { title: 'Publish `llms.txt`', body: 'At the root.', code: '# Site <x>', lang: 'md', source: 'example' },
      { title: 'Check it' },
    ]);
    expect(html).toBe(
      '<ol><li><strong>Publish <code>llms.txt</code></strong><div>At the root.</div>' +
        `<div class="example"><em>${EXAMPLE_LABEL}</em></div><pre><code data-lang="md"># Site &lt;x&gt;</code></pre></li>` +
        '<li><strong>Check it</strong></li></ol>',
    );
  });
});
