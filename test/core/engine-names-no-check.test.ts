/**
 * The engine, the profile and the fix finder know checks only by what they declare (profile
 * rules, offered resources, early requests): no check id is written in them, so adding a check
 * touches its own file and one registry line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/checks/index.js';

const ENGINE_FILES = ['scan.ts', 'site-scope.ts', 'scoring/profile.ts', 'scoring/score.ts', 'scoring/levels.ts', 'fixes/found.ts'];

describe('the engine names no check', () => {
  const ids = CHECKS.map((c) => c.meta.id);
  it.each(ENGINE_FILES)('src/core/%s has no check id', (file) => {
    const text = readFileSync(new URL(`../../src/core/${file}`, import.meta.url), 'utf8');
    const named = ids.filter((id) => new RegExp(`\\b${id}\\b`).test(text));
    expect(named).toEqual([]);
  });

  it('finds an id when one is written (the pattern itself works)', () => {
    expect(ids.filter((id) => new RegExp(`\\b${id}\\b`).test("meta.id === 'A8'"))).toEqual(['A8']);
  });
});

describe('checks keep neutral advice', () => {
  it('no check file branches on a platform id (the advice lives in core/fixes/platforms/<id>.ts)', async () => {
    const { readdirSync } = await import('node:fs');
    const { FINGERPRINTS } = await import('../../src/core/platform/fingerprints.js');
    const dir = new URL('../../src/core/checks/', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(30);
    const ids = FINGERPRINTS.map((f) => f.id);
    const branching = files.flatMap((f) => {
      const text = readFileSync(new URL(f, dir), 'utf8');
      return ids.filter((id) => new RegExp(`(case|===|!==)\\s*'${id}'`).test(text)).map((id) => `${f}: ${id}`);
    });
    expect(branching).toEqual([]);
  });

  it('no check file asks for a host by id (a host in front of the site adds its way through hostHooks)', async () => {
    const { readdirSync } = await import('node:fs');
    const { HOSTING_FINGERPRINTS } = await import('../../src/core/platform/fingerprints.js');
    const dir = new URL('../../src/core/checks/', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const asking = files.flatMap((f) => {
      const text = readFileSync(new URL(f, dir), 'utf8');
      return HOSTING_FINGERPRINTS.map((h) => h.id)
        .filter((id) => new RegExp(`hosting\\.(includes|indexOf|some)\\([^)]*'${id}'|(case|===|!==)\\s*'${id}'`).test(text))
        .map((id) => `${f}: ${id}`);
    });
    expect(asking).toEqual([]);
    expect(/hosting\.(includes|indexOf|some)\([^)]*'cloudflare'/.test("fx.hosting.includes('cloudflare')")).toBe(true);
  });
});
