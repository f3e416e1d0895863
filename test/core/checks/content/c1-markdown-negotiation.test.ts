import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { c1MarkdownNegotiation, type NegotiationArtifact } from '../../../../src/core/checks/content/c1-markdown-negotiation.js';
import { c2MarkdownUrls } from '../../../../src/core/checks/content/c2-markdown-urls.js';
import type { FetchResult } from '../../../../src/core/net/http.js';
import { startFixture, type FixtureSite } from '../../../helpers/fixture-server.js';
import { ORIGIN, response, text } from '../../../helpers/responses.js';
import { gatherContext } from '../discoverability/ctx.js';
import { HTML, MD, html, md } from './markdown-pages.js';
import { outcomeProse } from '../../../helpers/outcome-prose.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const neg = (r1: FetchResult, r2: FetchResult, r3: FetchResult = html()): NegotiationArtifact => ({ r1, r2, r3, title: 'Acme Widgets' });

describe('C1 evaluate', () => {
  it('reports the three requests as probe fields and answer tokens, values only in every outcome', () => {
    const ok = c1MarkdownNegotiation.evaluate(neg(md(), md()), ctx);
    expect(ok.data).toMatchObject({ r1Answer: 'markdown', r1Type: 'text/markdown', r2Answer: 'markdown', r3Type: 'text/html', r3Status: 200 });
    expect(ok.evidence).toMatch(
      /R1 \(Accept: text\/markdown\): GET \/ → 200 text\/markdown, \d+ B \[markdown\]; R2 \(Accept: [^)]+\): GET \/ → 200 text\/markdown/,
    );
    const outcomes = [
      ok,
      c1MarkdownNegotiation.evaluate(neg(html(), html()), ctx),
      c1MarkdownNegotiation.evaluate(neg(md(), html()), ctx),
      c1MarkdownNegotiation.evaluate(neg(html(), md()), ctx),
      c1MarkdownNegotiation.evaluate(neg(text('/', MD, 'text/plain'), html()), ctx),
      c1MarkdownNegotiation.evaluate(neg(md(), md(), md()), ctx),
      c1MarkdownNegotiation.evaluate(neg(response({ url: '/', status: 500 }), html()), ctx),
    ];
    expect(outcomes.map((o) => o.code)).toEqual([
      'C1/ok',
      'C1/no-markdown',
      'C1/bare-accept-only',
      'C1/mixed-accept-only',
      'C1/wrong-type',
      'C1/markdown-to-browsers',
      'C1/no-answer',
    ]);
    expect(outcomeProse(c1MarkdownNegotiation, outcomes)).toEqual([]);
  });
  it('passes when R1 and R2 get Markdown and browsers get HTML', () => {
    const o = c1MarkdownNegotiation.evaluate(neg(md({ 'x-markdown-tokens': '42' }), md()), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map((a) => a.code)).toEqual(['C1/token-estimate', 'C1/sizes']);
    expect(o.advisoryFindings?.[0].data).toEqual({ tokens: '42' });
    expect(o.probes).toHaveLength(3);
  });
  it('reports the Markdown response headers as details, and recognises the edge default Content-Signal in any order', () => {
    const o = c1MarkdownNegotiation.evaluate(neg(md({ 'x-markdown-tokens': '42', 'content-signal': 'search=yes,ai-input=yes, AI-TRAIN=yes' }), md()), ctx);
    expect(o.details).toEqual({
      markdownResponse: { varyAccept: true, markdownTokens: '42', contentSignal: 'search=yes,ai-input=yes, AI-TRAIN=yes', edgeDefaultSignal: true },
    });
    const own = c1MarkdownNegotiation.evaluate(neg(md({ 'content-signal': 'ai-train=no, search=yes, ai-input=yes' }), md()), ctx);
    expect(own.details).toMatchObject({ markdownResponse: { markdownTokens: null, edgeDefaultSignal: false } });
    expect(o.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'C1/edge-default-signal', data: { signal: 'search=yes,ai-input=yes, AI-TRAIN=yes' } }),
    );
    expect(own.advisoryFindings).toContainEqual(
      expect.objectContaining({ code: 'C1/content-signal', data: { signal: 'ai-train=no, search=yes, ai-input=yes' } }),
    );
    expect(c1MarkdownNegotiation.evaluate(neg(html(), html()), ctx).details).toBeUndefined();
  });
  it('tells how to turn Markdown for Agents on (dashboard or the content_converter zone setting)', () => {
    const steps = c1MarkdownNegotiation.fixGuide({ origin: ORIGIN, platform: null, hosting: ['cloudflare'] });
    expect(steps[0].code).toContain('/settings/content_converter');
    expect(steps[0].code).toContain('{"value":"on"}');
  });
  it('advises on a missing Vary: Accept and a Markdown body that is not the page', () => {
    const o = c1MarkdownNegotiation.evaluate(neg(md({ vary: 'Accept-Encoding' }, '# Something else\n'), md()), ctx);
    expect(o.status).toBe('pass');
    expect(o.advisoryFindings?.map((a) => a.code)).toEqual(['C1/no-vary', 'C1/title-not-found', 'C1/sizes']);
  });
  it('is partial when only the bare Accept works, or only the mixed one', () => {
    expect(c1MarkdownNegotiation.evaluate(neg(md(), html()), ctx).status).toBe('partial');
    expect(c1MarkdownNegotiation.evaluate(neg(html(), md()), ctx).remediation).toMatch(/bare/);
  });
  it('is partial for a Markdown body with the wrong type, or Markdown only via another host', () => {
    const plain = text('/', MD, 'text/plain');
    expect(c1MarkdownNegotiation.evaluate(neg(plain, plain), ctx).remediation).toMatch(/text\/markdown/);
    const moved = { ...md(), url: 'https://md.other-host.test/index.md', redirects: ['https://md.other-host.test/index.md'] };
    const o = c1MarkdownNegotiation.evaluate(neg(moved, moved), ctx);
    expect(o.status).toBe('partial');
    expect(o.code).toBe('C1/cross-host');
  });
  it('fails when Markdown requests get HTML or an error, or browsers get Markdown', () => {
    expect(c1MarkdownNegotiation.evaluate(neg(html(), html()), ctx).status).toBe('fail');
    expect(c1MarkdownNegotiation.evaluate(neg(response({ url: '/', status: 406 }), html()), ctx).status).toBe('fail');
    const broken = c1MarkdownNegotiation.evaluate(neg(md(), md(), md()), ctx);
    expect(broken.status).toBe('fail');
    expect(broken.code).toBe('C1/markdown-to-browsers');
  });
  it('is na for a non-HTML page', () => {
    const j = response({ url: '/', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(c1MarkdownNegotiation.evaluate(neg(j, j, j), ctx).status).toBe('na');
  });
  it('gives platform-specific fixes', () => {
    const guide = (platform: string | null, hosting: string[] = []) => c1MarkdownNegotiation.fixGuide({ origin: ORIGIN, platform, hosting });
    expect(guide('nextjs').some((s) => s.code?.includes('NextResponse.rewrite'))).toBe(true);
    expect(guide('nuxt')[0].code).toContain('defineEventHandler');
    expect(guide(null, ['nginx']).some((s) => s.lang === 'nginx' && s.code?.includes('$http_accept'))).toBe(true);
    expect(guide(null, ['netlify']).some((s) => s.code?.includes('edge-functions'))).toBe(true);
    expect(guide(null, ['vercel']).some((s) => s.code?.includes('"has"'))).toBe(true);
    expect(guide('nextjs', ['cloudflare'])[0].title).toMatch(/Markdown for Agents/);
    const g = guide(null);
    expect(g[0].title).toMatch(/Markdown for Agents/);
    expect(g.length).toBeLessThanOrEqual(6);
    expect(g.at(-2)?.code).toContain('Accept: text/markdown');
  });
});

// The first and last also judge C2 on the site C1 gathered: one gather context serves both checks.
describe('C1 gather (loopback)', () => {
  const sites: FixtureSite[] = [];
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
  });
  const negotiating = (req: IncomingMessage, res: ServerResponse): void => {
    const accept = String(req.headers.accept ?? '');
    if (/^\s*text\/markdown/i.test(accept)) {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8', vary: 'Accept' });
      res.end(MD);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', vary: 'Accept' });
    res.end(HTML.replace('</head>', '<link rel="alternate" type="text/markdown" href="/md/home"></head>'));
  };
  it('sends the three Accept variants and passes a negotiating site', async () => {
    const s = await startFixture({ '/': negotiating, '/md/home': { headers: { 'content-type': 'text/markdown' }, body: MD } });
    sites.push(s);
    const c = await gatherContext(`${s.origin}/`);
    const o = c1MarkdownNegotiation.evaluate(await c1MarkdownNegotiation.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` });
    expect(o.status).toBe('pass');
    const accepts = s.requests.filter((r) => r.path === '/').map((r) => r.accept);
    expect(accepts).toContain('text/markdown');
    expect(accepts).toContain('text/markdown, text/html;q=0.9, */*;q=0.8');
    expect(accepts.some((a) => a.startsWith('text/html'))).toBe(true);
    const c2 = c2MarkdownUrls.evaluate(await c2MarkdownUrls.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` });
    expect(c2.status).toBe('pass');
    expect(s.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/index.md', '/md/home']));
  });
  it('passes a site answering as Cloudflare Markdown for Agents does and as the fix guide writes (docs read 2026-11-25)', async () => {
    const fix = c1MarkdownNegotiation.fixGuide({ origin: ORIGIN, platform: null, hosting: [] });
    const headerLines = fix.find((st) => st.title === 'Send the right headers')!.code!.split('\n');
    const fixHeaders = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    // Cloudflare converts whenever text/markdown is one of the options in Accept.
    const edge = (req: IncomingMessage, res: ServerResponse): void => {
      if (/text\/markdown/i.test(String(req.headers.accept ?? ''))) {
        res.writeHead(200, { ...fixHeaders });
        res.end(MD);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', vary: 'accept' });
      res.end(HTML);
    };
    const cf = (req: IncomingMessage, res: ServerResponse): void => {
      if (/text\/markdown/i.test(String(req.headers.accept ?? ''))) {
        res.writeHead(200, {
          'content-type': 'text/markdown; charset=utf-8',
          vary: 'accept',
          'x-markdown-tokens': '725',
          'content-signal': 'ai-train=yes, search=yes, ai-input=yes',
        });
        res.end(MD);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(HTML);
    };
    for (const [handler, defaultSignal] of [
      [edge, false],
      [cf, true],
    ] as const) {
      const s = await startFixture({ '/': handler });
      sites.push(s);
      const c = await gatherContext(`${s.origin}/`);
      const o = c1MarkdownNegotiation.evaluate(await c1MarkdownNegotiation.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` });
      expect(o.code).toBe('C1/ok');
      expect(o.details).toMatchObject({
        markdownResponse: { varyAccept: true, markdownTokens: defaultSignal ? '725' : fixHeaders['x-markdown-tokens'], edgeDefaultSignal: defaultSignal },
      });
    }
  });
  it('fails a site that always answers HTML', async () => {
    const s = await startFixture({ '*': { headers: { 'content-type': 'text/html' }, body: HTML } });
    sites.push(s);
    const c = await gatherContext(`${s.origin}/`);
    expect(c1MarkdownNegotiation.evaluate(await c1MarkdownNegotiation.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` }).status).toBe('fail');
    expect(c2MarkdownUrls.evaluate(await c2MarkdownUrls.gather(c), { origin: s.origin, pageUrl: `${s.origin}/` }).status).toBe('fail');
  });
});
