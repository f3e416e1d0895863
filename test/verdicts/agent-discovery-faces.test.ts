/**
 * The agent-discovery corpus rows (issues 20 and 23: the MCP catalog, A2A schemas per version, AI
 * catalog discovery, live probes that could not be made) judged through every face: the CLI
 * (--json), the v1 API of a real server and its MCP scan tool (the real SDK client). Each face must
 * give the row's status and code, as the engine does in test/corpus.
 */
import { describe, expect, it } from 'vitest';
import { variantFaces } from './variant-faces.js';
import { agentDiscovery } from '../corpus/sites/agent-discovery.js';
import { mismatches } from '../corpus/mismatches.js';
import type { Variant } from '../corpus/types.js';

const { originOf, faces: FACES } = variantFaces(agentDiscovery, 'ai-ready-discovery-faces-');

const only = (v: Variant) => Object.keys(v.expect).join(',');

describe.each(Object.keys(FACES) as Array<keyof typeof FACES>)('agent-discovery rows through the %s', (face) => {
  it('every row gets its status and code', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    const rows = [...agentDiscovery];
    // A few at a time: the machine is shared.
    const worker = async () => {
      for (let v = rows.shift(); v; v = rows.shift()) {
        const checks = await FACES[face](originOf(v.name) + '/', ['--only', only(v)]);
        wrong.push(...mismatches(v, checks).map((m) => `${v.name}: ${m}`));
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(wrong).toEqual([]);
  });
});
