/**
 * The engine, the profile and the fix finder know checks only by what they declare (profile
 * rules, offered resources and links, page-level, rendered hooks, early requests): no check id is
 * written in them, so adding a check touches its own file and one registry line. And no check
 * names a platform or host: their advice lives in core/fixes/platforms/<id>.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
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

  /**
   * Every other file of core outside checks/, comments aside. The files below still name check
   * ids in code, each for a reason still to be designed away (issue 29); the list only shrinks:
   * a file that no longer names one must leave it.
   */
  const STILL_NAMING: Record<string, string> = {
    'schema.ts': 'the page-level example and field docs of the report schema',
    'scan-params.ts': 'flag descriptions that name the checks --render changes',
    'standards/ledger.ts': 'each standard lists the checks that read it (meta.standards says it again)',
    'gather/a2a-schema.ts': 'a gather module that emits A5 codes',
    'render/a7-rendered.ts': "A7's rendered codes (declared by the check, written here)",
    'render/c3-rendered.ts': "C3's rendered codes (declared by the check, written here)",
  };
  const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const coreFiles = readdirSync(new URL('../../src/core/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !f.startsWith('checks/'),
  );
  it('reads every file of core outside checks/', () => expect(coreFiles.length).toBeGreaterThan(100));
  it.each(coreFiles.filter((f) => !(f in STILL_NAMING)))('src/core/%s names no check id in code', (file) => {
    const text = codeOf(readFileSync(new URL(`../../src/core/${file}`, import.meta.url), 'utf8'));
    expect(ids.filter((id) => new RegExp(`\\b${id}\\b`).test(text))).toEqual([]);
  });
  it.each(Object.keys(STILL_NAMING))('src/core/%s is still on the list for a reason (it names a check id)', (file) => {
    const text = codeOf(readFileSync(new URL(`../../src/core/${file}`, import.meta.url), 'utf8'));
    expect(ids.some((id) => new RegExp(`\\b${id}\\b`).test(text))).toBe(true);
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

  it('no check file writes a platform or host id in code at all (a host says its piece in hostNotes)', async () => {
    const { FINGERPRINTS, HOSTING_FINGERPRINTS } = await import('../../src/core/platform/fingerprints.js');
    const dir = new URL('../../src/core/checks/', import.meta.url);
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const ids = [...FINGERPRINTS, ...HOSTING_FINGERPRINTS].map((f) => f.id);
    const quoted = (id: string) => new RegExp(`['"\`]${id.replace(/[-.]/g, '\\$&')}['"\`]`);
    const naming = files.flatMap((f) => {
      const text = readFileSync(new URL(f, dir), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return ids.filter((id) => quoted(id).test(text)).map((id) => `${f}: ${id}`);
    });
    expect(naming).toEqual([]);
    expect(quoted('cloudflare').test("const h = new Set(fx.hosting); if (h.has('cloudflare'))")).toBe(true);
  });
});
