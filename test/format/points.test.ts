import { describe, expect, it } from 'vitest';
import { pointsPhrase } from '../../src/format/common.js';
import { renderHtmlReport } from '../../src/format/html.js';
import { ScanResponse } from '../../src/core/schema.js';

describe('points wording', () => {
  it('is singular for exactly one point', () => {
    expect([1, 2, 0.5, 0].map(pointsPhrase)).toEqual(['1 point', '2 points', '0.5 points', '0 points']);
  });
  it('the HTML report says "1 point" and declares an inline icon (no favicon request)', () => {
    const result = ScanResponse.parse({
      url: 'https://site.dev/',
      overallScore: 50,
      grade: 'D',
      level: 0,
      checks: [{ id: 'B5', name: 'Content-Usage', dimension: 'bot_access', tier: 'bonus', status: 'fail', weight: 1, earned: 0, remediation: 'Add one.' }],
    });
    const html = renderHtmlReport(result);
    expect(html).toContain('bonus, 1 point)');
    expect(html).toContain('<link rel="icon" href="data:,">');
  });
});
