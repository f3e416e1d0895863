import { describe, expect, it } from 'vitest';
import { d5LlmsFullTxt } from '../../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { json, notFound, ORIGIN, response, soft404, text } from '../../../helpers/responses.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';
import { art, cand } from './llms-artifacts.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };

describe('D5 evaluate', () => {
  const full = (body: string, ct = 'text/plain') => art([cand(text('/llms-full.txt', body, ct), '/llms-full.txt')], {}, 'llms-full.txt');
  it('passes non-trivial text, advises on size', () => {
    expect(d5LlmsFullTxt.evaluate(full(`# Docs\n\n${'text '.repeat(400)}`), ctx).status).toBe('pass');
    const big = d5LlmsFullTxt.evaluate(full(`# Docs\n${'x'.repeat(1_100_000)}`), ctx);
    expect(big.status).toBe('pass');
    expect(big.advisoryFindings?.[0]).toMatchObject({ code: 'D5/large', data: { sizeText: '1,100,007 B' } });
  });
  it('is partial for a stub, an empty file or Markdown typed as HTML; fails when absent', () => {
    expect(d5LlmsFullTxt.evaluate(full('# Docs\nsoon'), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(full(''), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(full(`# Docs\n${'text '.repeat(400)}`, 'text/html'), ctx).status).toBe('partial');
    expect(d5LlmsFullTxt.evaluate(art([cand(notFound('/llms-full.txt'), '/llms-full.txt')]), ctx).status).toBe('fail');
    expect(d5LlmsFullTxt.evaluate(art([cand(soft404('/llms-full.txt'), '/llms-full.txt')]), ctx).status).toBe('fail');
  });
  it('carries the candidates as probe fields with their state tags, and values only in every outcome', () => {
    const outcomes = [
      d5LlmsFullTxt.evaluate(full(`# Docs\n\n${'text '.repeat(400)}`), ctx),
      d5LlmsFullTxt.evaluate(full('# Docs\nsoon'), ctx),
      d5LlmsFullTxt.evaluate(full(''), ctx),
      d5LlmsFullTxt.evaluate(full(`# Docs\n${'text '.repeat(400)}`, 'text/html'), ctx),
      d5LlmsFullTxt.evaluate(art([cand(json('/llms-full.txt', { a: 1 }), '/llms-full.txt')], {}, 'llms-full.txt'), ctx),
      d5LlmsFullTxt.evaluate(art([cand(response({ url: '/llms-full.txt', body: `# D\n${'t '.repeat(900)}` }), '/llms-full.txt')], {}, 'llms-full.txt'), ctx),
      d5LlmsFullTxt.evaluate(art([cand(notFound('/llms-full.txt'), '/llms-full.txt')]), ctx),
    ];
    expect(outcomes.map((o) => o.code)).toEqual(['D5/ok-by-size', 'D5/too-small', 'D5/empty', 'D5/html-typed', 'D5/not-text', 'D5/ok-by-size', 'D5/missing']);
    expect(outcomes[4].data).toMatchObject({ kind: 'JSON', tried1Url: '/llms-full.txt', tried1Status: 200 });
    expect(outcomes[4].evidence).toMatch(/^GET \/llms-full\.txt → 200 application\/json, \d+ B \(found\)\. \/llms-full\.txt: JSON, /);
    expect(outcomes[5].advisoryFindings?.map((a) => a.code)).toContain('D5/no-content-type');
    expect(outcomes[6].evidence).toMatch(/\(absent\)\. No llms-full\.txt\.$/);
    expect(outcomeProse(d5LlmsFullTxt, outcomes)).toEqual([]);
  });
});
