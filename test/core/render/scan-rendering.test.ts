/**
 * scan({ render: true }) on a site built to hide its agent features from a static read: the
 * rendered verdicts find them, the static ones (and a scan without render) do not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { hasBrowser } from '../../helpers/browser.js';
import { scan } from '../../../src/core/scan.js';
import type { ScanResult } from '../../../src/core/schema.js';
import { renderSiteRoutes } from '../../fixtures/render-sites.mjs';
import { webMcpBehaviour } from '../../../src/core/render/browser-version.js';
import { renderTextReport } from '../../../src/format/text.js';

const check = (r: ScanResult, id: string) => r.checks.find((c) => c.id === id)!;

describe.skipIf(!hasBrowser)('scan with rendering', () => {
  let site: FixtureSite;
  let rendered: ScanResult;
  let plain: ScanResult;
  beforeAll(async () => {
    site = await startFixture(renderSiteRoutes());
    [rendered, plain] = await Promise.all([scan(`${site.origin}/`, { render: true, pages: 1 }), scan(`${site.origin}/`, { pages: 1 })]);
  }, 60_000);
  afterAll(() => site?.close());

  it('A7: the tool registered at run time is listed by the browser; the static read misses it', () => {
    // Statically the page shows no tool: on this content site WebMCP is not offered (na), not a failure.
    expect(check(plain, 'A7')).toMatchObject({ status: 'na', code: 'A7/not-offered' });
    const a7 = check(rendered, 'A7');
    expect(a7.code).toBe('A7/rendered-ok');
    expect(a7.status).toBe('pass');
    expect(a7.evidence).toContain('find_flights');
    expect(a7.evidence).toContain('Find flights between two airports');
  });

  it('C3: the share of the rendered text missing from the HTML is measured', () => {
    expect(check(plain, 'C3').status).toBe('fail');
    const c3 = check(rendered, 'C3');
    expect(c3.code).toBe('C3/rendered-only');
    expect(c3.evidence).toMatch(/Measured in a browser \(Chrom[^)]+\): 100% of the rendered main text/);
  });

  it('C4 and D6: JSON-LD and hints added by scripts are found, labelled as rendered-only', () => {
    expect(check(plain, 'C4').code).toBe('C4/missing');
    const c4 = check(rendered, 'C4');
    expect(c4).toMatchObject({ status: 'pass', code: 'C4/rendered-only' });
    // The evidence is the code's template, carrying both verdicts' texts.
    expect(c4.evidence).toContain(check(plain, 'C4').evidence!);
    expect(c4.advisoryFindings?.map((a) => a.code)).toContain('C4/rendered-scripts-add');
    expect(check(plain, 'D6').code).toBe('D6/missing');
    const d6 = check(rendered, 'D6');
    expect(d6).toMatchObject({ status: 'pass', code: 'D6/rendered-only' });
  });

  it('A11: agent operability is measured with rendering and not applicable without', () => {
    expect(check(plain, 'A11').status).toBe('na');
    const a11 = check(rendered, 'A11');
    expect(a11.code).toBe('A11/some-violations');
    expect(a11.evidence).toContain('button-name');
  });

  it('checks rendering does not touch keep their static verdicts', () => {
    for (const id of ['D1', 'D4', 'C1', 'B1']) expect(check(rendered, id).status, id).toBe(check(plain, id).status);
  });

  it('A7: a page that registers on navigator.modelContext only is A7/navigator-only on every supported browser', async () => {
    const r = await scan(`${site.origin}/navigator-only`, { render: true, pages: 1, only: ['A7'] });
    const a7 = check(r, 'A7');
    expect(a7.code).toBe('A7/navigator-only');
    expect(a7.status).toBe('partial');
    expect(a7.evidence).toMatch(/document\.modelContext/);
    // The evidence names the browser, and says what it did where it still has navigator.modelContext.
    expect(r.browser).toBeDefined();
    expect(a7.evidence).toContain(`${r.browser!.name} ${r.browser!.version}`);
    if (webMcpBehaviour(Number(r.browser!.version.split('.')[0])).navigatorApi)
      expect(a7.evidence).toMatch(/still has it and registered 1 tool\(s\) through it/);
  });

  it('the report names the browser: JSON field, pretty header, A11 and C3 evidence', () => {
    expect(rendered.browser?.name).toMatch(/Chrom/);
    expect(rendered.browser?.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(plain.browser).toBeUndefined();
    const label = `${rendered.browser!.name} ${rendered.browser!.version}`;
    expect(check(rendered, 'A11').evidence).toContain(label);
    expect(check(rendered, 'C3').evidence).toContain(label);
    expect(renderTextReport(rendered, { color: false, width: 0 })).toContain(`rendered in ${label}`);
  });

  it('site scope: every sampled page is rendered, and A11 is judged per page', async () => {
    const html = (body: string) => ({
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: `<!doctype html><html lang="en"><head><title>t</title></head><body><main>${body}</main></body></html>`,
    });
    const text = '<p>' + 'Plain words for people and agents. '.repeat(30) + '</p>';
    const multi = await startFixture({
      '/': html(`<h1>Home</h1>${text}<a href="/good">Good</a> <a href="/bad">Bad</a>`),
      '/good': html(`<h1>Good</h1>${text}<button>Buy</button>`),
      '/bad': html(`<h1>Bad</h1>${text}<script>const b = document.createElement('button'); document.querySelector('main').appendChild(b);</script>`),
    });
    try {
      const r = await scan(`${multi.origin}/`, { render: true, pages: 3, only: ['A11', 'C3'] });
      const a11 = check(r, 'A11');
      expect(a11.code).toBe('A11/some-pages');
      expect(a11.evidence).toContain('/bad');
      const perPage = Object.fromEntries(r.pages!.map((p) => [new URL(p.url).pathname, p.checks.A11?.status]));
      expect(perPage).toEqual({ '/': 'pass', '/good': 'pass', '/bad': 'partial' });
      expect(check(r, 'C3').code).toBe('C3/rendered-match');
    } finally {
      await multi.close();
    }
  });
});
