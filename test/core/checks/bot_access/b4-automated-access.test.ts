import { describe, expect, it } from 'vitest';
import { b4AutomatedAccess } from '../../../../src/core/checks/bot_access/b4-automated-access.js';
import { ORIGIN, response, text } from '../../../helpers/responses.js';
import { proseInData } from '../../../helpers/data-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };

describe('B4 reachable by automated clients', () => {
  const robots = text('/robots.txt', 'User-agent: *\nAllow: /\n');
  it('is always info; reports a clean page', () => {
    const o = b4AutomatedAccess.evaluate({ page: text('/', '<html></html>', 'text/html'), robots }, ctx);
    expect(o.status).toBe('info');
    expect(o.code).toBe('B4/open');
    expect((o.details as any).blocked).toBe(false);
  });
  it('names a Cloudflare challenge and lists what could not be measured', () => {
    const page = response({ status: 403, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<title>Just a moment...</title>' });
    const o = b4AutomatedAccess.evaluate({ page, robots: response({ url: '/robots.txt', status: 403, headers: { 'cf-mitigated': 'challenge' } }) }, ctx);
    expect(o.status).toBe('info');
    expect(o.evidence).toMatch(/Cloudflare challenge/);
    expect(o.evidence).toMatch(/Markdown negotiation \(C1\)/);
    expect(o.advisories?.join(' ')).toMatch(/well-known probes met a wall too \(GET \/robots.txt → 403 .*a cf-mitigated wall\)/);
    expect(o.findings).toMatchObject([{ code: 'B4/wall-cf-mitigated' }]);
  });
  it("follows Cloudflare's detection rule (docs read 2026-11-25): cf-mitigated: challenge marks every challenge type, whatever the status or resource; no other value does", () => {
    // The docs: the header is set for all Challenge Page types, and a challenge is text/html whatever was asked for.
    const onRobots = response({
      url: '/robots.txt',
      status: 200,
      headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' },
      body: '<html><body></body></html>',
    });
    const o = b4AutomatedAccess.evaluate({ page: text('/', '<html></html>', 'text/html'), robots: onRobots }, ctx);
    expect(o.code).toBe('B4/open');
    expect(o.details).toMatchObject({ blocked: false, siteLevelBlocked: true });
    const page = response({ status: 200, headers: { 'content-type': 'text/html', 'cf-mitigated': 'challenge' }, body: '<html></html>' });
    expect(b4AutomatedAccess.evaluate({ page, robots }, ctx)).toMatchObject({
      code: 'B4/challenged',
      details: { blocked: true, reason: 'Cloudflare challenge (cf-mitigated: challenge)' },
    });
    const other = response({ status: 200, headers: { 'content-type': 'text/html', 'cf-mitigated': 'block' }, body: '<html></html>' });
    expect(b4AutomatedAccess.evaluate({ page: other, robots }, ctx).code).toBe('B4/open');
  });
  it('reports a bare 429 with Retry-After', () => {
    const o = b4AutomatedAccess.evaluate({ page: response({ status: 429, headers: { 'retry-after': '120' } }), robots }, ctx);
    expect(o.status).toBe('info');
    expect(o.code).toBe('B4/refused');
    expect(o.evidence).toMatch(/the page rate-limited the request without a recognisable challenge page/);
    expect(o.findings).toMatchObject([{ code: 'B4/refused-429' }]);
    expect(o.advisoryFindings).toContainEqual(expect.objectContaining({ code: 'B4/retry-after', data: { retryAfter: '120' } }));
  });
  it('names a challenge page by its marker, the marker quoted as data', () => {
    const page = response({ status: 503, headers: { 'content-type': 'text/html' }, body: '<p>Enable JavaScript and cookies to continue</p>' });
    const o = b4AutomatedAccess.evaluate({ page, robots }, ctx);
    expect(o.evidence).toMatch(/: HTTP 503 challenge page \("enable javascript and cookies to continue"\)\. The site refused/);
    expect(o.findings).toMatchObject([{ code: 'B4/wall-challenge-marker', data: { status: 503, sign: 'enable javascript and cookies to continue' } }]);
    expect(proseInData([{ ...o, id: 'B4' } as never], () => b4AutomatedAccess.meta.quoted ?? [])).toEqual([]);
  });
  it('scores nothing', () => {
    expect(b4AutomatedAccess.meta.weight).toBe(0);
  });
});
