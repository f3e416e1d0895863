/**
 * Where a static project's response headers go (headersPlace): an explicit --host, then a host file
 * the project has (vercel.json before netlify.toml before _headers), then the host the scan saw (the
 * host that builds the files before a CDN in front of them), else printed. Each case is a real folder.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersPlace } from '../../../../src/core/fixes/project/headers-place.js';
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
    expect(headersPlace(bare, 'public', [], 'vercel')).toEqual({ host: 'vercel', file: 'vercel.json', why: '--host vercel' });
    expect(headersPlace(bare, 'public', ['vercel'], 'netlify')).toEqual({ host: 'netlify', file: 'public/_headers', why: '--host netlify' });
    expect(headersPlace(project(['netlify.toml']), 'public', [], 'netlify').file).toBe('netlify.toml');
    expect(headersPlace(bare, '.', [], 'cloudflare-pages')).toEqual({ host: 'cloudflare-pages', file: '_headers', why: '--host cloudflare-pages' });
    expect(headersPlace(project(['vercel.json']), 'public', [], 'none')).toEqual({ host: 'none', file: null, why: '--host none' });
  });

  it("reads the project's host files first, in the registry's order", () => {
    expect(headersPlace(project(['vercel.json', 'netlify.toml']), 'public', ['netlify'], undefined)).toEqual({
      host: 'vercel',
      file: 'vercel.json',
      why: 'the project has vercel.json',
    });
    expect(headersPlace(project(['netlify.toml', 'public/_headers']), 'public', ['vercel'])).toEqual({
      host: 'netlify',
      file: 'netlify.toml',
      why: 'the project has netlify.toml',
    });
    expect(headersPlace(project(['static/_headers']), 'static', ['cloudflare'])).toEqual({
      host: 'netlify',
      file: 'static/_headers',
      why: 'the project has static/_headers (Netlify and Cloudflare Pages read it)',
    });
    // A _headers outside the static folder is not the host's file.
    expect(headersPlace(project(['_headers']), 'public', []).host).toBe('none');
  });

  it('then the hosting the scan saw, the host that builds the site before a CDN in front of it', () => {
    for (const dir of [null, project([])]) {
      expect(headersPlace(dir, 'public', ['cloudflare', 'vercel'])).toEqual({ host: 'vercel', file: 'vercel.json', why: 'the scan saw Vercel in front of the site' });
      expect(headersPlace(dir, 'public', ['cloudflare', 'netlify'])).toEqual({
        host: 'netlify',
        file: 'public/_headers',
        why: 'the scan saw Netlify in front of the site',
      });
      expect(headersPlace(dir, 'dist', ['nginx', 'cloudflare'])).toEqual({
        host: 'cloudflare-pages',
        file: 'dist/_headers',
        why: 'the scan saw Cloudflare in front of the site (Cloudflare Pages reads _headers)',
      });
      expect(headersPlace(dir, 'public', ['nginx', 'fastly'])).toEqual({
        host: 'none',
        file: null,
        why: 'no host file in the project and no host recognised: pass --host vercel|netlify|cloudflare-pages to write them',
      });
    }
  });
});
