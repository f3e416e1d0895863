/**
 * The A2A AgentCard's required members, per version, as zod schemas of our own: the official SDK
 * (@a2a-js/sdk 0.3.9, read 2026-11-25) ships the 0.3 card as TypeScript types only (no JSON
 * Schema, no runtime validator), so its required members are written here from the 0.3.0 JSON
 * schema (a2a-protocol.org, specification/json/a2a.json) and, for 1.0, from the released 1.0.0
 * specification (docs/specification.md §4.4, §5.7, §5.8, read 2026-11-25) and its normative proto
 * (specification/a2a.proto: AgentCard, AgentInterface, AgentSkill with REQUIRED field behaviour).
 * Re-read 2026-11-27 at the newest commits (a2a.proto cfc9d34b of 2026-07-21, after release 1.0.1;
 * docs/specification.md 1eb4aa03 of 2026-08-14): AgentInterface.url of a GRPC interface is a
 * `hostname:port` address, not an https URL; AgentProvider requires `url` and `organization` (both
 * versions: the 0.3.0 JSON schema's AgentProvider.required, 1.0 proto REQUIRED). A protocolVersion
 * is an A2A Major.Minor (§3.6; 0.x cards also wrote a patch, "0.3.0"), never an MCP revision date.
 * It returns facts (what is wrong, with the values seen); the check that reads the card gives
 * each kind of problem its code and words.
 */
import { z } from 'zod';
import { isObject } from './classify.js';
import type { A2aCardVersion } from './a2a-card.js';

const text = z.string().trim().min(1);
const strings = z.array(z.string());
const object = z.record(z.string(), z.unknown());

/** Required members common to 0.3 and 1.0 (skills are judged one by one below). */
const COMMON = {
  name: text,
  description: text,
  version: text,
  capabilities: object,
  defaultInputModes: strings,
  defaultOutputModes: strings,
  skills: z.array(z.unknown()),
};

/** A2A 0.3.0: protocolVersion and url are required (the JSON schema's "required" list). */
export const AGENT_CARD_0_3 = z.object({ ...COMMON, protocolVersion: text, url: text });
/** The three bindings A2A 1.0 defines (§9-§11); `protocolBinding` is an open string besides them. */
export const CORE_BINDINGS = ['JSONRPC', 'GRPC', 'HTTP+JSON'] as const;
/** A custom binding is named by an absolute URI (1.0 §5.8 SHOULD, §12.7), e.g. https://example.com/bindings/websocket/v1. */
const bindingUri = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9+.-]*:\S+$/i);
/**
 * A2A 1.0: supportedInterfaces[] each with url, protocolBinding, protocolVersion. §5.7: "Arrays
 * marked as required MUST contain at least one element", so the required lists must not be empty
 * (the spec's own canonicalization example in §8.4.1 shows `"skills": []`; the normative text wins).
 */
export const AGENT_CARD_1_0 = z.object({
  ...COMMON,
  defaultInputModes: strings.min(1),
  defaultOutputModes: strings.min(1),
  skills: z.array(z.unknown()).min(1),
  supportedInterfaces: z.array(z.object({ url: text, protocolBinding: z.union([z.enum(CORE_BINDINGS), bindingUri]), protocolVersion: text })).min(1),
});
export const AGENT_SKILL = z.object({
  id: text,
  name: text,
  description: text,
  tags: strings,
  inputModes: strings.optional(),
  outputModes: strings.optional(),
});

/** A media type (RFC 6838 type/subtype, parameters allowed): "text/plain", not "text". */
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9*][a-z0-9!#$&^_.+*-]{0,126}\s*(;.*)?$/i;

/** The kinds of schema problem a card can have. */
export const A2A_SCHEMA_PROBLEMS = [
  'no-member',
  'bad-protocol-version',
  'date-protocol-version',
  'provider-incomplete',
  'empty-member',
  'bad-member',
  'bad-interface',
  'skills-incomplete',
  'mode-not-media-type',
] as const;
export type A2aSchemaProblemKind = (typeof A2A_SCHEMA_PROBLEMS)[number];

/** One problem of the card against its version's schema: its kind and the values seen. */
export interface A2aSchemaProblem {
  problem: A2aSchemaProblemKind;
  data?: Record<string, string | number>;
}

/** The card against the schema of its version (a ≤0.2 card is read against 0.3, its closest; the caller picks 1.0 for an unrecognised shape). */
export function a2aSchemaProblems(card: Record<string, unknown>, version: A2aCardVersion | null): A2aSchemaProblem[] {
  const schema = version === '1.0' ? AGENT_CARD_1_0 : AGENT_CARD_0_3;
  const out: A2aSchemaProblem[] = [];
  const parsed = schema.safeParse(card);
  if (!parsed.success) {
    const seen = new Set<string>();
    for (const issue of parsed.error.issues) {
      const member = String(issue.path[0] ?? '');
      if (!member || seen.has(member)) continue;
      seen.add(member);
      if (member === 'supportedInterfaces' && Array.isArray(card.supportedInterfaces) && issue.path.length > 1) {
        out.push({ problem: 'bad-interface', data: { index: Number(issue.path[1]), member: String(issue.path[2] ?? '') } });
      } else if (card[member] === undefined || card[member] === null)
        out.push({ problem: 'no-member', data: { member, version: version === '1.0' ? '1.0' : '0.3' } });
      else if (issue.code === 'too_small' && Array.isArray(card[member])) out.push({ problem: 'empty-member', data: { member } });
      else out.push({ problem: 'bad-member', data: { member } });
    }
  }
  out.push(...protocolVersionFindings(card, version), ...providerFindings(card, version));
  const skills = Array.isArray(card.skills) ? card.skills : [];
  const bad = skills.filter((s) => !AGENT_SKILL.safeParse(s).success).length;
  if (bad) out.push({ problem: 'skills-incomplete', data: { bad, total: skills.length } });
  out.push(...modeFindings(card));
  return out;
}

/** An A2A protocol version: Major.Minor (§3.6), a patch tolerated (0.x cards wrote "0.3.0"). */
export const A2A_PROTOCOL_VERSION = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})(\.\d{1,4})?$/;

/** Why a protocolVersion value is not an A2A version (a date: the form of MCP revisions), or null when it is one. */
export function protocolVersionProblem(v: string): 'date-protocol-version' | 'bad-protocol-version' | null {
  if (A2A_PROTOCOL_VERSION.test(v.trim())) return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? 'date-protocol-version' : 'bad-protocol-version';
}

/**
 * protocolVersion values the card's version has: 1.0 reads each interface's (a top-level one is
 * not a 1.0 member and is never read), 0.3 the card's own. Missing ones are schema findings.
 */
function protocolVersionFindings(card: Record<string, unknown>, version: A2aCardVersion | null): A2aSchemaProblem[] {
  const places: Array<[string, unknown]> =
    version === '1.0'
      ? (Array.isArray(card.supportedInterfaces) ? card.supportedInterfaces : [])
          .slice(0, 50)
          .map((i, n) => [`supportedInterfaces[${n}].protocolVersion`, isObject(i) ? i.protocolVersion : undefined])
      : [['protocolVersion', card.protocolVersion]];
  const out: A2aSchemaProblem[] = [];
  for (const [field, v] of places) {
    if (typeof v !== 'string' || !v.trim()) continue;
    const problem = protocolVersionProblem(v);
    if (problem && out.length < 3) out.push({ problem, data: { field, value: shown(v) } });
  }
  return out;
}

/** AgentProvider: optional, but when present both `organization` and `url` are required (0.3.0 schema, 1.0 proto). */
function providerFindings(card: Record<string, unknown>, version: A2aCardVersion | null): A2aSchemaProblem[] {
  if (card.provider === undefined) return [];
  const p = isObject(card.provider) ? card.provider : {};
  const missing = (['organization', 'url'] as const).filter((m) => typeof p[m] !== 'string' || !(p[m] as string).trim());
  return missing.length ? [{ problem: 'provider-incomplete', data: { members: missing.join('" and "'), version: version === '1.0' ? '1.0' : '0.3' } }] : [];
}

/** A value for evidence: never String() on a parsed object ({"toString": 1} would throw). */
function shown(v: unknown): string {
  if (typeof v === 'string') return v.slice(0, 40);
  try {
    return (JSON.stringify(v) ?? typeof v).slice(0, 40);
  } catch {
    return typeof v;
  }
}

/** Input/output modes that are not media types ("text" instead of "text/plain"), at most three named. */
function modeFindings(card: Record<string, unknown>): A2aSchemaProblem[] {
  const places: Array<[string, unknown]> = [
    ['defaultInputModes', card.defaultInputModes],
    ['defaultOutputModes', card.defaultOutputModes],
  ];
  if (Array.isArray(card.skills)) {
    card.skills.slice(0, 50).forEach((s, i) => {
      if (isObject(s)) places.push([`skills[${i}].inputModes`, s.inputModes], [`skills[${i}].outputModes`, s.outputModes]);
    });
  }
  const out: A2aSchemaProblem[] = [];
  for (const [field, modes] of places) {
    if (!Array.isArray(modes)) continue;
    const wrong = modes.find((m) => typeof m !== 'string' || !MEDIA_TYPE.test(m.trim()));
    if (wrong !== undefined && out.length < 3) out.push({ problem: 'mode-not-media-type', data: { field, value: shown(wrong) } });
  }
  return out;
}
