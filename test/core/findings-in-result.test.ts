/** Sub-findings reach the v1 result: each problem of a partial outcome with its own code. */
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../src/core/scan.js';
import { CheckResult } from '../../src/core/schema.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

const open: FixtureSite[] = [];
afterAll(async () => Promise.all(open.map((s) => s.close())));

describe('findings in the scan result', () => {
  it('lists the sub-findings of robots.txt with their codes, the first naming the outcome', async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body><h1>Hi</h1></body></html>' },
      '/robots.txt': { headers: { 'content-type': 'application/octet-stream' }, body: 'Sitemap: /s.xml\nnonsense line\n' },
    });
    open.push(site);
    const result = await scan(site.origin, { only: ['D1'], deadlineMs: 10_000 });
    const d1 = result.checks.find((c) => c.id === 'D1')!;
    expect(d1).toMatchObject({ status: 'partial', code: 'D1/no-groups' });
    expect(d1.findings?.map((f) => f.code)).toEqual(['D1/no-groups', 'D1/wrong-type', 'D1/unparseable-lines']);
    expect(d1.findings?.[1].text).toBe('served as application/octet-stream instead of text/plain');
    expect(CheckResult.safeParse(d1).success).toBe(true);
    // The fix names the problems through D1's declared remedy, and says which one.
    expect(d1).toMatchObject({
      remediationId: 'D1/fix-problems',
      remediation: `Fix /robots.txt: ${d1.findings?.map((f) => f.text).join('; ')}.`,
    });
  });

  it("gives no remediationId where the check's default remediation applies", async () => {
    const site = await startFixture({
      '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><html><body><h1>Hi</h1></body></html>' },
    });
    open.push(site);
    const { CHECKS } = await import('../../src/core/checks/index.js');
    const result = await scan(site.origin, { only: ['D1'], deadlineMs: 10_000 });
    const d1 = result.checks.find((c) => c.id === 'D1')!;
    expect(d1).toMatchObject({ status: 'fail', code: 'D1/missing', remediation: CHECKS.find((c) => c.meta.id === 'D1')!.meta.remediation });
    expect(d1.remediationId).toBeUndefined();
  });
});

describe('template data in the scan result', () => {
  it('carries the data each evidence line and finding was filled from, so a format can render from values', async () => {
    const { CHECKS } = await import('../../src/core/checks/index.js');
    const { fillTemplate } = await import('../../src/core/checks/messages.js');
    const { ENGINE_CODES } = await import('../../src/core/checks/types.js');
    const site = await startFixture({
      '/': {
        headers: { 'content-type': 'text/html' },
        body: '<!doctype html><html><head><title>T</title></head><body><h1>Hi</h1><p>Some text.</p></body></html>',
      },
      '/robots.txt': { headers: { 'content-type': 'application/octet-stream' }, body: 'User-agent: GPTBot\nDisallow: /\nnonsense line\n' },
      '/llms.txt': { headers: { 'content-type': 'text/plain' }, body: '# Site\n\n> About.\n\n## Docs\n\n- [Home](/): the home page\n' },
    });
    open.push(site);
    const result = await scan(site.origin, { pages: 1, deadlineMs: 15_000 });
    let withData = 0;
    for (const c of result.checks) {
      expect(CheckResult.safeParse(c).success).toBe(true);
      if (!c.data) continue;
      withData++;
      const meta = CHECKS.find((m) => m.meta.id === c.id)!.meta;
      // An engine code (not offered, unmeasured) keeps the check's own data; its text is the engine's.
      if (Object.values(ENGINE_CODES).some((k) => c.code === `${c.id}/${k}`)) continue;
      const texts = (c.findings ?? []).map((f) => fillTemplate(meta.findings![f.code], f.data, f.code));
      expect(texts).toEqual((c.findings ?? []).map((f) => f.text));
      const evidence = fillTemplate(meta.messages[c.code!], { ...c.data, ...(texts.length ? { findings: texts.join('; ') } : {}) }, c.code!);
      expect(c.evidence, c.id).toContain(evidence);
    }
    expect(withData).toBeGreaterThan(10);
  });
});
