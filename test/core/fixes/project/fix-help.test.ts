/** `ai-ready fix --help` names every owner value `--set` accepts, every framework fix writes for and every header host. */
import { describe, expect, it } from 'vitest';
import { OWNER_VALUES } from '../../../../src/core/fixes/owner-values.js';
import { FRAMEWORK_LABELS } from '../../../../src/core/fixes/project/frameworks.js';
import { HEADER_HOST_PACKS, headerFileName } from '../../../../src/core/fixes/project/headers-place.js';
import { runCli } from '../../../cli/run-cli.js';

describe('fix --help', () => {
  it('lists the owner values, the frameworks, the formats and the exit codes', async () => {
    const run = await runCli(['fix', '--help']);
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, ' ');
    for (const name of Object.keys(OWNER_VALUES)) expect(help).toContain(name);
    for (const label of FRAMEWORK_LABELS) expect(help.toLowerCase()).toContain(label.toLowerCase());
    // Every registered header host is a --host value, named with the files it writes.
    for (const { host } of HEADER_HOST_PACKS) expect(help).toContain(`${host.id} (${host.files.map(headerFileName).join(' or ')})`);
    expect(help).toContain('none (printed)');
    expect(help).toContain('pretty, json, agent');
    expect(help).toMatch(/Exit codes: 0 .* 1 .* 2 usage error, 3/);
    // It asks on a terminal; --no-input (and CI, no TTY, json|agent) never does.
    expect(help).toContain('--no-input');
    expect(help).toMatch(/On a terminal, fix asks for the decisions/);
  });
});
