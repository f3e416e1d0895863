/**
 * The `sh` tag of the Verify commands: whatever a site puts in a URL (or a host), a POSIX shell
 * word splitter reads it back as one literal word, and a real shell running the command runs
 * nothing of it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { sh, shq } from '../../../src/core/fixes/shell.js';

/** The words of a command as a POSIX shell splits them; any expansion the splitter would do is recorded. */
function words(command: string): { words: unknown[]; expanded: string[] } {
  const expanded: string[] = [];
  const out = parse(command, (name: string) => {
    expanded.push(name);
    return `$${name}`;
  });
  return { words: out, expanded };
}

describe('sh', () => {
  it('keeps any URL string one literal word, next to the literal parts of the command', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.webUrl({ withQueryParameters: true, withFragments: true }), (any, url) => {
        for (const value of [any, url, `${url}$(touch x)\`id\`'"; rm -rf ~ |&`]) {
          const parsed = words(sh`curl -si ${value} | head -n 20`);
          expect(parsed.expanded).toEqual([]);
          expect(parsed.words.slice(0, 3)).toEqual(['curl', '-si', value]);
          expect(parsed.words[3]).toEqual({ op: '|' });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('quotes a value with the path written after it as one word', () => {
    const origin = "http://a$(x).example'b";
    expect(sh`curl -s ${origin}/robots.txt | grep x`).toBe(`curl -s ${shq(`${origin}/robots.txt`)} | grep x`);
    expect(words(sh`curl -s ${origin}${'/.well-known/x'} -o /dev/null`).words).toEqual(['curl', '-s', `${origin}/.well-known/x`, '-o', '/dev/null']);
  });

  it('runs nothing of the value in a real shell', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-ready-sh-'));
    try {
      const marker = join(dir, 'PWNED');
      for (const payload of [`$(touch ${marker})`, `\`touch ${marker}\``, `'; touch ${marker}; '`, `"; touch ${marker}; "`, `x|touch ${marker}`]) {
        const url = `http://127.0.0.1:1/?q=${payload}`;
        const out = execFileSync('sh', ['-c', sh`printf '%s\\n' ${url}`], { encoding: 'utf8' });
        expect(out).toBe(`${url}\n`);
        expect(existsSync(marker)).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
