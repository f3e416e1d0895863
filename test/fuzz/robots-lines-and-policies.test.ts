/**
 * The small readers B5, D1 and A7 added for the newest texts, property-based and bounded:
 * - a robots.txt Content-Usage rule (draft-ietf-aipref-attach at 7ca0afc): a leading path up to the
 *   first SP/HTAB, then the same Dictionary read as the header;
 * - the directives Lighthouse's robots-txt audit would flag (safelist of robots-txt.js at 83f1c6fd0d);
 * - the Permissions-Policy `tools` member and Origin-Agent-Cluster (webmcp index.bs at 0b676d2);
 * - A1's URI / relation tests (RFC 3986 §3, RFC 8288 §2.1) and its linkset reading over generated entries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readContentUsage, readContentUsageRule } from '../../src/core/checks/bot_access/content-usage-header.js';
import { LIGHTHOUSE_ROBOTS_SAFELIST, lighthouseUnknownDirectives } from '../../src/core/checks/bot_access/robots-tool-flags.js';
import { POLICY_MAX_CHARS, readWebMcpPolicy } from '../../src/core/checks/capabilities/webmcp-policy.js';
import { inspectLinkset } from '../../src/core/checks/capabilities/a1-api-catalog.js';
import { isKnownRelation, isUri, isUriTemplate, REGISTERED_RELATIONS } from '../../src/core/gather/link-relations.js';

const ORIGIN = 'https://site.example';
const path = fc.stringMatching(/^\/[a-z0-9/_.-]{0,20}$/);
const statement = fc.constantFrom('train-ai=n', 'search=y, train-ai=y', 'ai-use=n', 'train-ai="n"', 'x');

describe('Content-Usage robots.txt rule (property-based)', () => {
  it('never throws; a path-prefixed rule reads the same statement as the rule without it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (raw) => {
        const r = readContentUsageRule(raw);
        if (r.path) expect(r.path.startsWith('/')).toBe(true);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(path, fc.constantFrom(' ', '\t', '  '), statement, (p, ws, st) => {
        const r = readContentUsageRule(`${p}${ws}${st}`);
        expect(r.path).toBe(p);
        expect(r.preference.preferences).toEqual(readContentUsage(st).preferences);
        expect(readContentUsageRule(st).path).toBeNull();
      }),
      { numRuns: 200 },
    );
  });
});

describe('Lighthouse robots-txt flags (property-based)', () => {
  const directive = fc.oneof(
    fc.constantFrom(...LIGHTHOUSE_ROBOTS_SAFELIST, 'Content-Usage', 'AGENTMAP', 'schemamap'),
    fc.stringMatching(/^[A-Za-z][A-Za-z-]{0,12}$/),
  );
  it('flags exactly the directives outside the safelist (case-insensitive), with line numbers, never more than 20', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(directive, fc.constantFrom('', ' # c', ' x')), { maxLength: 60 }), (lines) => {
        const text = lines.map(([d, v]) => `${d}:${v}`).join('\n');
        const flags = lighthouseUnknownDirectives(text);
        const want = [...new Set(lines.map(([d]) => d.toLowerCase()).filter((d) => !LIGHTHOUSE_ROBOTS_SAFELIST.has(d)))].slice(0, 20);
        expect(flags.map((f) => f.directive)).toEqual(want);
        for (const f of flags) {
          expect(f.lines.length).toBeLessThanOrEqual(3);
          for (const n of f.lines) expect(lines[n - 1][0].toLowerCase()).toBe(f.directive);
        }
      }),
      { numRuns: 200 },
    );
  });
  it('ignores comments and lines without a colon, and any string gives an answer', () => {
    expect(lighthouseUnknownDirectives('# Content-Usage: train-ai=n\nnot a record\nUser-agent: *\n')).toEqual([]);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (t) => void lighthouseUnknownDirectives(t)),
      { numRuns: 300 },
    );
  });
});

describe('WebMCP policy headers (property-based)', () => {
  it('never throws; a header that does not parse disables nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 10 }), (pp, oac) => {
        const p = readWebMcpPolicy({ 'permissions-policy': pp, 'origin-agent-cluster': oac }, ORIGIN);
        if (p.policyError) expect(p.toolsDisabled).toBe(false);
        expect(p.originAgentClusterOff).toBe(oac.trim() === '?0');
      }),
      { numRuns: 300 },
    );
    expect(readWebMcpPolicy({ 'permissions-policy': 'tools=(), ' + 'a=(), '.repeat(POLICY_MAX_CHARS) }, ORIGIN).policyError).toMatch(/longer than/);
  });
  it('the page is in the allowlist exactly when it holds self, * or the page origin', () => {
    const item = fc.constantFrom('self', '*', `"${ORIGIN}"`, '"https://other.example"', '"not a url"');
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), fc.boolean(), (items, others) => {
        const header = `${others ? 'camera=(), ' : ''}tools=(${items.join(' ')})`;
        const p = readWebMcpPolicy({ 'permissions-policy': header }, ORIGIN);
        const admitted = items.some((i) => i === 'self' || i === '*' || i === `"${ORIGIN}"`);
        expect(p.toolsDisabled).toBe(!admitted);
        expect(p.tools?.startsWith('tools=(')).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect(readWebMcpPolicy({ 'permissions-policy': 'geolocation=()' }, ORIGIN).toolsDisabled).toBe(false);
  });
});

describe('A1 linkset reading (property-based)', () => {
  it('a URI never holds braces or spaces; every registered name and every URI is a known relation', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (v) => {
        if (isUri(v)) {
          expect(v).not.toMatch(/[{}\s<>"]/);
          expect(isKnownRelation(v)).toBe(true);
        }
        if (/[{][^{}]*[}]/.test(v)) expect(isUriTemplate(v)).toBe(true);
      }),
      { numRuns: 400 },
    );
    for (const r of REGISTERED_RELATIONS) expect(isKnownRelation(r.toUpperCase())).toBe(true);
    expect(isUri('a'.repeat(50_000) + ' ')).toBe(false); // linear, no backtracking blow-up
  });
  it('counts add up over generated entries: every entry is anchorless, templated, website-only, an API entry, or none of those', () => {
    const anchor = fc.constantFrom('https://api.example/v1', 'https://site.example/', 'https://x.example/{id}', 'not a uri', undefined);
    const target = fc.constantFrom('https://site.example/docs', 'https://other.example/spec', '/relative', 42);
    const entry = fc.record(
      {
        anchor,
        'service-doc': fc.array(fc.record({ href: target }), { maxLength: 2 }),
        'service-desc': fc.array(fc.record({ href: target }), { maxLength: 1 }),
        item: fc.array(target, { maxLength: 1 }),
        odd: fc.constant([{ href: 'https://x' }]),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(entry, fc.constant(null), fc.constant('x')), { maxLength: 8 }), (linkset) => {
        const f = inspectLinkset(linkset, 'https://site.example/.well-known/api-catalog');
        expect(f.entries).toBe(linkset.length);
        const objects = linkset.filter((e) => e && typeof e === 'object').length;
        expect(f.anchorless + f.templated.length).toBeLessThanOrEqual(objects);
        expect(f.apiEntries).toBeLessThanOrEqual(objects);
        for (const t of f.templated) expect(t).toContain('{');
        if (linkset.some((e) => e && typeof e === 'object' && 'odd' in e)) expect(f.unknownRelations.has('odd')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
