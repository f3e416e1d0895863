import { defineCheck, type SubFinding } from '../types.js';
import { renderFindings } from '../messages.js';
import { probeData } from '../../gather/probe-facts.js';
import type { FetchResult } from '../../net/http.js';
import {
  agentSkills,
  deepEntries,
  indexDocument,
  readSkillsIndex,
  sha256Digest,
  skillFrontMatter,
  SKILLS_INDEX_PATH,
  SKILLS_LEGACY_INDEX_PATH,
  SKILLS_SCHEMA_V02,
  type SkillsArtifact,
  type SkillsFormat,
  type SkillsIndex,
  type SkillsIndexProblem,
  type SkillEntryNote,
  type SkillEntryProblem,
  type FrontMatterProblem,
  unreachedFetch,
  SKILLS_INDEX_REQUEST,
} from '../../gather/agent-skills.js';
import { excerpt, isFound, isSoft404 } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';

const SPEC = ['https://github.com/cloudflare/agent-skills-discovery-rfc', 'https://agentskills.io/well-known-uri', 'https://agentskills.io/specification'];

const FORMAT_LABEL: Record<SkillsFormat, string> = {
  'v0.2.0': 'Agent Skills Discovery v0.2.0 ($schema, type/url/digest entries)',
  'unknown-schema': 'Agent Skills index under an unrecognised $schema, read by its declared url/type/digest',
  'draft-files': 'Agent Skills Discovery February 2026 draft (top-level version + files[] digests)',
  'v0.1.0': 'Agent Skills Discovery v0.1.0 shape (names only, no per-entry url/digest)',
};

/** The matched label, with the $schema state read from the same parse the findings use. */
function formatLabel(index: SkillsIndex): string {
  if (index.format !== 'v0.1.0') return FORMAT_LABEL[index.format];
  return `${FORMAT_LABEL['v0.1.0']}, ${index.schema === null ? 'no $schema' : `$schema "${excerpt(index.schema, 80)}" not recognised`}`;
}

type A6Finding = keyof typeof A6_FINDINGS;

/** The problems of an index, each with its code; the outcome lists them after "Problems:". */
const A6_FINDINGS = {
  'A6/no-skills-array': 'no `skills` array',
  'A6/unknown-schema': 'unrecognised $schema "{schema}": clients that follow the discovery text warn and do not process the index',
  'A6/no-schema': `entries look like v0.2.0 but there is no "$schema": "${SKILLS_SCHEMA_V02}" (without it clients read the index as v0.1.0)`,
  'A6/legacy-path': `served at the v0.1.0 path ${SKILLS_LEGACY_INDEX_PATH} (current: ${SKILLS_INDEX_PATH})`,
  'A6/old-format': '{format} format: no per-entry url/type/digest as v0.2.0 defines',
  'A6/empty': 'the skills array is empty',
  'A6/all-skipped': 'every entry has a type clients skip ({types}): no skill-md or archive entry',
  // What makes an entry invalid (the gather's SkillEntryProblem kinds), one sub-finding each.
  'A6/entry-not-object': 'entry {n} ({name}): entry is not an object',
  'A6/entry-no-name': 'entry {n} ({name}): missing `name`',
  'A6/entry-name-too-long': 'entry {n} ({name}): name "{value}…" longer than 64 characters',
  'A6/entry-name-invalid': 'entry {n} ({name}): name "{value}" is not lowercase a-z, 0-9 and single inner hyphens',
  'A6/entry-no-description': 'entry {n} ({name}): missing `description`',
  'A6/entry-description-too-long': 'entry {n} ({name}): description is {length} characters (max 1024)',
  'A6/entry-no-type': 'entry {n} ({name}): missing `type`',
  'A6/entry-type-not-string': 'entry {n} ({name}): `type` is not a string',
  'A6/entry-no-url': 'entry {n} ({name}): missing `url`',
  'A6/entry-url-not-http': 'entry {n} ({name}): url "{value}" is not http(s)',
  'A6/entry-url-unresolvable': 'entry {n} ({name}): url "{value}" does not resolve',
  'A6/entry-bare-sha256': 'entry {n} ({name}): digest given as a bare `sha256` member (v0.2.0: `digest: "sha256:<hex>"`)',
  'A6/entry-no-digest': 'entry {n} ({name}): missing `digest`',
  'A6/entry-digest-invalid': 'entry {n} ({name}): digest "{value}" is not sha256: + 64 lowercase hex',
  'A6/entry-no-skill-md-file': 'entry {n} ({name}): `files` has no SKILL.md entry',
  'A6/entry-skill-md-no-digest': 'entry {n} ({name}): SKILL.md missing `digest`',
  'A6/entry-skill-md-digest-invalid': 'entry {n} ({name}): SKILL.md digest "{value}" is not sha256: + 64 lowercase hex',
  'A6/more-invalid': '{count} more invalid entries',
  'A6/artifact-not-served': 'skill "{name}": {seen:probe} (artifact not served)',
  'A6/digest-mismatch': 'skill "{name}": digest mismatch (index {expected}…, served bytes {actual}…); clients must reject it',
  // Why a SKILL.md's front matter is not usable (the gather's FrontMatterProblem kinds).
  'A6/skill-md-no-front-matter': 'skill "{name}": SKILL.md no YAML front matter (--- block) at the top',
  'A6/skill-md-invalid-yaml': 'skill "{name}": SKILL.md front matter is not valid YAML ({error})',
  'A6/skill-md-not-mapping': 'skill "{name}": SKILL.md front matter is not a YAML mapping',
  'A6/skill-md-lacks': 'skill "{name}": SKILL.md front matter lacks {members}',
  // A6/missing: each place asked, and why it held no index; A6/artifact-unmeasured: each download that could not be made.
  'A6/seen': '{seen:probe}',
  'A6/seen-soft-404': '{seen:probe} (an HTML page: soft 404)',
  'A6/seen-not-json': '{seen:probe} (not JSON ({error}))',
  'A6/seen-not-object': '{seen:probe} (JSON but not an object)',
  'A6/download-unmade': '{seen:probe}',
  'A6/more-downloads-unmade': 'and {count} more',
} as const;

/** The index facts every outcome with an index starts with; the artifact counts are the bounded deep check's. */
const FACTS =
  '{seen:probe}; {skills} skill(s) ({names}); {downloaded} of {checked} artifact(s) downloaded, {unreached} could not be ' +
  'fetched, {verified} of {digests} digest(s) verified, {mismatches} mismatch(es)';

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A6/unknown-schema-read':
    `$schema "{schema}" is not a schema we know (current: ${SKILLS_SCHEMA_V02}); entries read by their declared ` + 'url/type/digest to show what is there',
  'A6/bare-sha256': 'digest given as a bare `sha256` member (v0.2.0: `digest: "sha256:<hex>"`)',
  'A6/version-not-semver': 'entry "{name}": `version` {version} is not a semantic version (e.g. "1.2.0")',
  'A6/index-content-type': 'index served as {contentType} (expected application/json)',
  'A6/index-no-content-type': 'index served with no content type (expected application/json)',
  'A6/schema-not-exact': `$schema "{schema}" is read as v0.2.x, but clients match the exact URI ${SKILLS_SCHEMA_V02}`,
  'A6/entry-skipped': 'entry {n} ({name}) has type "{type}", not skill-md or archive: clients skip it',
  'A6/artifact-over-cap': 'skill "{name}": artifact larger than the download cap, digest not verified',
  'A6/front-matter-name': 'skill "{name}": SKILL.md front matter says name "{frontMatterName}"',
  'A6/skill-md-content-type': 'skill "{name}": SKILL.md served as {contentType} (expected text/markdown or text/plain)',
  'A6/archive-content-type': 'skill "{name}": archive served as {contentType} (expected application/gzip or application/zip)',
  'A6/other-origin': 'skill "{name}" is hosted on another origin ({origin})',
  'A6/deep-check-bounded': '{checked} of {valid} valid entries downloaded and checked (bounded deep check)',
  'A6/download-unmade': 'artifact download could not be made, so not verified: {seen:probe}',
  'A6/more-downloads-unmade': '{count} more artifact download(s) could not be made, so not verified',
} as const;
type A6Advisory = keyof typeof ADVISORIES;

/** The gather's lenient readings (SkillEntryNote), as advisories. */
function noteAdvisory(n: SkillEntryNote): SubFinding<A6Advisory> {
  return n.kind === 'bare-sha256' ? { code: 'A6/bare-sha256' } : { code: 'A6/version-not-semver', data: { name: n.name, version: n.version } };
}

/** An invalid entry's problems, one sub-finding each (code A6/entry-<kind>), in the order read. */
function entryFindings(e: { index: number; name: string; problems: SkillEntryProblem[] }): Array<SubFinding<A6Finding>> {
  return e.problems.map(({ kind, ...rest }) => ({ code: `A6/entry-${kind}` as const, data: { n: e.index + 1, name: excerpt(e.name, 40), ...rest } }));
}

/** Why a SKILL.md's front matter is not usable, as its sub-finding. */
function frontMatterFinding(name: string, p: FrontMatterProblem): SubFinding<A6Finding> {
  const { kind, ...rest } = p;
  const code = kind === 'none' ? 'A6/skill-md-no-front-matter' : (`A6/skill-md-${kind}` as const);
  return { code, data: { name, ...rest } };
}

/** A6/missing's sub-finding for one probe: why it held no index. */
function seenFinding(p: FetchResult, origin: string): SubFinding<A6Finding> {
  const seen = probeData(p, origin);
  const problem = indexDocument(p).problem;
  if (problem?.kind === 'not-json') return { code: 'A6/seen-not-json', data: { ...seen, error: problem.error } };
  if (problem) return { code: 'A6/seen-not-object', data: seen };
  return { code: isSoft404(p) ? 'A6/seen-soft-404' : 'A6/seen', data: seen };
}

const INDEX_PROBLEM: Record<SkillsIndexProblem['kind'], A6Finding> = {
  'no-skills-array': 'A6/no-skills-array',
  'unknown-schema': 'A6/unknown-schema',
  'no-schema': 'A6/no-schema',
};

interface DeepResult {
  name: string;
  url: string;
  probe: FetchResult;
  problems: Array<SubFinding<A6Finding>>;
  advisories: Array<SubFinding<A6Advisory>>;
  verified: boolean;
  mismatch: boolean;
  /** The index gave a digest for this artifact. */
  hasDigest: boolean;
  /** Why the download could not be made at all (DNS, refused, host budget), or null when it was answered. */
  unreached: string | null;
}

function checkArtifact(
  entry: { name: string; url: string | null; digest: string | null; type: string | null },
  probe: FetchResult,
  origin: string,
): DeepResult {
  // A download that could not be made says nothing about the artifact: unmeasured, not "not served".
  const url = entry.url!;
  const out: DeepResult = {
    name: entry.name,
    url,
    probe,
    problems: [],
    advisories: [],
    verified: false,
    mismatch: false,
    hasDigest: !!entry.digest,
    unreached: unreachedFetch(probe),
  };
  if (out.unreached) return out;
  if (!isFound(probe)) {
    out.problems.push({ code: 'A6/artifact-not-served', data: { name: entry.name, ...probeData(probe, origin) } });
    return out;
  }
  if (entry.digest) {
    if (probe.truncated) out.advisories.push({ code: 'A6/artifact-over-cap', data: { name: entry.name } });
    else {
      const actual = sha256Digest(probe.body);
      if (actual === entry.digest) out.verified = true;
      else {
        out.mismatch = true;
        out.problems.push({ code: 'A6/digest-mismatch', data: { name: entry.name, expected: entry.digest.slice(0, 19), actual: actual.slice(0, 19) } });
      }
    }
  }
  if (entry.type === 'skill-md' || (entry.type === null && /\/SKILL\.md$/i.test(url))) {
    const fm = skillFrontMatter(probe.text);
    if (fm.problem) out.problems.push(frontMatterFinding(entry.name, fm.problem));
    else if (fm.name !== entry.name)
      out.advisories.push({ code: 'A6/front-matter-name', data: { name: entry.name, frontMatterName: excerpt(fm.name ?? '', 40) } });
    if (probe.contentType && probe.contentType !== 'text/markdown' && probe.contentType !== 'text/plain')
      out.advisories.push({ code: 'A6/skill-md-content-type', data: { name: entry.name, contentType: probe.contentType } });
  }
  // The texts name these types; clients fall back to the file extension on a generic one.
  if (entry.type === 'archive' && probe.contentType && !['application/gzip', 'application/zip', 'application/octet-stream'].includes(probe.contentType))
    out.advisories.push({ code: 'A6/archive-content-type', data: { name: entry.name, contentType: probe.contentType } });
  try {
    if (new URL(url).origin !== origin) out.advisories.push({ code: 'A6/other-origin', data: { name: entry.name, origin: new URL(url).origin } });
  } catch {
    // url was validated when the index was read.
  }
  return out;
}

export const a6AgentSkills = defineCheck<SkillsArtifact>()({
  meta: {
    id: 'A6',
    name: 'Agent Skills discovery index',
    dimension: 'capabilities',
    requests: [SKILLS_INDEX_REQUEST],
    tier: 'recommended',
    weight: 6,
    // A content site is not marked down for an agent capability it does not run (not offered).
    contentProfile: 'offered',
    level: { rung: 4, arm: 'integrations' },
    anchorKey: 'agentSkills',
    specUrls: SPEC,
    standards: ['agentSkills'],
    summary:
      'GET /.well-known/agent-skills/index.json must be a v0.2.0 index ($schema) whose skills have valid names, ' +
      'types, descriptions, URLs and sha256 digests; up to five artifacts are downloaded and their digests and ' +
      'SKILL.md front matter verified.',
    why:
      'Skills teach agents how to use your site or product; the index lets them find every skill in one request, and ' +
      'digests let them trust what they download.',
    remediation:
      `Publish ${SKILLS_INDEX_PATH} with "$schema": "${SKILLS_SCHEMA_V02}" and one entry per skill (name, type, ` +
      `description, url, sha256 digest of the exact bytes served).`,
    remedies: {
      'A6/move-index': `Move the index to ${SKILLS_INDEX_PATH} in the v0.2.0 format ("$schema", and type/url/digest per skill).`,
      'A6/fix-index': 'Fix the Agent Skills index: {problems}.',
    },
    codes: {
      'A6/missing': 'no Agent Skills index',
      'A6/invalid': 'partial: an index with problems (schema, names, digests, unreachable skills)',
      'A6/artifact-unmeasured':
        'info: a valid index whose artifact downloads could not be made (DNS failure, connection refused before any ' +
        'answer, the scan\'s host budget): the artifacts are not measured, not "not served"',
      'A6/ok': 'a valid Agent Skills index',
    },
    messages: {
      'A6/missing': 'No Agent Skills index: {findings}.',
      'A6/invalid': `${FACTS}. Problems: {findings}.`,
      'A6/artifact-unmeasured': `Could not be measured: {unreached} artifact download(s) could not be made ({findings}). ${FACTS}.`,
      'A6/ok': `${FACTS}.`,
    },
    findings: A6_FINDINGS,
    // The index's own words (names, schema URIs, values, types), a parser's message, what a download answered.
    quoted: ['names', 'name', 'schema', 'value', 'type', 'types', 'version', 'frontMatterName', 'error', 'members'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => agentSkills(ctx),
  evaluate(a, { origin }) {
    const doc = a.probe ? indexDocument(a.probe).doc : null;
    if (!a.probe || !a.path || !doc) {
      return { status: 'fail', code: 'A6/missing', data: {}, findings: a.probes.map((p) => seenFinding(p, origin)), probes: a.probes };
    }
    const probe = a.probe;
    const index = readSkillsIndex(doc, probe.url, a.path);
    const problems: Array<SubFinding<A6Finding>> = index.problems.map((p) => ({
      code: INDEX_PROBLEM[p.kind],
      ...(p.kind === 'unknown-schema' ? { data: { schema: p.schema } } : {}),
    }));
    const advisories: Array<SubFinding<A6Advisory>> = [];
    if (a.path === SKILLS_LEGACY_INDEX_PATH) problems.push({ code: 'A6/legacy-path' });
    if (index.format === 'v0.1.0' || index.format === 'draft-files')
      problems.push({ code: 'A6/old-format', data: { format: index.format === 'v0.1.0' ? 'v0.1.0' : 'draft' } });
    if (index.format === 'unknown-schema') advisories.push({ code: 'A6/unknown-schema-read', data: { schema: excerpt(index.declared ?? '', 80) } });
    // Each lenient reading once, however many entries share it.
    const notes = new Map(index.entries.flatMap((e) => e.notes ?? []).map((n) => [JSON.stringify(n), n]));
    advisories.push(...[...notes.values()].map(noteAdvisory));
    if (!probe.contentType) advisories.push({ code: 'A6/index-no-content-type' });
    else if (probe.contentType !== 'application/json') advisories.push({ code: 'A6/index-content-type', data: { contentType: probe.contentType } });
    if (index.format === 'v0.2.0' && typeof doc.$schema === 'string' && doc.$schema.trim() !== SKILLS_SCHEMA_V02)
      advisories.push({ code: 'A6/schema-not-exact', data: { schema: excerpt(doc.$schema, 80) } });
    const skipped = index.entries.filter((e) => e.skipped);
    const invalid = index.entries.filter((e) => e.problems.length);
    const valid = index.entries.filter((e) => !e.problems.length && !e.skipped).length;
    for (const e of skipped.slice(0, 5))
      advisories.push({ code: 'A6/entry-skipped', data: { n: e.index + 1, name: excerpt(e.name, 40), type: excerpt(e.skipped!, 30) } });
    if (!index.entries.length) problems.push({ code: 'A6/empty' });
    else if (skipped.length === index.entries.length)
      problems.push({ code: 'A6/all-skipped', data: { types: [...new Set(skipped.map((e) => excerpt(e.skipped!, 30)))].slice(0, 4).join(', ') } });
    for (const e of invalid.slice(0, 5)) problems.push(...entryFindings(e));
    if (invalid.length > 5) problems.push({ code: 'A6/more-invalid', data: { count: invalid.length - 5 } });

    const deep = deepEntries(index)
      .filter((e) => a.artifacts[e.url!])
      .map((e) => checkArtifact(e, a.artifacts[e.url!], origin));
    for (const d of deep) {
      problems.push(...d.problems);
      advisories.push(...d.advisories);
    }
    const unreached = deep.filter((d) => d.unreached);
    const verified = deep.filter((d) => d.verified).length;
    const downloaded = deep.filter((d) => isFound(d.probe)).length;
    const mismatches = deep.filter((d) => d.mismatch).length;
    if (valid > deep.length && deep.length && index.format === 'v0.2.0')
      advisories.push({ code: 'A6/deep-check-bounded', data: { checked: deep.length, valid } });

    const matched = formatLabel(index) + (a.path === SKILLS_LEGACY_INDEX_PATH ? ` at legacy ${SKILLS_LEGACY_INDEX_PATH}` : '');
    const names = index.entries.slice(0, 6).map((e) => excerpt(e.name, 40));
    const facts = {
      ...probeData(probe, origin),
      skills: index.entries.length,
      names: [...names, ...(index.entries.length > 6 ? ['…'] : [])].join(', ') || 'none',
      // Only the downloads that succeeded count as downloaded; the others are findings or unmeasured.
      downloaded,
      checked: deep.length,
      unreached: unreached.length,
      verified,
      digests: deep.filter((d) => d.hasDigest).length,
      mismatches,
    };
    const probes = [...a.probes, ...deep.map((d) => d.probe)];
    // checked: artifacts fetched for the deep check; digests: those whose entry declares one.
    const details = {
      format: index.format,
      specVersion: index.declared,
      declaredBy: index.declaredBy,
      schema: index.schema,
      path: a.path,
      skills: index.entries.length,
      valid,
      skipped: skipped.length,
      checked: deep.length,
      downloaded,
      digests: deep.filter((d) => d.hasDigest).length,
      verified,
      mismatches,
      unreached: unreached.length,
    };
    const unmade = unreached.slice(0, 3).map((d) => probeData(d.probe, origin));
    if (problems.length) {
      // The verdict rests on the problems found; downloads that could not be made are named, not judged.
      advisories.push(...unmade.map((data) => ({ code: 'A6/download-unmade' as const, data })));
      if (unreached.length > 3) advisories.push({ code: 'A6/more-downloads-unmade', data: { count: unreached.length - 3 } });
      return {
        status: 'partial',
        code: 'A6/invalid',
        data: facts,
        findings: problems,
        // A legacy index moves whole; otherwise the first three problems, from their templates.
        ...(index.format === 'v0.1.0' || index.format === 'draft-files' || a.path === SKILLS_LEGACY_INDEX_PATH
          ? { remedy: 'A6/move-index' as const }
          : { remedy: 'A6/fix-index' as const, remedyData: { problems: renderFindings(A6_FINDINGS, problems.slice(0, 3)).join('; ') } }),
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (unreached.length) {
      return {
        status: 'info',
        code: 'A6/artifact-unmeasured',
        data: facts,
        findings: [
          ...unmade.map((data) => ({ code: 'A6/download-unmade' as const, data })),
          ...(unreached.length > 3 ? [{ code: 'A6/more-downloads-unmade' as const, data: { count: unreached.length - 3 } }] : []),
        ],
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'A6/ok', data: facts, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    const skillPath = '/.well-known/agent-skills/order-status/SKILL.md';
    const skillMd =
      '---\nname: order-status\ndescription: Look up the status of an order by order number and email.\n---\n\n' +
      `# Order status\n\nCall GET ${fx.origin}/api/orders/{number}?email=… and read \`status\`.\n`;
    // The digest of exactly the SKILL.md shown (agentskills.io well-known-uri: SHA-256 of the raw bytes served).
    const index = {
      $schema: SKILLS_SCHEMA_V02,
      skills: [
        {
          name: 'order-status',
          type: 'skill-md',
          description: 'Look up the status of an order by order number and email.',
          url: skillPath,
          digest: sha256Digest(Buffer.from(skillMd)),
        },
      ],
    };
    return [
      {
        title: 'Write each skill as a SKILL.md',
        body:
          'One folder per skill under /.well-known/agent-skills/<name>/. The name is 1-64 characters of a-z, 0-9 and ' +
          'single hyphens, and must match the front matter; the description says what the skill does and when to use it.',
      },
      // A sample skill: only the owner's own SKILL.md files describe what the site lets agents do.
      ...serveFileSteps(fx, { path: skillPath, contentType: 'text/markdown; charset=utf-8', content: skillMd, lang: 'markdown', source: 'example' }),
      ...serveFileSteps(fx, {
        path: SKILLS_INDEX_PATH,
        contentType: 'application/json',
        content: JSON.stringify(index, null, 2) + '\n',
        lang: 'json',
        source: 'example',
      }),
      {
        title: 'Compute the digests in your build',
        body:
          'The digest above is SHA-256 of exactly the SKILL.md shown. It is of the exact bytes served (after any build ' +
          'step): any change to SKILL.md changes it, so generate the index rather than editing it by hand. An entry may ' +
          'also carry an optional semantic `version` of the skill.',
        code:
          `node -e "const c=require('node:crypto'),f=require('node:fs');` +
          `console.log('sha256:'+c.createHash('sha256').update(f.readFileSync(process.argv[1])).digest('hex'))" ` +
          'public/.well-known/agent-skills/order-status/SKILL.md',
        lang: 'sh',
      },
      verifyStep(
        sh`curl -s ${fx.origin}${SKILLS_INDEX_PATH}\ncurl -s ${fx.origin}/.well-known/agent-skills/order-status/SKILL.md | sha256sum`,
        'Expect JSON with "$schema" and your skills, and a hash equal to the entry\'s digest (without the sha256: prefix).',
      ),
      specStep(SPEC),
    ];
  },
});
