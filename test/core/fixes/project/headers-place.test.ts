/**
 * Where a static project's response headers go (headersPlace): an explicit --host, then a host file
 * the project has (vercel.json before netlify.toml before _headers), then the host the scan saw (the
 * host that builds the files before a CDN in front of them), else printed. Each case is a real folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { HOSTS } from '../../../../src/core/fixes/platforms/index.js';
import { HEADER_HOST_PACKS, HEADER_HOSTS, headersPlace, type HeaderHostId } from '../../../../src/core/fixes/project/headers-place.js';
import { CONFIG_FILES } from '../../../../src/core/fixes/project/project-files.js';
import { tempDir } from '../../../helpers/temp-dir.js';

function project(files: string[]): string {
  const dir = tempDir('ai-ready-headers-place-');
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), '');
  }
  return dir;
}

describe('headersPlace', () => {
  it('takes an explicit --host, writing the file that host reads', () => {
    const bare = project([]);
    expect(headersPlace(bare, 'public', [], 'vercel')).toEqual({ host: 'vercel', file: 'vercel.json', format: 'vercel-json', why: '--host vercel' });
    expect(headersPlace(bare, 'public', ['vercel'], 'netlify')).toEqual({
      host: 'netlify',
      file: 'public/_headers',
      format: 'headers-text',
      why: '--host netlify',
    });
    expect(headersPlace(project(['netlify.toml']), 'public', [], 'netlify').file).toBe('netlify.toml');
    expect(headersPlace(bare, '.', [], 'cloudflare-pages')).toEqual({
      host: 'cloudflare-pages',
      file: '_headers',
      format: 'headers-text',
      why: '--host cloudflare-pages',
    });
    expect(headersPlace(project(['vercel.json']), 'public', [], 'none')).toEqual({ host: 'none', file: null, format: null, why: '--host none' });
  });

  it("reads the project's host files first, in the registry's order", () => {
    expect(headersPlace(project(['vercel.json', 'netlify.toml']), 'public', ['netlify'], undefined)).toEqual({
      host: 'vercel',
      file: 'vercel.json',
      format: 'vercel-json',
      why: 'the project has vercel.json',
    });
    expect(headersPlace(project(['netlify.toml', 'public/_headers']), 'public', ['vercel'])).toEqual({
      host: 'netlify',
      file: 'netlify.toml',
      format: 'netlify-toml',
      why: 'the project has netlify.toml',
    });
    expect(headersPlace(project(['static/_headers']), 'static', ['cloudflare'])).toEqual({
      host: 'netlify',
      file: 'static/_headers',
      format: 'headers-text',
      why: 'the project has static/_headers (Netlify and Cloudflare Pages read it)',
    });
    // A _headers outside the static folder is not the host's file.
    expect(headersPlace(project(['_headers']), 'public', []).host).toBe('none');
  });

  it('then the hosting the scan saw, the host that builds the site before a CDN in front of it', () => {
    expect(HEADER_HOSTS).toEqual(expect.arrayContaining(['vercel', 'netlify', 'cloudflare-pages', 'none']));
    for (const dir of [null, project([])]) {
      expect(headersPlace(dir, 'public', ['cloudflare', 'vercel'])).toEqual({
        host: 'vercel',
        file: 'vercel.json',
        format: 'vercel-json',
        why: 'the scan saw Vercel in front of the site',
      });
      expect(headersPlace(dir, 'public', ['cloudflare', 'netlify'])).toEqual({
        host: 'netlify',
        file: 'public/_headers',
        format: 'headers-text',
        why: 'the scan saw Netlify in front of the site',
      });
      expect(headersPlace(dir, 'dist', ['nginx', 'cloudflare'])).toEqual({
        host: 'cloudflare-pages',
        file: 'dist/_headers',
        format: 'headers-text',
        why: 'the scan saw Cloudflare in front of the site (Cloudflare Pages reads _headers)',
      });
      expect(headersPlace(dir, 'public', ['nginx', 'fastly'])).toEqual({
        host: 'none',
        file: null,
        format: null,
        why: `no host file in the project and no host recognised: pass --host ${HEADER_HOSTS.filter((h) => h !== 'none').join('|')} to write them`,
      });
    }
  });
});

describe('the header hosts are the packs', () => {
  it('takes every --host value from a registered pack, typed', () => {
    const declared = Object.values(HOSTS).flatMap((p) => ('headerHost' in p && p.headerHost ? [p.headerHost.id] : []));
    expect([...HEADER_HOSTS].sort()).toEqual([...declared, 'none'].sort());
    // A literal union, not string: a mistyped --host value does not compile.
    expectTypeOf<'cloudflare-pages'>().toExtend<HeaderHostId>();
    expectTypeOf<'nginx'>().not.toExtend<HeaderHostId>();
    expectTypeOf<string>().not.toExtend<HeaderHostId>();
  });

  it('allows each header host file at a fixed path outside the static folder, and no other host file', () => {
    for (const { host } of HEADER_HOST_PACKS) for (const f of host.files) if (typeof f.path === 'string') expect(CONFIG_FILES.has(f.path), f.path).toBe(true);
    expect(CONFIG_FILES.has('vercel.json')).toBe(true);
    expect(CONFIG_FILES.has('netlify.toml')).toBe(true);
    // _headers is the static folder's, allowed as any file there: not a config file at the root.
    expect(CONFIG_FILES.has('_headers')).toBe(false);
  });
});
