/**
 * Evidence that never says what is not so (issue 28 point 3), for A5 and A6: over generated A2A
 * cards (0.3 and 1.0 shapes, with leftovers of the other version) and skills indexes (every $schema
 * state, entries with and without their members, downloads found, missing, mismatched or never
 * made), every member the evidence or details say is present or missing, and every count they give,
 * is checked against an independent reading of the generated document.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { a5A2aAgentCard } from '../../src/core/checks/capabilities/a5-a2a-agent-card.js';
import { a6AgentSkills } from '../../src/core/checks/capabilities/a6-agent-skills.js';
import { a2aCardFromProbes } from '../../src/core/gather/a2a-card.js';
import type { FetchResult } from '../../src/core/net/http.js';
import { ORIGIN, json, response, text } from '../helpers/responses.js';
import { RUNS } from './arbitraries.js';

const ctx = { origin: ORIGIN, pageUrl: `${ORIGIN}/` };
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

const URLS = ['https://x.test/a2a', 'https://x.test/rest', 'grpc.x.test:443', '/relative', 'wss://x.test/ws', 'TODO', 'http://x.test/plain'];
const BINDINGS = ['JSONRPC', 'HTTP+JSON', 'GRPC', 'https://x.test/bindings/ws/v1', 'jsonrpc'];
const VERSIONS = ['1.0', '0.3', '0.3.0', '1.0.0', '2024-11-05', 'latest', ''];
const skill = fc
  .record({
    id: maybe(fc.constantFrom('a', 'b', '')),
    name: maybe(fc.constantFrom('A', 'B')),
    description: maybe(fc.constant('d')),
    tags: maybe(fc.constantFrom([], ['t'])),
  })
  .map(defined);
const provider = fc
  .record({ organization: maybe(fc.constantFrom('Org', '', 3)), url: maybe(fc.constantFrom('https://x.test', '')), name: maybe(fc.constant('N')) })
  .map(defined);
const common = {
  name: maybe(fc.constantFrom('Agent', '')),
  description: maybe(fc.constant('Does things')),
  version: maybe(fc.constantFrom('1.0.0', '')),
  capabilities: maybe(fc.constantFrom({}, { streaming: false }, [])),
  defaultInputModes: maybe(fc.constantFrom(['text/plain'], ['text'], [])),
  defaultOutputModes: maybe(fc.constantFrom(['text/plain'], [])),
  skills: maybe(fc.array(skill, { maxLength: 4 })),
  provider: maybe(provider),
};
const iface = fc
  .record({ url: maybe(fc.constantFrom(...URLS)), protocolBinding: maybe(fc.constantFrom(...BINDINGS)), protocolVersion: maybe(fc.constantFrom(...VERSIONS)) })
  .map(defined);
const card10 = fc
  .record({
    ...common,
    supportedInterfaces: fc.array(iface, { maxLength: 4 }),
    url: maybe(fc.constantFrom(...URLS)),
    protocolVersion: maybe(fc.constantFrom(...VERSIONS)),
  })
  .map(defined);
const card03 = fc
  .record({
    ...common,
    protocolVersion: maybe(fc.constantFrom(...VERSIONS)),
    url: maybe(fc.constantFrom(...URLS)),
    preferredTransport: maybe(fc.constantFrom(...BINDINGS)),
    additionalInterfaces: maybe(
      fc.array(fc.record({ url: maybe(fc.constantFrom(...URLS)), transport: maybe(fc.constantFrom(...BINDINGS)) }).map(defined), { maxLength: 3 }),
    ),
  })
  .map(defined);

const str = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** An independent reading of the interfaces a card's version has, and which of them a client can use. */
function oracleInterfaces(card: Record<string, unknown>, v10: boolean): Array<{ url: string; binding: string; usable: boolean }> {
  const raw: Array<{ url: unknown; binding: unknown }> = v10
    ? ((card.supportedInterfaces as Array<Record<string, unknown>>) ?? []).map((i) => ({ url: i.url, binding: i.protocolBinding ?? 'no protocolBinding' }))
    : [
        { url: card.url, binding: card.preferredTransport ?? 'JSONRPC' },
        ...((card.additionalInterfaces as Array<Record<string, unknown>>) ?? []).map((i) => ({ url: i.url, binding: i.transport ?? 'no transport' })),
      ];
  const seen = new Set<string>();
  const out: Array<{ url: string; binding: string; usable: boolean }> = [];
  for (const r of raw) {
    if (!str(r.url)) continue;
    const key = `${r.url} ${String(r.binding)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const url = r.url;
    const binding = String(r.binding);
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
    const http = scheme === 'http' || scheme === 'https';
    const usable =
      binding === 'GRPC'
        ? http || /^[a-z0-9.-]+:\d+$/i.test(url)
        : ['JSONRPC', 'HTTP+JSON'].includes(binding)
          ? http
          : http || scheme === 'ws' || scheme === 'wss';
    out.push({ url, binding, usable });
  }
  return out;
}

describe('A5 evidence matches the parsed card', () => {
  it.each([
    ['1.0', card10],
    ['0.3', card03],
  ])('%s-shaped cards: endpoints, counts and named members', (_shape, arb) => {
    fc.assert(
      fc.property(arb as fc.Arbitrary<Record<string, unknown>>, (card) => {
        const art = a2aCardFromProbes(json('/.well-known/agent-card.json', card), null);
        const o = a5A2aAgentCard.evaluate(art, ctx);
        const d = o.details as { endpoints: string[]; interfaces: Array<{ url: string; binding: string }>; skills: number; version: string | null };
        const v10 = art.version === '1.0';
        const usable = oracleInterfaces(card, v10).filter((i) => i.usable);
        // Counts and endpoints: exactly the usable interfaces of the card's version, nothing else.
        expect(d.interfaces.map((i) => `${i.binding} ${i.url}`)).toEqual(usable.map((i) => `${i.binding} ${i.url}`));
        expect(d.endpoints).toEqual([...new Set(usable.map((i) => i.url))]);
        expect(o.evidence).toContain(`${usable.length} endpoint(s)`);
        if (usable[0]) expect(o.evidence).toContain(`(${usable[0].binding} ${usable[0].url}`);
        // A 1.0 card's top-level url is never one of its endpoints.
        if (v10 && str(card.url) && !usable.some((i) => i.url === card.url)) expect(d.endpoints).not.toContain(card.url);
        const skills = Array.isArray(card.skills) ? card.skills.length : 0;
        expect(d.skills).toBe(skills);
        expect(o.evidence).toContain(`${skills} skill(s)`);
        expect(o.evidence).toContain(`version "${str(card.version) ? card.version : ''}"`);
        for (const f of o.findings ?? []) {
          const data = f.data as Record<string, string | number>;
          if (f.code === 'A5/no-member') expect(card[data.member as string] ?? null).toBeNull();
          if (f.code === 'A5/empty-member') expect(card[data.member as string]).toEqual([]);
          if (f.code === 'A5/provider-incomplete') {
            const p = card.provider as Record<string, unknown>;
            for (const m of String(data.members).split('" and "')) expect(str(p[m])).toBe(false);
          }
          if (f.code === 'A5/bad-protocol-version' || f.code === 'A5/date-protocol-version') {
            const field = String(data.field);
            const value =
              field === 'protocolVersion'
                ? card.protocolVersion
                : (card.supportedInterfaces as Array<Record<string, unknown>>)[Number(/\[(\d+)\]/.exec(field)![1])].protocolVersion;
            expect(value).toBe(data.value);
            expect(v10 ? field.startsWith('supportedInterfaces[') : field === 'protocolVersion').toBe(true);
          }
        }
        // A provider with both members is never said to lack one; no provider, no finding.
        const p = card.provider as Record<string, unknown> | undefined;
        const providerFinding = (o.findings ?? []).some((f) => f.code === 'A5/provider-incomplete');
        if (!p || (str(p.organization) && str(p.url))) expect(providerFinding).toBe(false);
        else if (o.code === 'A5/incomplete') expect(providerFinding).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});

const SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
const BODY = '---\nname: s\ndescription: d\n---\n# s\n';
const sha = (b: string) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const entry = fc
  .record({
    name: maybe(fc.constantFrom('order-status', 'Bad Name', 'a', '')),
    type: maybe(fc.constantFrom('skill-md', 'archive', 'application/x-other', 3)),
    description: maybe(fc.constantFrom('Does a thing', '')),
    url: maybe(fc.constantFrom('/s/one/SKILL.md', '/s/two/SKILL.md', 'https://x.test/three/SKILL.md', 'javascript:x')),
    digest: maybe(fc.constantFrom(sha(BODY), `sha256:${'0'.repeat(64)}`, 'md5:x')),
    files: maybe(fc.constantFrom(['SKILL.md'], [{ path: 'SKILL.md', digest: sha(BODY) }])),
    version: maybe(fc.constantFrom('1.2.0', 'v1')),
  })
  .map(defined);
const index = fc
  .record({
    $schema: maybe(fc.constantFrom(SCHEMA, 'https://skills.example/schema.json', 5)),
    version: maybe(fc.constantFrom('1.0', '0.2.0')),
    skills: maybe(fc.array(entry, { maxLength: 6 })),
  })
  .map(defined);
/** What each artifact URL answers, when downloaded. */
const answers = fc.dictionary(
  fc.constantFrom(`${ORIGIN}/s/one/SKILL.md`, `${ORIGIN}/s/two/SKILL.md`, 'https://x.test/three/SKILL.md'),
  fc.constantFrom('ok', 'other-bytes', '404', 'dns', 'refused'),
);

function answer(url: string, kind: string): FetchResult {
  if (kind === 'dns' || kind === 'refused')
    return { ...response({ url }), status: null, error: { code: kind, message: kind === 'dns' ? 'DNS lookup failed (ENOTFOUND)' : 'connection refused' } };
  if (kind === '404') return response({ url, status: 404, headers: { 'content-type': 'text/plain' }, body: 'no' });
  return text(url, kind === 'ok' ? BODY : `${BODY}changed`, 'text/markdown');
}

describe('A6 evidence matches the parsed index', () => {
  it('$schema, counts of skills, downloads, verified digests and unreached fetches', () => {
    fc.assert(
      fc.property(index, answers, (doc, served) => {
        const probe = json('/.well-known/agent-skills/index.json', doc);
        const artifacts = Object.fromEntries(Object.entries(served).map(([u, k]) => [u, answer(u, k)]));
        const o = a6AgentSkills.evaluate({ probes: [probe], probe, path: '/.well-known/agent-skills/index.json', artifacts }, ctx);
        const d = o.details as Record<string, unknown>;
        const skills = Array.isArray(doc.skills) ? doc.skills.length : 0;
        expect(d.skills).toBe(skills);
        expect(o.evidence).toContain(`${skills} skill(s)`);
        // The $schema state named anywhere is the document's.
        const hasSchema = doc.$schema !== undefined;
        expect(d.schema).toBe(hasSchema ? (typeof doc.$schema === 'string' ? doc.$schema : JSON.stringify(doc.$schema)) : null);
        const said = `${o.evidence} ${o.matched ?? ''}`;
        if (hasSchema) expect(said).not.toMatch(/no \$schema|there is no "\$schema"/);
        const codes = (o.findings ?? []).map((f) => f.code);
        if (codes.includes('A6/no-schema')) expect(hasSchema).toBe(false);
        if (codes.includes('A6/unknown-schema')) expect(hasSchema && doc.$schema !== SCHEMA).toBe(true);
        if (d.declaredBy === '$schema') expect(String(doc.$schema)).toContain(String(d.specVersion));
        if (d.declaredBy === 'version') expect(d.specVersion).toBe(doc.version);
        // Downloads: counted from what each fetched URL answered.
        const checked = Number(d.checked);
        const fetched = Object.entries(artifacts).filter(([u]) => (o.probes ?? []).some((p) => p.url === u) && u !== probe.url);
        expect(fetched.length).toBe(checked);
        const kinds = fetched.map(([u]) => served[u]);
        const downloaded = kinds.filter((k) => k === 'ok' || k === 'other-bytes').length;
        const unreached = kinds.filter((k) => k === 'dns' || k === 'refused').length;
        expect(d.downloaded).toBe(downloaded);
        expect(d.unreached).toBe(unreached);
        if (checked) expect(o.evidence).toContain(`${downloaded} of ${checked} artifact(s) downloaded`);
        if (unreached) expect(o.evidence).toContain(`${unreached} could not be fetched`);
        // A download that was never made is never "not served".
        const notServed = (o.findings ?? []).filter((f) => f.code === 'A6/artifact-not-served').length;
        expect(notServed).toBe(kinds.filter((k) => k === '404').length);
        if (o.status === 'pass') expect(unreached).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });
});
