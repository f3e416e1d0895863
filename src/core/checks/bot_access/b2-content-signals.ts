import { defineCheck, type SubFinding } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { givenPreferences } from '../../fixes/owner-value-parse.js';
import { recordValue, type ContentSignalValue } from '../../fixes/robots-rules.js';
import { ownerValue } from '../../fixes/site-content.js';
import { robotsLinesSteps } from './robots-fix.js';
import { groupAgents, isStarGroup, prefLines, type PairProblem, type PrefLine, type PrefVocabulary } from './robots-prefs.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = ['https://contentsignals.org', 'https://datatracker.ietf.org/doc/draft-romm-aipref-contentsignals/'];

/** The three purposes, each yes or no. */
export const CONTENT_SIGNAL_PURPOSES = ['search', 'ai-input', 'ai-train'] as const;
/**
 * The `use` directive of the Content Signals standard (Cloudflare changelog 2026-08-31, "Crawl endpoint
 * now respects the Content Signals `use` directive": the maximum level at which content may be used;
 * its managed robots.txt writes `use=reference` with the comment "use: how AI systems may consume the
 * content (immediate, reference, or full)"). A level, not a yes/no purpose.
 */
export const CONTENT_SIGNAL_USE_LEVELS = ['immediate', 'reference', 'full'] as const;

export const CONTENT_SIGNAL_VOCAB: PrefVocabulary = {
  keys: new Set(CONTENT_SIGNAL_PURPOSES),
  values: new Set(['yes', 'no']),
  keyValues: new Map([['use', new Set<string>(CONTENT_SIGNAL_USE_LEVELS)]]),
};

function signalMap(l: PrefLine): Record<string, string> {
  return Object.fromEntries(l.pairs.filter((p) => p.valid).map((p) => [p.key, p.value]));
}

/**
 * B2's sub-findings: each Content-Signal line (its group, valid signals or raw text, path and line
 * number), then, for B2/contradiction, each contradiction.
 */
const FINDINGS = {
  'B2/line': 'User-agent: {agents} → {signals} for {path} (line {line})',
  'B2/line-invalid': 'User-agent: {agents} → "{raw}" (no valid signal) for {path} (line {line})',
  'B2/orphan-line': 'outside any group → {signals} for {path} (line {line})',
  'B2/orphan-line-invalid': 'outside any group → "{raw}" (no valid signal) for {path} (line {line})',
  'B2/more-lines': '… {more} more line(s)',
  'B2/both-values': 'contradiction: User-agent: {agents} gives {key} more than one value ({values})',
  'B2/yes-but-disallowed': 'contradiction: User-agent: {agents} says {signals} but disallows /',
} as const;
type B2Finding = keyof typeof FINDINGS;

/** One Content-Signal line as a sub-finding. */
function lineFinding(l: PrefLine): SubFinding<B2Finding> {
  const signals = l.pairs
    .filter((p) => p.valid)
    .map((p) => `${p.key}=${p.value}`)
    .join(', ');
  const at = { path: l.path ?? '/', line: l.line };
  const said = signals ? { signals } : { raw: excerpt(l.raw, 60) };
  if (!l.agents) return { code: signals ? 'B2/orphan-line' : 'B2/orphan-line-invalid', data: { ...said, ...at } };
  return { code: signals ? 'B2/line' : 'B2/line-invalid', data: { agents: groupAgents(l.agents), ...said, ...at } };
}

/** The first six lines, and how many more there are. */
function lineFindings(lines: PrefLine[]): Array<SubFinding<B2Finding>> {
  const shown = lines.slice(0, 6).map(lineFinding);
  return lines.length > 6 ? [...shown, { code: 'B2/more-lines', data: { more: lines.length - 6 } }] : shown;
}

/** An ignored pair as its advisory. */
function ignoredPair(p: PairProblem): SubFinding<B2Advisory> {
  if (p.kind === 'not-pair') return { code: 'B2/not-pair', data: { item: excerpt(p.item, 60) } };
  if (p.kind === 'unknown-key') return { code: 'B2/unknown-key', data: { key: excerpt(p.key, 40) } };
  return { code: 'B2/bad-value', data: { key: excerpt(p.key, 40), value: excerpt(p.value, 40), allowed: p.allowed } };
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'B2/not-pair': 'Ignored: "{item}" is not key=value.',
  'B2/unknown-key': 'Ignored: unknown key "{key}".',
  'B2/bad-value': 'Ignored: {key}={value}: value must be one of {allowed}.',
  'B2/missing-keys': 'No value for {keys}: a missing key expresses no preference either way.',
  'B2/outside-group': 'Line {lines} sits outside any User-agent group; group-aware parsers attach it to no crawler. Move it under `User-agent: *`.',
} as const;
type B2Advisory = keyof typeof ADVISORIES;

/** The lines as read, then (B2/contradiction) the contradictions: every outcome past "no line" says this. */
const OBSERVED = '{seen:probe}; {lines} Content-Signal line(s): {findings}.';

export const b2ContentSignals = defineCheck<RobotsArtifact>()({
  meta: {
    id: 'B2',
    name: 'Content Signals',
    dimension: 'bot_access',
    requests: [ROBOTS_REQUEST],
    tier: 'recommended',
    weight: 6,
    level: { rung: 2 },
    anchorKey: 'contentSignals',
    specUrls: SPEC,
    standards: ['contentSignals', 'rfc9309'],
    summary:
      'A `Content-Signal: search=…, ai-input=…, ai-train=…` line (yes/no values, optionally `use=immediate|reference|full`, the most an AI system may ' +
      'do with the content) in the robots.txt group that applies to every crawler.',
    why:
      'robots.txt says who may fetch; Content Signals say what the content may be used for once fetched (search results, AI answers, model ' +
      'training), so you can welcome AI answers and still refuse training.',
    remediation: 'Add `Content-Signal: search=yes, ai-input=yes, ai-train=no` (your choice of values) to the `User-agent: *` group of robots.txt.',
    remedies: {
      'B2/write-key-values':
        'Write the signals as `key=yes|no` with the keys search, ai-input and ai-train, e.g. `Content-Signal: search=yes, ai-input=yes, ai-train=no`.',
      'B2/put-in-star-group': 'Put the Content-Signal line inside the `User-agent: *` group so it applies to every crawler.',
      'B2/agree-with-rules':
        'Make the signals agree with the access rules: one value per key per group, and no `search=yes`/`ai-input=yes` in a group that disallows `/`.',
    },
    codes: {
      'B2/no-robots': 'no robots.txt, so no Content-Signal line',
      'B2/missing': 'robots.txt has no Content-Signal line',
      'B2/invalid': 'partial: no Content-Signal line has a valid key=yes|no pair or use level',
      'B2/not-global': 'partial: no valid signal applies to every crawler (none in the * group)',
      'B2/contradiction': 'partial: signals contradict each other or the access rules',
      'B2/ok': 'valid Content-Signal preferences for every crawler',
    },
    messages: {
      'B2/ok': `${OBSERVED}`,
      'B2/no-robots': '{seen:probe}: no robots.txt, so no Content-Signal line.',
      'B2/missing': '{seen:probe}: robots.txt has {groups} group(s) but no Content-Signal line.',
      'B2/invalid': `${OBSERVED} None has a valid key=yes|no pair (keys: search, ai-input, ai-train) ` + 'or use level (use=immediate, reference or full).',
      'B2/not-global': `${OBSERVED} No valid signal applies to every crawler (the \`User-agent: *\` group has none).`,
      'B2/contradiction': `${OBSERVED}`,
    },
    findings: FINDINGS,
    // The site's own words: a line as written, an ignored item, key or value, the group's User-agent values.
    quoted: ['raw', 'item', 'key', 'value', 'agents'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => ctx.robots(),
  evaluate(robots) {
    const res = robots.probe;
    const probes = [res];
    const seen = probeData(res, new URL(res.requestedUrl).origin);
    if (!robots.found) return { status: 'fail', code: 'B2/no-robots', data: seen, probes };
    const lines = prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB);
    if (!lines.length) return { status: 'fail', code: 'B2/missing', data: { ...seen, groups: robots.groups.length }, probes };

    const advisories: Array<SubFinding<B2Advisory>> = [];
    const ignored = new Map<string, SubFinding<B2Advisory>>();
    for (const p of lines.flatMap((l) => l.pairs.flatMap((x) => (x.problem ? [ignoredPair(x.problem)] : [])))) ignored.set(JSON.stringify(p), p);
    advisories.push(...[...ignored.values()].slice(0, 5));
    const valid = lines.filter((l) => l.valid);
    const details = {
      signals: lines.map((l) => {
        const m = signalMap(l);
        return {
          userAgent: l.agents?.join(', ') ?? null,
          path: l.path ?? '/',
          search: m.search ?? null,
          aiInput: m['ai-input'] ?? null,
          aiTrain: m['ai-train'] ?? null,
          use: m.use ?? null,
          line: l.line,
        };
      }),
    };
    const observed = { ...seen, lines: lines.length };
    const findings = lineFindings(lines);
    const matched = 'Content Signals (contentsignals.org, draft-romm-aipref-contentsignals-00; the use directive per Cloudflare changelog 2026-08-31)';
    if (!valid.length) {
      return {
        status: 'partial',
        code: 'B2/invalid',
        data: observed,
        findings,
        remedy: 'B2/write-key-values',
        advisories,
        probes,
        details,
      };
    }
    const keysSeen = new Set(valid.flatMap((l) => l.pairs.filter((p) => p.valid).map((p) => p.key)));
    // `use` is optional and orthogonal: a line with only `use=` states a level and no purpose.
    const missing = CONTENT_SIGNAL_PURPOSES.filter((k) => !keysSeen.has(k));
    if (missing.length) advisories.push({ code: 'B2/missing-keys', data: { keys: missing.join(', ') } });

    // Contradictions: a key given both values in one group, or a "yes" for content the group may not fetch at all.
    const contradictions: Array<SubFinding<B2Finding>> = [];
    for (const g of robots.groups) {
      const here = valid.filter((l) => l.agents === g.agents && !l.path);
      const values = new Map<string, Set<string>>();
      for (const l of here) for (const p of l.pairs.filter((x) => x.valid)) values.set(p.key, (values.get(p.key) ?? new Set()).add(p.value));
      for (const [key, v] of values)
        if (v.size > 1) contradictions.push({ code: 'B2/both-values', data: { agents: groupAgents(g.agents), key, values: [...v].join(', ') } });
      const saysYes = [...values].filter(([k, v]) => k !== 'ai-train' && v.has('yes')).map(([k]) => k);
      const blocked = g.agents.length > 0 && g.agents.every((a) => !robots.isAllowed('/', a.trim() === '*' ? '*' : a));
      if (saysYes.length && blocked)
        contradictions.push({
          code: 'B2/yes-but-disallowed',
          data: { agents: groupAgents(g.agents), signals: saysYes.map((k) => `${k}=yes`).join(', ') },
        });
    }
    const starCovered = valid.some((l) => isStarGroup(l.agents) && !l.path);
    const everyGroup = robots.groups.length > 0 && robots.groups.every((g) => valid.some((l) => l.agents === g.agents));
    const orphaned = valid.filter((l) => l.agents === null);
    if (orphaned.length) advisories.push({ code: 'B2/outside-group', data: { lines: orphaned.map((l) => l.line).join(', ') } });

    if (!starCovered && !everyGroup) {
      return {
        status: 'partial',
        code: 'B2/not-global',
        data: observed,
        findings,
        remedy: 'B2/put-in-star-group',
        matched,
        advisories,
        probes,
        details,
      };
    }
    if (contradictions.length) {
      return {
        status: 'partial',
        code: 'B2/contradiction',
        data: observed,
        findings: [...findings, ...contradictions],
        remedy: 'B2/agree-with-rules',
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'B2/ok', data: observed, findings, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    // The signals are the owner's decision: written only from the owner's answer, else an example.
    const own = givenPreferences(fx, 'contentSignal') as ContentSignalValue | undefined;
    const value: ContentSignalValue = own ?? { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' };
    return [
      {
        title: 'Choose your signals',
        body:
          `search = search indexes and links/snippets; ai-input = AI answers, grounding and RAG; ai-train = training or fine-tuning. Each is yes or ` +
          `no; leave a key out to express no preference. ` +
          `${
            own
              ? 'Your answer:'
              : 'Your decision, not the tool\'s: give it with `ai-ready fix --set contentSignal="search=yes, ai-input=yes, ' +
                'ai-train=no"` (your own values). Example (replace with your own):'
          }`,
      },
      // `Allow: /` closes the group where it is new (a record alone would join the next group's
      // agents); merged into the owner's `User-agent: *` group only the record is added (merge-text.ts).
      ...robotsLinesSteps(
        fx,
        { purpose: 'content-signal', groups: [{ userAgents: ['*'], records: [{ field: 'Content-Signal', value }], allow: ['/'] }] },
        own
          ? { source: 'owner', values: [ownerValue('contentSignal', recordValue({ field: 'Content-Signal', value }))] }
          : { source: 'example', needs: ['contentSignal'] },
      ),
      verifyStep(
        sh`curl -s ${fx.origin}/robots.txt | grep -i -B2 'content-signal'`,
        'Expect a Content-Signal line under `User-agent: *` with key=yes|no pairs.',
      ),
      specStep(SPEC),
    ];
  },
});
