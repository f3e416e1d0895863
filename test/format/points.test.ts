import { describe, expect, it } from 'vitest';
import { pointsPhrase } from '../../src/format/common.js';
import { renderHtmlReport } from '../../src/format/html.js';
import { renderTextReport } from '../../src/format/text.js';
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
    expect(html).toContain('bonus, 1 point to gain)');
    expect(html).toContain('<link rel="icon" href="data:,">');
  });
  it('a 100/100 report offers no points to gain for a failing bonus check, in text and HTML', () => {
    const result = ScanResponse.parse({
      url: 'https://site.dev/',
      overallScore: 100,
      grade: 'A',
      level: 4,
      checks: [
        { id: 'D1', name: 'robots.txt', dimension: 'discoverability', tier: 'essential', status: 'pass', weight: 10, earned: 10 },
        { id: 'A4', name: 'MCP server card', dimension: 'capabilities', tier: 'bonus', status: 'fail', weight: 3, earned: 0, remediation: 'Publish one.' },
      ],
    });
    const text = renderTextReport(result);
    expect(text).toContain('100/100');
    expect(text).not.toMatch(/\d points? to gain/);
    expect(text).toContain('score already 100: no points to gain');
    const html = renderHtmlReport(result);
    expect(html).not.toMatch(/\d points? to gain/);
    expect(html).toContain('score already 100: no points to gain');
  });
});
