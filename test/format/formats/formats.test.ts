import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sarifValidator } from '../../helpers/sarif-schema.js';
import { XMLParser } from 'fast-xml-parser';
import { ScanResponse, type ScanResult } from '../../../src/core/schema.js';
import { renderSarif } from '../../../src/format/sarif.js';
import { renderJunit } from '../../../src/format/junit.js';
import { MARKDOWN_MARKER, renderMarkdown } from '../../../src/format/markdown.js';
import { renderGithubAnnotations } from '../../../src/format/github.js';
import { renderJson } from '../../../src/format/index.js';
import { TOP_FIXES, renderTextReport } from '../../../src/format/text.js';
import { failingChecks } from '../../../src/format/common.js';
import { stripControl, escapeHtml } from '../../../src/format/sanitize.js';
import type { FixtureSite } from '../../helpers/fixture-server.js';
import { evilRobotsSite, goodRobotsSite, scanFixture } from '../scan-fixture.js';

const ESC = /[\u001b\u009b\u0007]/;
const sites: FixtureSite[] = [];
let evil: ScanResult;
let good: ScanResult;
beforeAll(async () => {
  const a = await scanFixture(evilRobotsSite());
  const b = await scanFixture(goodRobotsSite());
  sites.push(a.site, b.site);
  evil = a.result;
  good = b.result;
});
afterAll(() => Promise.all(sites.map((s) => s.close())));

const needsFix = (r: ScanResult) => r.checks.filter((c) => c.status === 'fail' || c.status === 'partial');

describe('SARIF', () => {
  const validate = sarifValidator();

  it('is valid SARIF 2.1.0 with one rule per check and one result per failing or partial check', () => {
    const log = JSON.parse(renderSarif([evil, good]));
    const ok = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(2);
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(evil.checks.map((c) => c.id));
    for (const rule of run.tool.driver.rules) {
      expect(rule.help.text.length).toBeGreaterThan(0);
      expect(rule.helpUri).toMatch(/^https?:\/\//);
      expect(rule.name).toMatch(/^[A-Za-z0-9]+$/);
    }
    expect(run.results.map((r: { ruleId: string }) => r.ruleId)).toEqual(needsFix(evil).map((c) => c.id));
    for (const r of run.results) {
      expect(run.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(['error', 'warning', 'note']).toContain(r.level);
      expect(r.message.text).not.toMatch(ESC);
    }
  });

  it('carries each outcome code: in the result properties, and listed on its rule', () => {
    const run = JSON.parse(renderSarif([evil])).runs[0];
    const byId = new Map(evil.checks.map((c) => [c.id, c]));
    for (const r of run.results) {
      expect(r.properties.code).toBe(byId.get(r.ruleId)!.code);
      expect(run.tool.driver.rules[r.ruleIndex].properties.codes).toContain(r.properties.code);
    }
  });

  it('a clean result validates too', () => {
    const minimal = ScanResponse.parse({ url: 'https://example.com/', overallScore: 100, level: 5, checks: [] });
    expect(validate(JSON.parse(renderSarif([minimal])))).toBe(true);
  });
});

describe('JUnit', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name) });

  it('has one testsuite per URL and one testcase per check, failures and skips counted', () => {
    const xml = renderJunit([evil, good]);
    const doc = parser.parse(xml);
    const suites = doc.testsuites.testsuite;
    expect(suites).toHaveLength(2);
    for (const [i, r] of [evil, good].entries()) {
      const suite = suites[i];
      expect(suite.name).toBe(r.url);
      expect(suite.testcase).toHaveLength(r.checks.length);
      expect(Number(suite.tests)).toBe(r.checks.length);
      const failures = suite.testcase.filter((t: Record<string, unknown>) => t.failure !== undefined);
      expect(failures.length).toBe(needsFix(r).length);
      expect(Number(suite.failures)).toBe(needsFix(r).length);
      for (const t of failures) expect(t.failure.type).toBe(r.checks.find((c) => t.name.startsWith(`${c.id} `))!.code);
      const skipped = suite.testcase.filter((t: Record<string, unknown>) => t.skipped !== undefined);
      expect(skipped.length).toBe(r.checks.filter((c) => c.status === 'na').length);
    }
    expect(xml).not.toMatch(ESC);
  });

  it('keeps the hostile evidence as text (parsed back without markup)', () => {
    const doc = parser.parse(renderJunit([evil]));
    const d1 = doc.testsuites.testsuite[0].testcase.find((t: { name: string }) => t.name.startsWith('D1 '));
    expect(d1).toBeDefined();
    const body = JSON.stringify(d1);
    expect(body).toContain('<script>alert(1)</script>');
  });
});

describe('markdown', () => {
  it('starts with the sticky marker and lists every failing check with its fix', () => {
    const md = renderMarkdown([evil]);
    expect(md.split('\n')[0]).toBe(MARKDOWN_MARKER);
    expect(md).toContain(`${evil.overallScore}/100`);
    for (const c of needsFix(evil)) expect(md).toContain(`${c.id} ${c.name.replace(/[()[\]]/g, (m) => `\\${m}`)}`);
  });

  it('neutralises the hostile text: no raw HTML, no links, no escape characters', () => {
    const md = renderMarkdown([evil]);
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<img');
    expect(md).not.toContain('](javascript:');
    expect(md).not.toMatch(ESC);
  });

  it('the scanned URL in its code span reads as typed: no markdown escapes shown literally', () => {
    const url = 'https://shop.yoursite.com/new_arrivals?page=2&sort=(price)';
    const md = renderMarkdown([{ ...good, url }]);
    expect(md).toContain(`Scanned \`${url}\``);
    expect(renderMarkdown([{ ...good, url: 'https://a.yoursite.com/`x`\u001b[31m' }])).toContain('Scanned `https://a.yoursite.com/x` ');
  });

  it('a batch gets a summary table', () => {
    const md = renderMarkdown([evil, good]);
    expect(md).toContain('| URL | Score | Grade | Level |');
    expect(md.match(/^### AI readiness of/gm)).toHaveLength(2);
  });
});

describe('github annotations', () => {
  it('one ::error/::warning per failing check, each on one line, no injected command', () => {
    const out = renderGithubAnnotations([evil]).trimEnd().split('\n');
    expect(out[0]).toMatch(/^::notice /);
    const annotations = out.filter((l) => /^::(error|warning) /.test(l));
    expect(annotations).toHaveLength(needsFix(evil).length);
    // Every line is a workflow command (hostile text cannot start a new one).
    for (const l of out) expect(l).toMatch(/^::(notice|error|warning) title=[^:]*::/);
    expect(out.join('\n')).not.toMatch(ESC);
  });
});

describe('json', () => {
  it('one result is pretty JSON; several are NDJSON, each a valid ScanResponse', () => {
    expect(ScanResponse.parse(JSON.parse(renderJson([good]))).url).toBe(good.url);
    const lines = renderJson([evil, good]).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => ScanResponse.parse(JSON.parse(l)).url)).toEqual([evil.url, good.url]);
  });
});

describe('text report', () => {
  it('plain text has no escape sequences but the whole content (every guide with --verbose)', () => {
    const text = renderTextReport(evil, { color: false, verbose: true });
    expect(text).not.toMatch(ESC);
    expect(text).toContain(`Score ${evil.overallScore}/100`);
    for (const c of evil.checks) expect(text).toContain(` ${c.id} `);
    for (const c of needsFix(evil)) for (const s of c.fixGuide ?? []) expect(text).toContain(stripControl(s.title));
    if (evil.nextLevel) expect(text).toContain(`Next: level ${evil.nextLevel.target}`);
  });

  it('without --verbose: the top 3 guides in full, every other fix one line with its explain command', () => {
    const text = renderTextReport(evil, { color: false });
    const failing = failingChecks(evil);
    for (const c of failing.slice(0, TOP_FIXES)) for (const s of c.fixGuide ?? []) expect(text).toContain(stripControl(s.title));
    for (const c of failing.slice(TOP_FIXES)) expect(text).toMatch(new RegExp(`^  . ${c.id} .*ai-ready explain ${c.id}$`, 'm'));
  });

  it('colour output keeps only its own styling: the site cannot set the title or clear the screen', () => {
    const text = renderTextReport(evil, { color: true, verbose: true });
    expect(text).toMatch(/\u001b\[\d+m/);
    expect(text).not.toContain('\u001b]0;');
    expect(text).not.toContain('\u001b[2J');
    expect(text).not.toContain('\u0007');
    // Only SGR colour sequences remain.
    expect(text.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(ESC);
  });

  it('--verbose lists every probe', () => {
    const text = renderTextReport(good, { color: false, verbose: true });
    for (const c of good.checks) for (const p of c.probes ?? []) expect(text).toContain(`${p.method} ${p.url}`);
  });
});

describe('sanitize', () => {
  it('removes escape sequences whole, C0/C1 controls and bidi overrides, keeps text', () => {
    expect(stripControl('a\u001b[31mred\u001b[0m b')).toBe('ared b');
    expect(stripControl('x\u001b]0;title\u0007y')).toBe('xy');
    expect(stripControl('x\u009b2Jy\u202etxt')).toBe('xytxt');
    expect(stripControl('line1\nline2\ttab')).toBe('line1\nline2\ttab');
    expect(escapeHtml('<a href="x">&\'')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});

describe('outcome codes in scan results', () => {
  it('every check result of a real scan carries a code its check declares', async () => {
    const { findCheck } = await import('../../../src/core/checks/index.js');
    for (const r of [evil, good]) {
      for (const c of r.checks) {
        const declared = Object.keys(findCheck(c.id)!.meta.codes);
        expect([...declared, `${c.id}/unmeasured`, `${c.id}/internal-error`, `${c.id}/not-offered`]).toContain(c.code);
      }
    }
  });
});
