import { describe, expect, it } from 'vitest';
import { b4AutomatedAccess } from '../../../../src/core/checks/bot_access/b4-automated-access.js';
import { ORIGIN, response, text } from '../../../helpers/responses.js';

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
    expect(o.evidence).toMatch(/well-known probes met a wall too/);
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
    expect(o.data).toMatchObject({ why: expect.stringMatching(/rate-limited/), retry: expect.stringMatching(/Retry-After: 120/) });
  });
  it('scores nothing', () => {
    expect(b4AutomatedAccess.meta.weight).toBe(0);
  });
});
