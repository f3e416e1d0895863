import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import { renderHtmlReport } from '../../src/format/html.js';
import { ScanResponse, type ScanResult } from '../../src/core/schema.js';
import type { FixtureSite } from '../helpers/fixture-server.js';
import { evilRobotsSite, scanFixture } from './scan-fixture.js';

let site: FixtureSite;
let result: ScanResult;
beforeAll(async () => {
  ({ site, result } = await scanFixture(evilRobotsSite()));
});
afterAll(() => site?.close());

describe('renderHtmlReport', () => {
  it('is one self-contained document that shows every check', () => {
    const html = renderHtmlReport(result);
    const $ = cheerio.load(html);
    expect($('title').text()).toContain('127.0.0.1');
    // Every check of the result appears once, with its status.
    const cards = $('article.check');
    expect(cards.length).toBe(result.checks.length);
    for (const c of result.checks) {
      const card = $(`article[data-check-id="${c.id}"]`);
      expect(card.length, c.id).toBe(1);
      expect(card.attr('data-status')).toBe(c.status);
      expect(card.find('h3').text()).toContain(c.name);
    }
    expect($('[data-score]').attr('data-score')).toBe(String(result.overallScore));
    expect($('[data-grade]').text()).toBe(result.grade);
    expect($('[data-level]').text()).toBe(String(result.level));
    // No network, no script: nothing is loaded from anywhere.
    expect($('script').length).toBe(0);
    expect($('link[rel="stylesheet"], img[src], iframe').length).toBe(0);
    expect($('meta[http-equiv="Content-Security-Policy"]').attr('content')).toContain("default-src 'none'");
    expect($('style').text()).toContain('@media print');
  });

  it('shows fix steps for failing and partial checks', () => {
    const $ = cheerio.load(renderHtmlReport(result));
    const failing = result.checks.filter((c) => c.status === 'fail' || c.status === 'partial');
    expect(failing.length).toBeGreaterThan(0);
    for (const c of failing) {
      const card = $(`article[data-check-id="${c.id}"]`);
      expect(card.find('.fix').length, c.id).toBe(1);
      expect(card.find('.fix li').length).toBe(c.fixGuide?.length ?? 0);
    }
    for (const c of result.checks.filter((x) => x.status === 'pass')) expect($(`article[data-check-id="${c.id}"] .fix`).length).toBe(0);
  });

  it('escapes everything the site said: no injected elements, no control characters', () => {
    const d1 = result.checks.find((c) => c.id === 'D1')!;
    expect(d1.evidence).toContain('<script>');
    const html = renderHtmlReport(result);
    const $ = cheerio.load(html);
    expect($('script').length).toBe(0);
    expect($('img').length).toBe(0);
    expect($('a[href^="javascript:"]').length).toBe(0);
    expect(html).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/);
    // The text is still shown, as text.
    expect($('article[data-check-id="D1"] .evidence').text()).toContain('<script>alert(1)</script>');
  });

  it('renders share and base links only when they are safe', () => {
    const $ = cheerio.load(renderHtmlReport(result, { shareUrl: 'https://ai-ready.example/r/abc"><b>x', baseUrl: 'javascript:alert(1)' }));
    expect($('.share input').attr('value')).toBe('https://ai-ready.example/r/abc"><b>x');
    expect($('b').length).toBe(0);
    expect($('footer a').length).toBe(0);
    const $$ = cheerio.load(renderHtmlReport(result, { baseUrl: 'https://ai-ready.example/' }));
    expect($$('footer a').attr('href')).toBe('https://ai-ready.example/');
  });

  it('handles a minimal hand-built result (no optional fields)', () => {
    const minimal = ScanResponse.parse({ url: 'https://example.com/', overallScore: 0, level: 0, checks: [] });
    const $ = cheerio.load(renderHtmlReport(minimal));
    expect($('article.check').length).toBe(0);
    expect($('[data-score]').attr('data-score')).toBe('0');
  });
});
