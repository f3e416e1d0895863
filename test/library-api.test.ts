import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('library API', () => {
  it("`import { scan } from 'ai-ready'` resolves to the built package", () => {
    // Package self-reference goes through package.json "exports", as a consumer's import would.
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('ai-ready'); console.log(typeof m.scan, typeof m.rubric, m.RUBRIC_VERSION.length > 0, m.ScanResponse.safeParse({}).success)",
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function true false');
  });

  it('ships type declarations for scan and the result type', () => {
    const dts = `${root}dist/index.d.ts`;
    expect(existsSync(dts), 'dist/index.d.ts is built by `npm install` (prepare) or `npm run build`').toBe(true);
    const text = readFileSync(dts, 'utf8');
    expect(text).toMatch(/declare function scan\(/);
    expect(text).toMatch(/ScanResult/);
  });
});
