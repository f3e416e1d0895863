/** The per-dimension CI gate: --min-dimension and "minDimension" in ai-ready.config.json. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';
import { wordpressYoast } from '../fixtures/sites.mjs';
import { runCli } from './run-cli.js';
import { tempDir } from '../helpers/temp-dir.js';

let site: FixtureSite;
let botAccess = 0;
beforeAll(async () => {
  site = await startFixture((s) => wordpressYoast(s.origin));
  const r = await runCli(['scan', site.origin, '--json']);
  botAccess = JSON.parse(r.stdout).dimensions.bot_access.score;
});
afterAll(() => site?.close());

describe('--min-dimension', () => {
  it('fails the run when an applicable dimension is below its minimum, and names it', async () => {
    const below = await runCli(['scan', site.origin, '--json', '--min-dimension', `bot_access=${botAccess + 1}`]);
    expect(below.code).toBe(1);
    expect(below.stderr).toContain(`bot_access ${botAccess} is below --min-dimension bot_access=${botAccess + 1}`);
    const met = await runCli(['scan', site.origin, '--json', '--min-dimension', `bot_access=${botAccess},discoverability=0`]);
    expect(met.code).toBe(0);
  });

  it('does not gate a dimension that does not apply (commerce on a blog)', async () => {
    expect((await runCli(['scan', site.origin, '--json', '--min-dimension', 'commerce=90'])).code).toBe(0);
  });

  it('rejects unknown dimensions and bad scores as usage errors', async () => {
    for (const bad of ['speed=50', 'bot_access', 'bot_access=101', 'content=abc']) {
      const r = await runCli(['scan', site.origin, '--min-dimension', bad]);
      expect([bad, r.code]).toEqual([bad, 2]);
      expect(r.stderr).toMatch(/--min-dimension/);
    }
  });

  it('reads minDimension from the config file; the flag wins', async () => {
    const dir = tempDir('ai-ready-mindim-');
    writeFileSync(join(dir, 'ai-ready.config.json'), JSON.stringify({ minDimension: { bot_access: 100 } }));
    expect((await runCli(['scan', site.origin, '--json'], { cwd: dir })).code).toBe(botAccess < 100 ? 1 : 0);
    expect((await runCli(['scan', site.origin, '--json', '--min-dimension', 'bot_access=0'], { cwd: dir })).code).toBe(0);
    writeFileSync(join(dir, 'ai-ready.config.json'), JSON.stringify({ minDimension: { speed: 3 } }));
    expect((await runCli(['scan', site.origin, '--json'], { cwd: dir })).code).toBe(2);
  });
});
