/**
 * The content profile does not mark a site down for an agent capability it does not run (issue 36,
 * item 4): A4, A5, A6, A7, A9 and A10 that fail on a content site are `na` with `<id>/not-offered`,
 * and one the site does publish counts as extra credit; `--profile app` scores them as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour tides</title></head><body><h1>Tides</h1><p>High water at 06:12.</p></body></html>`;
const OFFERED = ['A4', 'A5', 'A6', 'A7', 'A9', 'A10'];
const SKILL =
  "---\nname: tide-times\ndescription: Read the tide table for a date.\n---\n\n# Tide times\n\nGET /tides?date=YYYY-MM-DD returns the day's high and low water.\n";

describe('not offered: agent capabilities on a content site', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({ '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE } });
  });
  afterAll(() => site.close());

  it('a content site without them: each is na, code <id>/not-offered, out of the score', async () => {
    const r = await scan(site.origin, { only: OFFERED });
    expect(r.profile?.applied).toEqual(['content']);
    for (const id of OFFERED) {
      const c = r.checks.find((x) => x.id === id)!;
      expect(c.status, id).toBe('na');
      expect(c.code, id).toBe(`${id}/not-offered`);
      expect(c.naReason, id).toMatch(/^not offered/);
      expect(c.weight, id).toBe(0);
    }
  });

  it('--profile app scores them at their tier (a fail, with its own code)', async () => {
    const r = await scan(site.origin, { only: ['A6'], profile: 'app' });
    const a6 = r.checks.find((x) => x.id === 'A6')!;
    expect(a6.status).toBe('fail');
    expect(a6.code).not.toBe('A6/not-offered');
    expect(a6.tier).toBe('recommended');
  });
});

describe('offered: a content site that publishes one', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    const { createHash } = await import('node:crypto');
    const digest = `sha256:${createHash('sha256').update(SKILL).digest('hex')}`;
    const index = {
      $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
      skills: [
        { name: 'tide-times', type: 'skill-md', description: 'Read the tide table for a date.', url: '/.well-known/agent-skills/tide-times/SKILL.md', digest },
      ],
    };
    site = await startFixture({
      '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE },
      '/.well-known/agent-skills/index.json': { headers: { 'content-type': 'application/json' }, body: JSON.stringify(index) },
      '/.well-known/agent-skills/tide-times/SKILL.md': { headers: { 'content-type': 'text/markdown; charset=utf-8' }, body: SKILL },
    });
  });
  afterAll(() => site.close());

  it('counts as extra credit (bonus tier), never as a cost', async () => {
    const r = await scan(site.origin, { only: ['A6'] });
    expect(r.profile?.applied).toEqual(['content']);
    const a6 = r.checks.find((x) => x.id === 'A6')!;
    expect(['pass', 'partial']).toContain(a6.status);
    expect(a6.tier).toBe('bonus');
    expect(a6.earned).toBeGreaterThan(0);
  });
});

describe('offered but broken: a content site that publishes one that fails', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixture({
      '/': { headers: { 'content-type': 'text/html; charset=utf-8' }, body: PAGE },
      // An AI catalog that is not JSON: published, and broken.
      '/.well-known/ai-catalog.json': { headers: { 'content-type': 'application/json' }, body: '{"specVersion": "1.0", entries: [' },
    });
  });
  afterAll(() => site.close());

  it('keeps its own failing verdict (never "not offered"), at no cost to the score', async () => {
    const r = await scan(site.origin, { only: ['A10'] });
    expect(r.profile?.applied).toEqual(['content']);
    const a10 = r.checks.find((x) => x.id === 'A10')!;
    expect(a10.status).toBe('fail');
    expect(a10.code).toBe('A10/not-json');
    expect(a10.tier).toBe('bonus');
  });
});
