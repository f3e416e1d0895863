import { describe, expect, it } from 'vitest';
import { proseInData } from '../../../helpers/data-prose.js';
import { b5ContentUsage } from '../../../../src/core/checks/bot_access/b5-content-usage.js';
import { parseRobots } from '../../../../src/core/gather/robots.js';
import { ORIGIN, response, text } from '../../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
/** The advisories' codes, in order. */
const noted = (o: { advisoryFindings?: Array<{ code: string }> }) => (o.advisoryFindings ?? []).map((a) => a.code);

describe('B5 Content-Usage', () => {
  const home = (header?: string) =>
    response({ url: '/', headers: { 'content-type': 'text/html', ...(header !== undefined ? { 'content-usage': header } : {}) }, body: '<h1>Home</h1>' });
  const run = (body: string, header?: string) => b5ContentUsage.evaluate({ robots: parseRobots(text('/robots.txt', body), ORIGIN), page: home(header) }, ctx);
  it('passes a valid y/n line', () => {
    const o = run('User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n');
    expect(o.status).toBe('pass');
    expect(o.evidence).toContain('train-ai=n, search=y');
  });
  it('fails (bonus) with yes/no values and says why', () => {
    const o = run('User-agent: *\nContent-Usage: train-ai=no\n');
    expect(o.status).toBe('fail');
    expect(noted(o)).toContain('B5/yes-no-values');
  });
  it('fails without a line and keeps B2 separate', () => {
    expect(run('User-agent: *\nContent-Signal: ai-train=no\n').status).toBe('fail');
  });
  it('reads the Content-Usage response header as a Structured Fields dictionary', () => {
    const o = run('User-agent: *\nAllow: /\n', 'train-ai=n, search=y, ai-use=?0, bots=n, future-label=y;p=1');
    expect(o.status).toBe('pass');
    expect(o.code).toBe('B5/ok');
    expect(o.details?.header?.preferences).toEqual({ 'train-ai': 'disallow', search: 'allow' });
    expect(o.advisoryFindings).toEqual([
      expect.objectContaining({ code: 'B5/older-label', data: { labels: 'bots=n' } }),
      expect.objectContaining({
        code: 'B5/unknown-values',
        data: { labels: 'ai-use', labelsSources: 'header', labelsLines: '', labelsHeader: 'Content-Usage' },
        text: expect.stringMatching(/^ai-use \(Content-Usage header\): without the token y or n/),
      }),
      expect.objectContaining({ code: 'B5/ignored-labels', data: { labels: 'future-label' } }),
      expect.objectContaining({ code: 'B5/search-overrides-header', data: { prefs: 'train-ai=n, search=y' } }),
    ]);
    expect(o.matched).toMatch(/response header/);
    expect(o.probes?.map((p) => new URL(p.requestedUrl).pathname)).toEqual(['/robots.txt', '/']);
  });
  it('a header that does not parse, or whose values are not tokens, states no preference', () => {
    const upper = run('User-agent: *\nAllow: /\n', 'Train-AI=n');
    expect(upper.code).toBe('B5/header-invalid');
    expect(upper.evidence).toMatch(/not a Structured Fields Dictionary/);
    const quoted = run('User-agent: *\nAllow: /\n', 'train-ai="n", search=yes');
    expect(quoted.code).toBe('B5/header-invalid');
    expect(quoted.advisoryFindings).toContainEqual(
      expect.objectContaining({
        code: 'B5/unknown-values',
        data: { labels: 'train-ai, search', labelsSources: 'header, header', labelsLines: ',', labelsHeader: 'Content-Usage' },
        text: expect.stringMatching(/^train-ai \(Content-Usage header\), search \(Content-Usage header\): /),
      }),
    );
    // A valid robots.txt line still passes; the broken header is an advisory.
    const both = run('User-agent: *\nContent-Usage: train-ai=n\n', 'train-ai=n,,');
    expect(both.status).toBe('pass');
    expect(both.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'B5/header-not-dictionary', data: { raw: 'train-ai=n,,', error: expect.any(String) } }),
    );
  });
  it('says how it sits with Content-Signal (B2): consistent, disagreeing, or Content-Signal alone', () => {
    const same = run('User-agent: *\nContent-Signal: ai-train=no, search=yes\nContent-Usage: train-ai=n, search=y\n');
    expect(noted(same)).toContain('B5/signals-agree');
    const clash = run('User-agent: *\nContent-Signal: ai-train=no\n', 'train-ai=y');
    expect(clash.status).toBe('pass');
    expect(clash.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'B5/signals-disagree', data: { key: 'train-ai', value: 'y', signalKey: 'ai-train', signalValue: 'no' } }),
    );
    const signalOnly = run('User-agent: *\nContent-Signal: ai-train=no\n');
    expect(signalOnly.code).toBe('B5/missing');
    expect(noted(signalOnly)).toEqual(['B5/signal-only']);
  });
  it('reads the vocab-08 categories: ai-use=n alone is a stated preference and the evidence names -08', () => {
    for (const [line, header] of [
      ['Content-Usage: ai-use=n', undefined],
      ['Allow: /', 'ai-use=n'],
    ] as const) {
      const o = run(`User-agent: *\n${line}\n`, header);
      expect(o.code, `${line} / ${header}`).toBe('B5/ok');
      expect(o.evidence).toContain('ai-use=n');
      expect(o.evidence).toContain('draft-ietf-aipref-vocab-08');
      expect(noted(o)).not.toContain('B5/older-label');
    }
    expect(run('User-agent: *\nAllow: /\n', 'ai-use=n').details?.header?.preferences).toEqual({ 'ai-use': 'disallow' });
  });
  it('labels of earlier revisions (bots, train-genai) state nothing and are named', () => {
    for (const [line, header] of [
      ['Content-Usage: train-genai=n', undefined],
      ['Allow: /', 'bots=n'],
    ] as const) {
      const o = run(`User-agent: *\n${line}\n`, header);
      expect(o.status, `${line} / ${header}`).toBe('fail');
      expect(o.code).toBe(header ? 'B5/header-invalid' : 'B5/invalid');
      expect(o.advisoryFindings?.[0]).toMatchObject({ code: 'B5/older-label', data: { labels: expect.stringMatching(/^(bots|train-genai)=n$/) } });
    }
    const mixed = run('User-agent: *\nContent-Usage: train-genai=n, train-ai=n\n');
    expect(mixed.code).toBe('B5/ok');
    expect(mixed.evidence).toContain('train-ai=n');
  });
  it('says that search overrides train-ai and ai-use (vocab-08 section 4.3), only when they differ', () => {
    const o = run('User-agent: *\nAllow: /\n', 'train-ai=n, ai-use=n, search=y');
    expect(o.code).toBe('B5/ok');
    const note = o.advisoryFindings?.find((a) => a.code === 'B5/search-overrides-header');
    expect(note?.data).toEqual({ prefs: 'train-ai=n, ai-use=n, search=y' });
    expect(note?.text).toMatch(/^Content-Usage header \(train-ai=n, ai-use=n, search=y\): search applies/);
    const line = run('User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n');
    expect(line.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'B5/search-overrides', data: { line: 2, prefs: 'train-ai=n, search=y' } }));
    expect(note?.text).toContain('whatever train-ai and ai-use say');
    expect(noted(run('User-agent: *\nAllow: /\n', 'train-ai=n, search=n'))).not.toContain('B5/search-overrides-header');
    expect(noted(run('User-agent: *\nAllow: /\n', 'search=y'))).not.toContain('B5/search-overrides-header');
  });
  it('compares ai-use with Content-Signal ai-input', () => {
    const clash = run('User-agent: *\nContent-Signal: ai-input=no\n', 'ai-use=y');
    expect(clash.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'B5/signals-disagree', data: { key: 'ai-use', value: 'y', signalKey: 'ai-input', signalValue: 'no' } }),
    );
  });
  it('reads robots.txt lines as the attachment draft says: a leading path, then a case-sensitive Dictionary', () => {
    const path = run('User-agent: *\nContent-Usage: /ai-ok/ train-ai=y\nContent-Usage: train-ai=n\n');
    expect(path.code).toBe('B5/ok');
    expect(path.evidence).toContain('train-ai=y for /ai-ok/');
    const upper = run('User-agent: *\nContent-Usage: Train-AI=N\n');
    expect(upper.code).toBe('B5/invalid');
    expect(upper.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'B5/robots-not-dictionary', data: { lines: '2', error: expect.any(String) } }),
    );
    const token = run('User-agent: *\nContent-Usage: train-ai=N\n');
    expect(token.code).toBe('B5/invalid');
    expect(token.advisoryFindings).toContainEqual(
      expect.objectContaining({
        code: 'B5/unknown-values',
        data: { labels: 'train-ai', labelsSources: 'robots.txt', labelsLines: '2', labelsHeader: 'Content-Usage' },
        text: expect.stringMatching(/^train-ai \(robots\.txt line 2\): /),
      }),
    );
    // The same label on a line and in the header: each with its place, rendered from the values.
    const both = run('User-agent: *\nContent-Usage: train-ai=N\n', 'train-ai=N');
    const unknown = both.advisoryFindings?.find((a) => a.code === 'B5/unknown-values');
    expect(unknown?.data).toMatchObject({ labels: 'train-ai, train-ai', labelsSources: 'robots.txt, header', labelsLines: '2,' });
    expect(unknown?.text).toMatch(/^train-ai \(robots\.txt line 2\), train-ai \(Content-Usage header\): /);
  });
  it('names the tool that flags a Content-Usage line (Lighthouse robots-txt at 83f1c6fd0d) and offers the header; a header alone is not flagged', () => {
    const line = run('User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n');
    const flagged = line.advisoryFindings?.find((a) => a.code === 'B5/lighthouse-flags');
    expect(flagged?.data).toEqual({ directives: 'content-usage (line 2)' });
    expect(flagged?.text).toContain('; for content-usage, the `Content-Usage` response header states the same preference');
    expect(line.findings).toMatchObject([{ code: 'B5/line-prefs', data: { agents: '*', prefs: 'train-ai=n', path: '/', line: 2 } }]);
    const broken = run('User-agent: *\nContent-Usage: train-ai=\nAllow: /\n', 'bots=n');
    expect(broken.findings?.map((f) => f.code)).toEqual(['B5/line-not-dictionary', 'B5/header-no-preference']);
    expect(broken.evidence).toMatch(
      /; 1 Content-Usage line\(s\): User-agent: \* → "train-ai=" \(not a Structured Fields Dictionary\) for \/ \(line 2\); Content-Usage header: no y\/n preference/,
    );
    expect(
      proseInData(
        [line, broken].map((x) => ({ ...x, id: 'B5' }) as never),
        () => b5ContentUsage.meta.quoted ?? [],
      ),
    ).toEqual([]);
    expect(flagged?.text).toContain(`Lighthouse's SEO audit robots-txt reports content-usage (line 2) as "Unknown directive"`);
    const header = run('User-agent: *\nContent-Signal: ai-train=no\nAllow: /\n', 'train-ai=n');
    expect(noted(header)).not.toContain('B5/lighthouse-flags');
  });
  it('the fix guide leads with the header (no tool flags it) and gives the robots.txt line with its cost', () => {
    const steps = b5ContentUsage.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    expect(steps[0].code).toContain('Content-Usage: train-ai=n, search=y');
    const robots = steps.find((s) => s.title.startsWith('Or, in robots.txt'));
    expect(robots?.body).toContain('Unknown directive');
    expect(JSON.stringify(steps)).toContain('ai-use (input to a generative AI model');
    expect(JSON.stringify(steps)).toContain('whatever train-ai and ai-use say');
    const nuxt = b5ContentUsage.fixGuide({ origin: ORIGIN, platform: 'nuxt', hosting: [] });
    expect(nuxt.some((s) => s.code?.includes("contentUsage: { 'train-ai': 'n'"))).toBe(true);
  });
});
