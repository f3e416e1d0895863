/**
 * The A2A and Agent Skills rows at their newest texts (issue 27, issue 28 points 1-3 and 9: the
 * interface probed in its own binding, protocolVersion values, provider.organization, downloads
 * that could not be made, the specs' example shapes) judged through every face: the CLI (--json),
 * the v1 API of a real server and its MCP scan tool (the real SDK client). Each face must give the
 * row's status and code, and the evidence must name only what the parsed file shows.
 */
import { describe, expect, it } from 'vitest';
import { variantFaces } from './variant-faces.js';
import { a2aSkillsNewest as rowsOf } from '../corpus/sites/a2a-skills-newest.js';
import { mismatches } from '../corpus/mismatches.js';
import type { Variant } from '../corpus/types.js';

const { originOf, faces: FACES } = variantFaces(rowsOf, 'ai-ready-a2a-skills-faces-');

const only = (v: Variant) => Object.keys(v.expect).join(',');

/** What the evidence of some rows must (and must not) say: built from the parse, it cannot state what is not so. */
const EVIDENCE: Record<string, { id: string; has: RegExp[]; hasNot?: RegExp[] }> = {
  'a2a-v1-mcp-protocol-version': {
    id: 'A5',
    has: [/1 endpoint\(s\) \(HTTP\+JSON http:\/\/127\.0\.0\.1:\d+\/mcp\)/, /supportedInterfaces\[0\]\.protocolVersion is "2024-11-05": a date/],
    hasNot: [/2 endpoint/],
  },
  'a2a-v0-3-http-json-404': {
    id: 'A5',
    has: [/live \(HTTP\+JSON\): GET http:\/\/127\.0\.0\.1:\d+\/a2a\/rest\/v1\/tasks\/ai-ready-probe-no-such-task .*→ HTTP 404/],
  },
  'a2a-v1-http-json-answers': { id: 'A5', has: [/with A2A-Version 1\.0 → HTTP 404 \(application\/a2a\+json\): A2A error TASK_NOT_FOUND/] },
  'a2a-provider-without-organization': { id: 'A5', has: [/provider lacks "organization"/], hasNot: [/lacks "organization" and "url"/] },
  'a2a-v1-grpc-only': { id: 'A5', has: [/^Could not be measured: its interfaces are GRPC only/, /1 endpoint\(s\) \(GRPC 127\.0\.0\.1:1\)/] },
  'skills-unknown-schema-empty': {
    id: 'A6',
    has: [/unrecognised \$schema "https:\/\/skills\.example\/index\.schema\.json"/, /the skills array is empty/],
    hasNot: [/no \$schema/, /v0\.1\.0/],
  },
  'skills-artifact-unreachable': {
    id: 'A6',
    has: [
      /^Could not be measured: 1 artifact download\(s\) could not be made \(GET http:\/\/127\.0\.0\.1:1\/order-status\/SKILL\.md → refused: connection refused\)/,
      /0 of 1 artifact\(s\) downloaded, 1 could not be fetched/,
    ],
    hasNot: [/not served/],
  },
};

describe.each(Object.keys(FACES) as Array<keyof typeof FACES>)('A2A and skills rows through the %s', (face) => {
  it('every row gets its status and code', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    const rows = [...rowsOf];
    // A few at a time: the machine is shared.
    const worker = async () => {
      for (let v = rows.shift(); v; v = rows.shift()) {
        const checks = await FACES[face](originOf(v.name) + '/', ['--only', only(v)]);
        wrong.push(...mismatches(v, checks).map((m) => `${v.name}: ${m}`));
        const want = EVIDENCE[v.name];
        const evidence = want ? (checks.find((c) => c.id === want.id)?.evidence ?? '') : '';
        for (const re of want?.has ?? []) if (!re.test(evidence)) wrong.push(`${v.name}: evidence lacks ${re}: ${evidence}`);
        for (const re of want?.hasNot ?? []) if (re.test(evidence)) wrong.push(`${v.name}: evidence says ${re}: ${evidence}`);
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    expect(wrong).toEqual([]);
  });
});
