/**
 * Agent Skills discovery index (Cloudflare RFC, https://github.com/cloudflare/agent-skills-discovery-rfc,
 * v0.2.0 updated 2026-03-12, now also published as agentskills.io's "Well-Known URI" page).
 * Three generations are live and all are read here:
 * - v0.2.0: /.well-known/agent-skills/index.json with `$schema`
 *   (https://schemas.agentskills.io/discovery/0.2.0/schema.json) and `skills[]` of
 *   `{name, type, description, url, digest}`;
 * - the February 2026 draft: a top-level `version` and `skills[].files[]` of `{path, digest}`,
 *   each skill at /.well-known/agent-skills/{name}/SKILL.md;
 * - v0.1.0: /.well-known/skills/index.json, `files` as plain strings, no digests.
 * An index whose `$schema` URL we do not know but whose entries declare a `url` is read by what
 * it declares (url, type, digest, or a bare `sha256` hex), never by guessed paths: format
 * 'unknown-schema', with the schema named as a problem (the texts tell clients to stop there).
 * The deep check downloads up to five artifacts and compares SHA-256 digests of their raw bytes,
 * which the RFC makes a client MUST.
 */
import { agentCatalog, entriesOf } from './catalog-reader.js';
import { createHash } from 'node:crypto';
import { parseYamlBounded } from './parsers.js';
import type { FetchResult } from '../net/http.js';
import type { GatherContext } from './context.js';
import { isFound, isObject, parseJson, type JsonDocumentProblem } from './classify.js';

export const SKILLS_INDEX_PATH = '/.well-known/agent-skills/index.json';
export const SKILLS_LEGACY_INDEX_PATH = '/.well-known/skills/index.json';
export const SKILLS_ACCEPT = 'application/json, */*;q=0.1';
export const SKILL_MD_ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.1';
export const SKILLS_SCHEMA_V02 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';
/** Artifacts downloaded and verified per scan (politeness bound). */
export const DEEP_LIMIT = 5;
const INDEX_MAX_BYTES = 1024 * 1024;
/** How the index is requested (one constant for the gather and the declared request). */
export const SKILLS_INDEX_OPTIONS = { accept: SKILLS_ACCEPT, maxBytes: INDEX_MAX_BYTES };
/** The current index, the first path the skills gather asks for. */
export const SKILLS_INDEX_REQUEST = { path: SKILLS_INDEX_PATH, options: SKILLS_INDEX_OPTIONS };
const SKILL_MD_MAX_BYTES = 1024 * 1024;
const ARCHIVE_MAX_BYTES = 4 * 1024 * 1024;

export type SkillsFormat = 'v0.2.0' | 'unknown-schema' | 'draft-files' | 'v0.1.0';

export interface SkillEntry {
  index: number;
  name: string;
  type: 'skill-md' | 'archive' | null;
  /** The artifact URL, resolved against the index URL (RFC 3986), or null when it cannot be derived. */
  url: string | null;
  /** Expected `sha256:<hex>` digest of the artifact, when the format carries one. */
  digest: string | null;
  /** Validation problems of this entry, as data (A6 words them), empty when valid. */
  problems: SkillEntryProblem[];
  /** Deviations read leniently (an index under an unknown $schema): facts the check words as advisories, not problems. */
  notes?: SkillEntryNote[];
  /**
   * The entry's `type` when it is one the discovery text does not define: clients skip such an
   * entry (and may warn), so it is neither a problem nor a usable skill, and it is not downloaded.
   */
  skipped?: string;
}

/**
 * What makes an entry invalid, as data: the kind, and the value (cut as read) or length it concerns.
 * `skill-md-*` are the draft's files[] SKILL.md digest; `bare-sha256` a v0.2.0 entry's bare digest.
 */
export type SkillEntryProblem =
  | {
      kind:
        | 'not-object'
        | 'no-name'
        | 'no-description'
        | 'no-type'
        | 'type-not-string'
        | 'no-url'
        | 'bare-sha256'
        | 'no-digest'
        | 'no-skill-md-file'
        | 'skill-md-no-digest';
    }
  | { kind: 'name-too-long' | 'name-invalid' | 'url-not-http' | 'url-unresolvable' | 'digest-invalid' | 'skill-md-digest-invalid'; value: string }
  | { kind: 'description-too-long'; length: number };

/**
 * A deviation read leniently, as data: a digest given as a bare `sha256` hex member (under an
 * unknown $schema), or a per-entry `version` that is not a semantic version (shown as JSON).
 */
export type SkillEntryNote = { kind: 'bare-sha256' } | { kind: 'version-not-semver'; name: string; version: string };

export interface SkillsIndex {
  format: SkillsFormat;
  /** The `$schema` or `version` value that decided the format. */
  declared: string | null;
  /** Which member `declared` was read from. */
  declaredBy: '$schema' | 'version' | null;
  /** The index's `$schema` as written (a non-string value shown as JSON), or null when it has none. */
  schema: string | null;
  entries: SkillEntry[];
  /** Problems with the index as a whole. */
  problems: SkillsIndexProblem[];
}

export interface SkillsArtifact {
  /** Index probes made, current path first. */
  probes: FetchResult[];
  /** The probe the index was read from, or null. */
  probe: FetchResult | null;
  path: string | null;
  /** Downloaded artifacts, keyed by resolved URL. */
  artifacts: Record<string, FetchResult>;
}

const NAME_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const DIGEST_RE = /^sha256:[0-9a-f]{64}$/;
const SEMVER_RE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const SCHEMA_RE = /^https?:\/\/schemas\.agentskills\.io\/discovery\/v?(\d+\.\d+(?:\.\d+)?)\/schema\.json#?$/i;

/** Declared schema version from `$schema` ("0.2.0"), or null. */
export function schemaVersion(schema: unknown): string | null {
  return typeof schema === 'string' ? (SCHEMA_RE.exec(schema.trim())?.[1] ?? null) : null;
}

export function nameProblem(name: unknown): SkillEntryProblem | null {
  if (typeof name !== 'string' || !name) return { kind: 'no-name' };
  if (name.length > 64) return { kind: 'name-too-long', value: name.slice(0, 20) };
  if (!NAME_RE.test(name)) return { kind: 'name-invalid', value: name };
  return null;
}

function descriptionProblem(d: unknown): SkillEntryProblem | null {
  if (typeof d !== 'string' || !d.trim()) return { kind: 'no-description' };
  if (d.length > 1024) return { kind: 'description-too-long', length: d.length };
  return null;
}

function resolveUrl(url: unknown, base: string): { url: string | null; problem?: SkillEntryProblem } {
  if (typeof url !== 'string' || !url.trim()) return { url: null, problem: { kind: 'no-url' } };
  try {
    const u = new URL(url.trim(), base);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return { url: null, problem: { kind: 'url-not-http', value: url.slice(0, 60) } };
    return { url: u.href };
  } catch {
    return { url: null, problem: { kind: 'url-unresolvable', value: url.slice(0, 60) } };
  }
}

/** The digest's problem, or null; `of` names the draft's SKILL.md file entry. */
function digestProblem(d: unknown, of: 'entry' | 'skill-md' = 'entry'): SkillEntryProblem | null {
  if (typeof d !== 'string' || !d) return { kind: of === 'entry' ? 'no-digest' : 'skill-md-no-digest' };
  if (!DIGEST_RE.test(d)) {
    return { kind: of === 'entry' ? 'digest-invalid' : 'skill-md-digest-invalid', value: `${d.slice(0, 24)}${d.length > 24 ? '…' : ''}` };
  }
  return null;
}

/** A problem of the index as a whole, as data (the check gives it a code and words). */
export type SkillsIndexProblem = { kind: 'no-skills-array' } | { kind: 'unknown-schema'; schema: string } | { kind: 'no-schema' };

/** Reads an index document into normalised entries (pure). `indexUrl` resolves relative URLs. */
export function readSkillsIndex(doc: Record<string, unknown>, indexUrl: string, path: string): SkillsIndex {
  const problems: SkillsIndexProblem[] = [];
  const rawSkills = Array.isArray(doc.skills) ? doc.skills : null;
  if (!rawSkills) problems.push({ kind: 'no-skills-array' });
  const skills = (rawSkills ?? []).slice(0, 500);
  const schemaV = schemaVersion(doc.$schema);
  const objectFiles = skills.some((s) => isObject(s) && Array.isArray(s.files) && s.files.some((f) => isObject(f)));
  const declaredVersion = typeof doc.version === 'string' ? doc.version : null;
  const schema =
    doc.$schema === undefined || doc.$schema === null ? null : typeof doc.$schema === 'string' ? doc.$schema.slice(0, 120) : shownJson(doc.$schema);

  let format: SkillsFormat;
  let declared: string | null;
  let declaredBy: SkillsIndex['declaredBy'] = null;
  const declaresUrls = skills.some((s) => isObject(s) && typeof s.url === 'string');
  if (schemaV && /^0\.([2-9]|\d{2,})/.test(schemaV)) {
    format = 'v0.2.0';
    declared = schemaV;
    declaredBy = '$schema';
  } else if (typeof doc.$schema === 'string' && !schemaV && (declaresUrls || !skills.length)) {
    // (An empty list under an unknown $schema has no v0.1.0 shape to read either: it is named by its $schema.)
    // What the index declares beats what we would guess, so the entries are still read; but both
    // texts tell clients not to process an index under a $schema they do not know: a problem.
    format = 'unknown-schema';
    declared = doc.$schema.slice(0, 120);
    declaredBy = '$schema';
    problems.push({ kind: 'unknown-schema', schema: doc.$schema.slice(0, 80) });
  } else if (declaredVersion && (objectFiles || /^0\.2\./.test(declaredVersion))) {
    format = 'draft-files';
    declared = declaredVersion;
    declaredBy = 'version';
  } else {
    format = 'v0.1.0';
    declared = schemaV ?? declaredVersion;
    declaredBy = schemaV ? '$schema' : declaredVersion ? 'version' : null;
    if (schema !== null && !schemaV) problems.push({ kind: 'unknown-schema', schema: schema.slice(0, 80) });
    if (path === SKILLS_INDEX_PATH && schema === null && skills.some((s) => isObject(s) && 'digest' in s && 'url' in s)) problems.push({ kind: 'no-schema' });
  }

  // Where v0.1.0 and the draft put each skill: {index dir}/{name}/SKILL.md.
  const dir = new URL('./', indexUrl).href;
  const entries = skills.map((s, i): SkillEntry => {
    if (!isObject(s)) return { index: i, name: `#${i + 1}`, type: null, url: null, digest: null, problems: [{ kind: 'not-object' }] };
    const p: SkillEntryProblem[] = [];
    const np = nameProblem(s.name);
    if (np) p.push(np);
    const dp = descriptionProblem(s.description);
    if (dp) p.push(dp);
    const name = typeof s.name === 'string' && s.name ? s.name.slice(0, 64) : `#${i + 1}`;
    if (format === 'v0.2.0' || format === 'unknown-schema') {
      const notes: SkillEntryNote[] = [];
      const type = s.type === 'skill-md' || s.type === 'archive' ? s.type : null;
      // An unrecognised type is skipped by clients (an extension point, e.g. MCP's namespaced
      // types), not an error; a missing or non-string type breaks a required member.
      const skipped = !type && typeof s.type === 'string' && s.type.trim() ? s.type.slice(0, 30) : undefined;
      if (!type && !skipped) p.push({ kind: s.type === undefined ? 'no-type' : 'type-not-string' });
      const r = resolveUrl(s.url, indexUrl);
      if (r.problem) p.push(r.problem);
      // A bare `sha256` hex member (seen under unknown schemas) is the same digest, differently spelled.
      const bare = s.digest === undefined && typeof s.sha256 === 'string' && /^[0-9a-f]{64}$/i.test(s.sha256) ? `sha256:${s.sha256.toLowerCase()}` : null;
      const gp = bare ? null : digestProblem(s.digest);
      if (bare) {
        if (format === 'unknown-schema') notes.push({ kind: 'bare-sha256' });
        else p.push({ kind: 'bare-sha256' });
      }
      if (gp) p.push(gp);
      const digest = bare ?? (gp ? null : (s.digest as string));
      // agentskills.io (PR #380): an optional per-entry `version`, a semantic version of the artifact.
      if (s.version !== undefined && !(typeof s.version === 'string' && SEMVER_RE.test(s.version)))
        notes.push({ kind: 'version-not-semver', name, version: shownJson(s.version) });
      // Clients read nothing else of a skipped entry, so its other members are not judged.
      if (skipped) return { index: i, name, type: null, url: r.url, digest, problems: [], skipped };
      return { index: i, name, type, url: r.url, digest, problems: p, ...(notes.length ? { notes } : {}) };
    }
    const derived = np ? null : new URL(`${name}/SKILL.md`, dir).href;
    if (format === 'draft-files') {
      const files = Array.isArray(s.files) ? s.files : [];
      const skillMd = files.find((f) => isObject(f) && f.path === 'SKILL.md') as Record<string, unknown> | undefined;
      if (!skillMd) p.push({ kind: 'no-skill-md-file' });
      const gp = skillMd ? digestProblem(skillMd.digest, 'skill-md') : null;
      if (gp) p.push(gp);
      return { index: i, name, type: 'skill-md', url: derived, digest: skillMd && !gp ? (skillMd.digest as string) : null, problems: p };
    }
    return { index: i, name, type: 'skill-md', url: derived, digest: null, problems: p };
  });
  return { format, declared, declaredBy, schema, entries, problems };
}

/** A non-string member value, as short JSON (never String() on a parsed object). */
function shownJson(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? typeof v).slice(0, 80);
  } catch {
    return typeof v;
  }
}

/**
 * A fetch that could not be made: the artifact's host did not resolve, refused the connection
 * before any answer, or the scan's host budget stopped it. It says nothing about the artifact.
 */
export function unreachedFetch(p: FetchResult): string | null {
  if (p.status !== null || !p.error) return null;
  return ['dns', 'refused', 'host-limit'].includes(p.error.code) ? p.error.message : null;
}

export function sha256Digest(body: Buffer): string {
  return `sha256:${createHash('sha256').update(body).digest('hex')}`;
}

export interface FrontMatter {
  name?: string;
  description?: string;
  problem?: FrontMatterProblem;
}

/** Why a SKILL.md's front matter is not usable, as data (A6 words it): the YAML error, or the members it lacks. */
export type FrontMatterProblem = { kind: 'none' | 'not-mapping' } | { kind: 'invalid-yaml'; error: string } | { kind: 'lacks'; members: string };

/** YAML front matter of a SKILL.md: `---` line, YAML, `---` line. */
export function skillFrontMatter(text: string): FrontMatter {
  const m = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return { problem: { kind: 'none' } };
  let v: unknown;
  try {
    v = parseYamlBounded(m[1], 50);
  } catch (e) {
    return { problem: { kind: 'invalid-yaml', error: (e as Error).message.split('\n')[0].slice(0, 100) } };
  }
  if (!isObject(v)) return { problem: { kind: 'not-mapping' } };
  const name = typeof v.name === 'string' ? v.name : undefined;
  const description = typeof v.description === 'string' ? v.description : undefined;
  const missing = [!name && '`name`', !description && '`description`'].filter(Boolean);
  return { name, description, ...(missing.length ? { problem: { kind: 'lacks', members: missing.join(' and ') } } : {}) };
}

/** Reads the index out of a probe: null when there is no usable JSON object there. */
export function indexDocument(probe: FetchResult): { doc: Record<string, unknown> | null; problem?: JsonDocumentProblem } {
  if (!isFound(probe)) return { doc: null };
  const parsed = parseJson(probe);
  if (!parsed.ok) return { doc: null, problem: { kind: 'not-json', error: parsed.error } };
  if (!isObject(parsed.value)) return { doc: null, problem: { kind: 'not-object' } };
  return { doc: parsed.value };
}

/**
 * Entries the deep check downloads, at most DEEP_LIMIT: the first valid ones with a URL; under an
 * unknown $schema, every entry that declares a URL (what it declares is all there is to check).
 */
export function deepEntries(index: SkillsIndex): SkillEntry[] {
  const lenient = index.format === 'unknown-schema';
  // One download per URL: two entries naming the same artifact are one artifact (the first entry's checks apply).
  const seen = new Set<string>();
  return index.entries.filter((e) => e.url && !e.skipped && (lenient || !e.problems.length) && !seen.has(e.url) && !!seen.add(e.url)).slice(0, DEEP_LIMIT);
}

/** Fetches the index (current path, then the v0.1.0 path) and up to five artifacts. */
export function agentSkills(ctx: GatherContext): Promise<SkillsArtifact> {
  return ctx.memo('agent-skills', async () => {
    const probes: FetchResult[] = [];
    let probe: FetchResult | null = null;
    let path: string | null = null;
    for (const p of [SKILLS_INDEX_PATH, SKILLS_LEGACY_INDEX_PATH]) {
      const res = await ctx.fetch(p, SKILLS_INDEX_OPTIONS);
      probes.push(res);
      if (indexDocument(res).doc) {
        probe = res;
        path = p;
        break;
      }
    }
    // Else an index a catalog entry names (catalog-reader.ts: an agent-skills entry of a JSON type).
    const named = probe
      ? null
      : entriesOf(await agentCatalog(ctx), 'agent-skills').find(({ entry }) => entry.url && /\+json\b/i.test(entry.type ?? ''))?.entry.url;
    if (named) {
      const res = await ctx.fetch(named, SKILLS_INDEX_OPTIONS);
      probes.push(res);
      if (Array.isArray(indexDocument(res).doc?.skills)) [probe, path] = [res, new URL(named).pathname];
    }
    const artifacts: Record<string, FetchResult> = {};
    if (probe && path) {
      const index = readSkillsIndex(indexDocument(probe).doc!, probe.url, path);
      const picks = deepEntries(index);
      const got = await Promise.all(
        picks.map((e) =>
          ctx.fetch(e.url!, {
            accept: e.type === 'archive' ? 'application/gzip, application/zip, */*;q=0.1' : SKILL_MD_ACCEPT,
            maxBytes: e.type === 'archive' ? ARCHIVE_MAX_BYTES : SKILL_MD_MAX_BYTES,
          }),
        ),
      );
      picks.forEach((e, i) => (artifacts[e.url!] = got[i]));
    }
    return { probes, probe, path, artifacts };
  });
}
