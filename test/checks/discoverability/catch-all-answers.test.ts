/**
 * Sites whose router answers every path with 200 (a "Not found" text, a JSON error): D1 and D5
 * must not credit that answer as a robots.txt or an llms-full.txt.
 */
import { describe, expect, it } from 'vitest';
import { d1RobotsTxt } from '../../../src/core/checks/discoverability/d1-robots-txt.js';
import { d5LlmsFullTxt } from '../../../src/core/checks/discoverability/d5-llms-full-txt.js';
import { llmsFileState, parseLlmsTxt, type LlmsArtifact } from '../../../src/core/gather/llms-txt.js';
import { parseRobots } from '../../../src/core/gather/robots.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { ORIGIN, json, text } from '../../helpers/responses.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const robots = (res: FetchResult) => d1RobotsTxt.evaluate(parseRobots(res, ORIGIN), ctx);

function fullTxt(probe: FetchResult): LlmsArtifact {
  const state = llmsFileState(probe);
  const c = { path: '/llms-full.txt', probe, state, doc: state === 'document' ? parseLlmsTxt(probe.text) : null };
  return { file: 'llms-full.txt', candidates: [c], chosen: c, linkChecks: [], uncheckedLinks: 0 };
}

describe('D1 on a catch-all answer', () => {
  it('fails a 200 text or JSON body without a single robots.txt record', () => {
    const notFound = robots(text('/robots.txt', 'Not Found\n'));
    expect(notFound.status).toBe('fail');
    expect(notFound.evidence).toMatch(/not a robots\.txt/);
    expect(robots(json('/robots.txt', { error: 'not found', code: 404 })).status).toBe('fail');
  });
  it('keeps partial for a real file that only lacks a group', () => {
    expect(robots(text('/robots.txt', 'Sitemap: https://x.test/sitemap.xml\n')).status).toBe('partial');
    expect(robots(text('/robots.txt', 'Crawl-delay: 5\nnonsense line\n')).status).toBe('partial');
  });
});

describe('D5 on a catch-all answer', () => {
  it('does not pass a large JSON document', () => {
    const body = JSON.stringify({ error: 'route not found', routes: Array.from({ length: 60 }, (_, i) => `/api/v1/resource-${i}`) });
    expect(body.length).toBeGreaterThan(1024);
    const o = d5LlmsFullTxt.evaluate(fullTxt(json('/llms-full.txt', JSON.parse(body))), ctx);
    expect(o.status).toBe('partial');
    expect(o.evidence).toMatch(/JSON document/);
    expect(d5LlmsFullTxt.evaluate(fullTxt(text('/llms-full.txt', body, 'text/plain')), ctx).status).toBe('partial');
  });
  it('still passes Markdown text', () => {
    expect(d5LlmsFullTxt.evaluate(fullTxt(text('/llms-full.txt', `# Docs\n\n${'[a](/a.md) words '.repeat(100)}`)), ctx).status).toBe('pass');
  });
});
