import { describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { b2ContentSignals } from '../../../../src/core/checks/bot_access/b2-content-signals.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { ORIGIN, notFound, text } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const run = (body: string) => b2ContentSignals.evaluate(parseRobots(text('/robots.txt', body), ORIGIN), ctx);

describe('B2 Content Signals', () => {
  it('passes a valid line in the * group and records the parsed signals', () => {
    const o = run('User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B2/ok');
    expect(o.details).toEqual({ signals: [{ userAgent: '*', path: '/', search: 'yes', aiInput: 'yes', aiTrain: 'no', use: null, line: 2 }] });
    expect((o.details as any).signals[0]).toMatchObject({ userAgent: '*', search: 'yes', aiInput: 'yes', aiTrain: 'no' });
  });

  it('passes Cloudflare managed output with the use directive, reads the level, and calls nothing experimental', () => {
    const o = run('# legal text\nUser-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('search=yes, ai-train=no, use=reference');
    expect((o.details as any).signals[0]).toMatchObject({ search: 'yes', aiTrain: 'no', use: 'reference' });
    expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'B2/missing-keys', data: { keys: 'ai-input' } })]);
    expect(JSON.stringify(o)).not.toMatch(/experimental/i);
  });

  it('a line whose only signal is use= passes and says the three purposes are unstated', () => {
    for (const level of ['immediate', 'reference', 'full']) {
      const o = run(`User-agent: *\nContent-Signal: use=${level}\nAllow: /\n`);
      expect(o.code, level).toBe('B2/ok');
      expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'B2/missing-keys', data: { keys: 'search, ai-input, ai-train' } })]);
    }
    const bad = run('User-agent: *\nContent-Signal: use=yes\nAllow: /\n');
    expect(bad.code).toBe('B2/invalid');
    expect(bad.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'B2/bad-value', data: { key: 'use', value: 'yes', allowed: 'immediate, reference, full' } }),
    ]);
  });

  it('two use levels in one group contradict each other', () => {
    const o = run('User-agent: *\nContent-Signal: use=full\nContent-Signal: use=immediate\nAllow: /\n');
    expect(o.code).toBe('B2/contradiction');
    expect(o.findings?.filter((f) => f.code !== 'B2/line')).toEqual([
      expect.objectContaining({ code: 'B2/both-values', data: { agents: '*', key: 'use', values: 'full, immediate' } }),
    ]);
    expect(o.evidence).toMatch(
      /; 2 Content-Signal line\(s\): User-agent: \* → use=full for \/ \(line 2\); User-agent: \* → use=immediate for \/ \(line 3\); contradiction: User-agent: \* gives use more than one value \(full, immediate\)\.$/,
    );
  });

  it('is partial with only invalid keys or values', () => {
    const o = run('User-agent: *\nContent-Signal: ai_train=true\n');
    expect(o.status).toBe('partial');
    expect(o.advisoryFindings).toEqual([expect.objectContaining({ code: 'B2/unknown-key', data: { key: 'ai_train' } })]);
    expect(o.findings).toMatchObject([{ code: 'B2/line-invalid', data: { agents: '*', raw: 'ai_train=true', path: '/', line: 2 } }]);
    const orphan = run('Content-Signal: nonsense\nUser-agent: *\nAllow: /\n');
    expect(orphan.findings).toMatchObject([{ code: 'B2/orphan-line-invalid', data: { raw: 'nonsense', line: 1 } }]);
    expect(orphan.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'B2/not-pair', data: { item: 'nonsense' } }));
    const many = run(`User-agent: *\n${'Content-Signal: search=yes\n'.repeat(8)}Allow: /\n`);
    expect(many.findings?.at(-1)).toMatchObject({ code: 'B2/more-lines', data: { more: 2 } });
    expect(
      proseInData(
        [o, orphan, many].map((x) => ({ ...x, id: 'B2' }) as never),
        () => b2ContentSignals.meta.quoted ?? [],
      ),
    ).toEqual([]);
  });

  it('is partial when only some named groups carry signals', () => {
    const o = run('User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B2/not-global');
  });

  it('passes when every group carries a signal even without a * group', () => {
    expect(run('User-agent: GPTBot\nContent-Signal: ai-train=no\nDisallow: /\n').status).toBe('pass');
  });

  it('is partial for a line outside any group', () => {
    const o = run('Content-Signal: search=yes\nUser-agent: *\nAllow: /\n');
    expect(o.status).toBe('partial');
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'B2/outside-group', data: { lines: '1' } }));
  });

  it('is partial when search=yes contradicts Disallow: / for *', () => {
    const o = run('User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /\n');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B2/contradiction');
    expect(o.findings?.filter((f) => f.code !== 'B2/line')).toEqual([
      expect.objectContaining({ code: 'B2/yes-but-disallowed', data: { agents: '*', signals: 'search=yes' } }),
    ]);
  });

  it('is partial when a group says both yes and no for a key', () => {
    const o = run('User-agent: *\nContent-Signal: ai-train=no\nContent-Signal: ai-train=yes\nAllow: /\n');
    expect(o.status).toBe('partial');
    expect(o.code).toBe('B2/contradiction');
  });

  it('accepts a leading path token', () => {
    const o = run('User-agent: *\nContent-Signal: ai-train=no\nContent-Signal: /docs/ ai-input=yes\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B2/ok');
    expect((o.details as { signals: Array<{ path: string; aiInput: string | null }> }).signals.map((x) => [x.path, x.aiInput])).toEqual([
      ['/', null],
      ['/docs/', 'yes'],
    ]);
  });

  it('fails without a line or without robots.txt', () => {
    expect(run('User-agent: *\nAllow: /\n').status).toBe('fail');
    expect(b2ContentSignals.evaluate(parseRobots(notFound('/robots.txt'), ORIGIN), ctx).status).toBe('fail');
  });

  it('fix guide: Next.js needs a route handler, Nuxt a contentSignal group', () => {
    const next = b2ContentSignals.fixGuide({ origin: ORIGIN, platform: 'nextjs', hosting: [] });
    const handler = next.find((s) => s.code?.includes('app/robots.txt/route.ts'))?.code ?? '';
    expect(handler).toContain('Content-Signal: search=yes, ai-input=yes, ai-train=no');
    // The record sits in the one `User-agent: *` group (Next.js writes the whole file).
    expect(handler.match(/User-agent: \*/g)).toHaveLength(1);
    const nuxt = b2ContentSignals.fixGuide({ origin: ORIGIN, platform: 'nuxt', hosting: [] });
    expect(nuxt.some((s) => s.code?.includes('contentSignal'))).toBe(true);
  });
});
