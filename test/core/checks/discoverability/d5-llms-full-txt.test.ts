import { describe, expect, it } from 'vitest';
import { d5LlmsFullTxt } from '../../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { notFound, ORIGIN, soft404, text } from '../../../helpers/responses.js';
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
});
