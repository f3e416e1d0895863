/**
 * Everything outside the checks knows them only by what they declare (profile rules, offered
 * resources and links, page-level, rendered hooks, early requests, standards): no check id is
 * written in the engine, gather, render, the formats or any face, so adding a check touches its
 * own file and one registry line. And no check
 * names a platform or host: their advice lives in core/fixes/platforms/<id>.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/checks/index.js';
import { STANDARDS } from '../../src/core/standards/ledger.js';

const ENGINE_FILES = ['scan.ts', 'site-scope.ts', 'scoring/profile.ts', 'scoring/score.ts', 'scoring/levels.ts', 'fixes/found.ts'];

describe('the engine names no check', () => {
  const ids = CHECKS.map((c) => c.meta.id);
  const named = (text: string) => ids.filter((id) => new RegExp(`\\b${id}\\b`).test(text));
  it.each(ENGINE_FILES)('src/core/%s has no check id', (file) => {
    const text = readFileSync(new URL(`../../src/core/${file}`, import.meta.url), 'utf8');
    expect(named(text)).toEqual([]);
  });

  /**
   * Every file of src/ outside core/checks/ (the engine, gather, render, fixes, the formats, the
   * CLI, the server, MCP, ...), comments aside: a list of checks is derived from what the checks
   * declare (meta.pageLevel, rendered, meta.standards, ...), and an example is written without an
   * id ("<check id>/<name>"), so no list goes stale when a check is added.
   *
   * One file is read by its own rule: the standards ledger (core/standards/ledger.ts). Which checks
   * read an entry is derived from meta.standards (standards/view.ts), so no field the ledger's
   * readers compute from names a check. Its human text (`note`, `olderShapes`, a source's
   * `newestBy`) is the maintainers' record of a reading, shown to people (docs/standards.md,
   * `rubric --standards --verbose`), where "what moved in A5" is the useful sentence: it may cite a
   * check, but only one that reads that entry (its meta.standards points there), so a citation
   * cannot outlive the pointer it documents.
   */
  const LEDGER = 'core/standards/ledger.ts';
  const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const srcFiles = readdirSync(new URL('../../src/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.tsx?$/.test(f) && !f.startsWith('core/checks/'),
  );
  it('reads every file of src/ outside core/checks/, every face included', () => {
    expect(srcFiles.length).toBeGreaterThan(300);
    for (const dir of [
      'cli/',
      'format/',
      'server/',
      'mcp/',
      'core/fixes/project/',
      'monitor/',
      'runner/',
      'store/',
      'service/',
      'oauth/',
      'core/gather/',
      'core/render/',
    ])
      expect(
        srcFiles.some((f) => f.startsWith(dir)),
        dir,
      ).toBe(true);
    expect(srcFiles).toContain('optional-package.ts');
  });
  it.each(srcFiles.filter((f) => f !== LEDGER))('src/%s names no check id in code', (file) => {
    const text = codeOf(readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8'));
    expect(named(text)).toEqual([]);
  });

  it('the ledger cites a check only in its human text, and only a check that reads that entry', () => {
    const HUMAN = new Set(['note', 'olderShapes', 'newestBy']);
    const wrong: string[] = [];
    for (const [entry, standard] of Object.entries(STANDARDS)) {
      const readers = new Set(CHECKS.filter((c) => (c.meta.standards as string[]).includes(entry)).map((c) => c.meta.id));
      const walk = (value: unknown, field: string): void => {
        if (typeof value === 'string') {
          for (const id of named(value)) if (!HUMAN.has(field) || !readers.has(id)) wrong.push(`${entry}.${field}: ${id}`);
        } else if (Array.isArray(value)) value.forEach((v) => walk(v, field));
        else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
      };
      walk(standard, entry);
    }
    expect(wrong).toEqual([]);
    // Outside the entries' values the file names no check either (types, constants, comments aside).
    const text = codeOf(readFileSync(new URL(`../../src/${LEDGER}`, import.meta.url), 'utf8'));
    expect(named(text.replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, "''"))).toEqual([]);
  });

  it('finds an id when one is written (the pattern itself works)', () => {
    expect(named("meta.id === 'A8'")).toEqual(['A8']);
  });
});

describe('checks keep neutral advice', () => {
  it('no check file branches on a platform id (the advice lives in core/fixes/platforms/<id>.ts)', async () => {
    const { readdirSync } = await import('node:fs');
    const { FINGERPRINTS } = await import('../../src/core/fixes/platform-fingerprints.js');
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
    const { HOSTING_FINGERPRINTS } = await import('../../src/core/fixes/platform-fingerprints.js');
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
    const { FINGERPRINTS, HOSTING_FINGERPRINTS } = await import('../../src/core/fixes/platform-fingerprints.js');
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
