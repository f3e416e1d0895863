import { defineCheck, type SubFinding } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import type { FetchResult } from '../../net/http.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { placedLabelsData } from '../../gather/placed-labels.js';
import { sh } from '../../fixes/shell.js';
import { addHeaderSteps, verifyStep, specStep, type PublishOrigin } from '../../fixes/platform-steps.js';
import { givenPreferences } from '../../fixes/owner-value-parse.js';
import type { ContentUsageValue } from '../../fixes/robots-rules.js';
import { ownerValue } from '../../fixes/site-content.js';
import { robotsLinesSteps } from './robots-fix.js';
import { groupAgents, isStarGroup, prefLines } from './robots-prefs.js';
import { CONTENT_SIGNAL_VOCAB } from './b2-content-signals.js';
import { AIPREF_CATEGORIES, describePreferences, readContentUsage, readContentUsageRule, type ContentUsageHeader } from './content-usage-header.js';
import { lighthouseUnknownDirectives, LIGHTHOUSE_ROBOTS_AUDIT, toolFlagsData, toolFlagsTemplateFor } from './robots-tool-flags.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

const SPEC = ['https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/', 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/'];

/** B5 reads robots.txt lines and the page's `Content-Usage` response header. */
export interface ContentUsageArtifact {
  robots: RobotsArtifact;
  page: FetchResult;
}

/** One robots.txt `Content-Usage:` rule, with the group it sits in. */
export interface UsageLine {
  /** User-agent values of the enclosing group, or null for a line outside any group. */
  agents: string[] | null;
  line: number;
  raw: string;
  path: string | null;
  preference: ContentUsageHeader;
  /** States at least one preference of the current vocabulary. */
  valid: boolean;
}

/** Every `Content-Usage:` rule of the robots.txt, in file order, read as the attachment draft says. */
export function usageLines(robots: RobotsArtifact): UsageLine[] {
  const records = [
    ...robots.groups.flatMap((g) => g.extras.filter((r) => r.field === 'content-usage').map((r) => ({ agents: g.agents as string[] | null, r }))),
    ...robots.orphans.filter((r) => r.field === 'content-usage').map((r) => ({ agents: null, r })),
  ];
  return records
    .map(({ agents, r }) => {
      const { path, preference } = readContentUsageRule(r.value);
      return { agents, line: r.line, raw: r.value, path, preference, valid: Object.keys(preference.preferences).length > 0 };
    })
    .sort((a, b) => a.line - b.line);
}

/** Content-Signal (B2) key for each current AIPREF category, to compare the two vocabularies. */
const SIGNAL_OF: Record<string, string> = { 'train-ai': 'ai-train', 'ai-use': 'ai-input', search: 'search' };

/** What a Content-Usage line or header says: its preferences, or why it says none. */
const SAID = {
  prefs: '{prefs}',
  'not-dictionary': '"{raw}" (not a Structured Fields Dictionary)',
  'no-preference': '"{raw}" (no train-ai, ai-use or search preference)',
} as const;

/** B5's sub-findings: each robots.txt line (with its group, path and number), then the header. */
const FINDINGS = {
  ...(Object.fromEntries(
    Object.entries(SAID).flatMap(([k, text]) => [
      [`B5/line-${k}`, `User-agent: {agents} → ${text} for {path} (line {line})`],
      [`B5/orphan-line-${k}`, `outside any group → ${text} for {path} (line {line})`],
    ]),
  ) as { [K in keyof typeof SAID as `B5/line-${K}` | `B5/orphan-line-${K}`]: string }),
  'B5/more-lines': '… {more} more line(s)',
  'B5/header': 'Content-Usage header: {prefs}',
  'B5/header-no-preference': 'Content-Usage header: no y/n preference for train-ai, ai-use or search',
  'B5/header-not-dictionary': 'Content-Usage header "{raw}" is not a Structured Fields Dictionary ({error}): every preference is unknown',
};
type B5Finding = keyof typeof FINDINGS;

function lineFinding(l: UsageLine): SubFinding<B5Finding> {
  const prefs = describePreferences(l.preference);
  const kind = prefs ? 'prefs' : l.preference.parseError ? 'not-dictionary' : 'no-preference';
  const said = prefs ? { prefs } : { raw: excerpt(l.raw, 60) };
  const at = { path: l.path ?? '/', line: l.line };
  if (!l.agents) return { code: `B5/orphan-line-${kind}`, data: { ...said, ...at } };
  return { code: `B5/line-${kind}`, data: { agents: groupAgents(l.agents), ...said, ...at } };
}

/** The header's value as the evidence quotes it. */
function headerRaw(h: ContentUsageHeader): string {
  return excerpt(h.raw, 60);
}

function headerFinding(h: ContentUsageHeader): SubFinding<B5Finding> {
  if (h.parseError) return { code: 'B5/header-not-dictionary', data: { raw: headerRaw(h), error: h.parseError } };
  const prefs = describePreferences(h);
  return prefs ? { code: 'B5/header', data: { prefs } } : { code: 'B5/header-no-preference' };
}

/** The first six lines (and how many more), then the header. */
function observedFindings(lines: UsageLine[], header: ContentUsageHeader | null): Array<SubFinding<B5Finding>> {
  const shown = lines.slice(0, 6).map(lineFinding);
  if (lines.length > 6) shown.push({ code: 'B5/more-lines', data: { more: lines.length - 6 } });
  return header ? [...shown, headerFinding(header)] : shown;
}

/** One disagreement between Content-Signal (B2) and Content-Usage on the `*` group or header. */
interface Conflict {
  key: string;
  value: string;
  signalKey: string;
  signalValue: string;
}

/** Where Content-Signal (B2) and Content-Usage disagree on the `*` group or header. */
function conflicts(robots: RobotsArtifact, lines: UsageLine[], h: ContentUsageHeader | null): Conflict[] {
  const signals = prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).filter((l) => isStarGroup(l.agents) || !l.agents);
  const signal = new Map(signals.flatMap((l) => l.pairs.filter((p) => p.valid).map((p) => [p.key, p.value] as const)));
  const usage = new Map<string, string>();
  for (const l of lines.filter((l) => !l.path && (isStarGroup(l.agents) || !l.agents)))
    for (const [k, v] of Object.entries(l.preference.preferences)) usage.set(k, v === 'allow' ? 'y' : 'n');
  for (const [k, v] of Object.entries(h?.preferences ?? {})) usage.set(k, v === 'allow' ? 'y' : 'n');
  const out: Conflict[] = [];
  for (const [key, value] of usage) {
    const other = SIGNAL_OF[key] ? signal.get(SIGNAL_OF[key]) : undefined;
    if (other && (other === 'yes') !== (value === 'y')) out.push({ key, value, signalKey: SIGNAL_OF[key], signalValue: other });
  }
  return out;
}

/** The vocabulary text the verdicts follow. */
export const VOCAB_READ = 'draft-ietf-aipref-vocab-08 (2026-09-14)';
const ATTACH_READ = 'draft-ietf-aipref-attach-05 (ietf-wg-aipref/drafts at 7ca0afc, tag draft-ietf-aipref-attach-05)';

const OLDER_LABELS =
  `not in the current vocabulary (${VOCAB_READ} defines ${AIPREF_CATEGORIES.join(', ')}; bots and train-genai belong to earlier ` +
  `revisions), so ignored as the draft requires`;

/** Section 4.3 of vocab-08: a search preference applies to search applications whatever the other categories say. */
const SEARCH_OVERRIDES =
  `search applies to the parts of applications that direct users to the page, whatever train-ai and ai-use say (${VOCAB_READ}, ` + `section 4.3)`;

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'B5/older-label': `{labels}: ${OLDER_LABELS}: no preference is stated by it.`,
  'B5/older-labels': `{labels}: ${OLDER_LABELS}: no preference is stated by them.`,
  'B5/unknown-values': '{labels:placed}: without the token y or n, so unknown (quoted "n", yes/no and upper-case N are not the tokens y/n).',
  'B5/ignored-labels': 'Unknown label(s) {labels} ignored, as the draft says.',
  'B5/robots-not-dictionary':
    'robots.txt line(s) {lines}: not a Structured Fields Dictionary ({error}), so every preference there is unknown (labels are lower-case, values ' +
    'bare tokens).',
  'B5/yes-no-values': 'Content-Usage takes y/n tokens; yes/no belongs to Content-Signal (check B2).',
  'B5/header-not-dictionary': 'Content-Usage header "{raw}" is not a Structured Fields Dictionary ({error}): every preference is unknown.',
  'B5/signals-disagree':
    'Content-Signal (B2) and Content-Usage disagree: Content-Usage {key}={value} vs Content-Signal {signalKey}={signalValue}. ' +
    'Readers that combine statements apply the most restrictive one; make them say the same.',
  'B5/signals-agree': 'Content-Signal (B2) and Content-Usage both present and consistent: keep both, each is read by its own readers.',
  'B5/lighthouse-flags': toolFlagsTemplateFor('content-usage'),
  'B5/signal-only':
    "Content-Signal (B2) is present: it is Cloudflare's yes/no vocabulary, not the IETF one. Publishing both is fine (train-ai ↔ ai-train, ai-use ↔ " +
    'ai-input, search ↔ search).',
  'B5/search-overrides': `robots.txt line {line} ({prefs}): ${SEARCH_OVERRIDES}.`,
  'B5/search-overrides-header': `Content-Usage header ({prefs}): ${SEARCH_OVERRIDES}.`,
} as const;
type B5Advisory = keyof typeof ADVISORIES;

/** Each statement: a robots.txt line (its number) or the header (null). */
interface Statement {
  line: number | null;
  h: ContentUsageHeader;
}

/** The non-scoring notes on what robots.txt and the header state (labels, parse errors, Content-Signal, tools). */
function statementNotes(robots: RobotsArtifact, lines: UsageLine[], header: ContentUsageHeader | null, headerValid: boolean) {
  const advisories: Array<SubFinding<B5Advisory>> = [];
  const statements: Statement[] = [...lines.map((l) => ({ line: l.line, h: l.preference })), ...(header ? [{ line: null, h: header }] : [])];
  const older = [...new Set(statements.flatMap((s) => s.h.olderLabels))];
  if (older.length) advisories.push({ code: older.length > 1 ? 'B5/older-labels' : 'B5/older-label', data: { labels: older.join(', ') } });
  // Each label with the statement that gave it (a robots.txt line or the header), once.
  const unknownValues = new Map(statements.flatMap((s) => s.h.unknownValues.map((label) => [`${label} ${s.line}`, { label, line: s.line }] as const)));
  if (unknownValues.size) {
    advisories.push({ code: 'B5/unknown-values', data: placedLabelsData([...unknownValues.values()].slice(0, 5), 'Content-Usage') });
  }
  const ignored = [...new Set(statements.flatMap((s) => s.h.ignoredLabels))];
  if (ignored.length) advisories.push({ code: 'B5/ignored-labels', data: { labels: ignored.slice(0, 8).join(', ') } });
  const broken = lines.filter((l) => l.preference.parseError);
  if (broken.length) {
    const brokenLines = broken
      .slice(0, 5)
      .map((l) => l.line)
      .join(', ');
    advisories.push({ code: 'B5/robots-not-dictionary', data: { lines: brokenLines, error: broken[0].preference.parseError! } });
  }
  if ([...lines.map((l) => l.raw), header?.raw ?? ''].some((v) => /=\s*"?(yes|no)"?\b/i.test(v))) advisories.push({ code: 'B5/yes-no-values' });
  if (header?.parseError && lines.some((l) => l.valid))
    advisories.push({ code: 'B5/header-not-dictionary', data: { raw: headerRaw(header), error: header.parseError } });
  const disagree = conflicts(robots, lines, header);
  if (disagree.length) advisories.push(...disagree.map((c) => ({ code: 'B5/signals-disagree' as const, data: { ...c } })));
  else if (prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).some((l) => l.valid) && (lines.some((l) => l.valid) || headerValid)) {
    advisories.push({ code: 'B5/signals-agree' });
  }
  // Tools disagree: Lighthouse's SEO audit fails on a Content-Usage line the attachment draft defines.
  const flagged = robots.found ? toolFlagsData(lighthouseUnknownDirectives(robots.text), ['content-usage']) : null;
  if (flagged) advisories.push({ code: 'B5/lighthouse-flags', data: { directives: flagged.directives } });
  return { advisories, statements };
}

/** What robots.txt and the header say, as every outcome past "nothing stated" words it. */
const OBSERVED = '{seen:probe}; {lines} Content-Usage line(s): {findings}.';

export const b5ContentUsage = defineCheck<ContentUsageArtifact>()({
  meta: {
    id: 'B5',
    name: 'IETF AI preferences (Content-Usage)',
    dimension: 'bot_access',
    requests: [ROBOTS_REQUEST],
    tier: 'bonus',
    weight: 1,
    specUrls: SPEC,
    standards: ['aiprefVocab', 'aiprefAttach', 'rfc9309'],
    summary:
      'An IETF AI-preferences statement (draft-ietf-aipref-vocab-08: train-ai, ai-use, search = y|n; search applies to search applications whatever the ' +
      'other two say; any other label is ignored), sent as the `Content-Usage` response header of the page or as a `Content-Usage:` line in ' +
      'robots.txt (a Structured Fields dictionary, draft-ietf-aipref-attach). Extra credit: the drafts are not final.',
    why:
      'The IETF AI Preferences working group is standardising how sites state AI usage preferences; publishing them now costs one header and is read ' +
      'by early adopters.',
    remediation:
      'Send `Content-Usage: train-ai=n, search=y` (your own choice of y/n) as a response header; a `Content-Usage:` line in robots.txt says the same ' +
      "but Lighthouse's robots-txt audit flags it.",
    remedies: {
      'B5/send-sf-dictionary':
        'Send the header as a Structured Fields dictionary of tokens, e.g. `Content-Usage: train-ai=n, search=y` (lower-case labels train-ai, ' +
        'ai-use and search, bare y/n).',
      'B5/state-preferences':
        'State train-ai, ai-use and/or search with the token y or n, e.g. `Content-Usage: train-ai=n, search=y`, preferably as a response header.',
    },
    codes: {
      'B5/no-robots': 'no robots.txt and no Content-Usage header, so no preference',
      'B5/missing': 'no Content-Usage line in robots.txt and no Content-Usage header',
      'B5/invalid':
        'no Content-Usage line states a train-ai, ai-use or search preference (token y or n), and no valid header; labels outside the current ' +
        'vocabulary (bots, train-genai) are ignored',
      'B5/header-invalid':
        'the Content-Usage header states no preference (not a Structured Fields dictionary, or no train-ai/ai-use/search with the token y or n; other ' +
        'labels are ignored), and robots.txt has no valid line',
      'B5/ok': 'a train-ai, ai-use or search preference in the Content-Usage response header or in robots.txt',
    },
    messages: {
      'B5/ok': `${OBSERVED} Vocabulary: ${VOCAB_READ}.`,
      'B5/no-robots': '{seen:probe}: no robots.txt, and the page sends no Content-Usage header.',
      'B5/missing': '{seen:probe}: no Content-Usage line, and the page sends no Content-Usage header (extra credit only).',
      'B5/invalid': `${OBSERVED} No line states a preference (categories: ${AIPREF_CATEGORIES.join(', ')}, each the token y or n).`,
      'B5/header-invalid': `${OBSERVED} No valid preference (categories: ${AIPREF_CATEGORIES.join(', ')}, each the token y or n).`,
    },
    findings: FINDINGS,
    // The site's own words (a line or header as written, the group's User-agent values, labels) and the parser's message.
    quoted: ['raw', 'agents', 'error', 'labels', 'directives'],
    advisories: ADVISORIES,
  },
  async gather(ctx) {
    return { robots: await ctx.robots(), page: ctx.page() };
  },
  evaluate({ robots, page }) {
    const res = robots.probe;
    const probes = [res];
    const seen = probeData(res, new URL(res.requestedUrl).origin);
    const rawHeader = page.headers['content-usage'];
    const header = rawHeader !== undefined ? readContentUsage(rawHeader) : null;
    if (header) probes.push(page);
    const headerValid = !!header && Object.keys(header.preferences).length > 0;
    const lines = robots.found ? usageLines(robots) : [];
    const { advisories, statements } = statementNotes(robots, lines, header, headerValid);
    const observed = { ...seen, lines: lines.length };
    const findings = observedFindings(lines, header);
    if (!lines.some((l) => l.valid) && !headerValid) {
      const signalOnly = prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).some((l) => l.valid);
      if (signalOnly) advisories.push({ code: 'B5/signal-only' });
      if (header) {
        return {
          status: 'fail',
          code: 'B5/header-invalid',
          data: observed,
          findings,
          remedy: 'B5/send-sf-dictionary',
          advisories,
          probes,
        };
      }
      if (!robots.found) return { status: 'fail', code: 'B5/no-robots', data: seen, advisories, probes };
      if (!lines.length) return { status: 'fail', code: 'B5/missing', data: seen, advisories, probes };
      return {
        status: 'fail',
        code: 'B5/invalid',
        data: observed,
        findings,
        remedy: 'B5/state-preferences',
        advisories,
        probes,
      };
    }
    // Section 4.3: a search preference beside a different train-ai/ai-use value is not a contradiction; say why.
    const overriding = statements.find((s) => {
      const p = s.h.preferences;
      return p.search && ((p['train-ai'] && p['train-ai'] !== p.search) || (p['ai-use'] && p['ai-use'] !== p.search));
    });
    if (overriding) {
      const prefs = describePreferences(overriding.h);
      advisories.push(
        overriding.line === null
          ? { code: 'B5/search-overrides-header', data: { prefs } }
          : { code: 'B5/search-overrides', data: { line: overriding.line, prefs } },
      );
    }
    const where = [headerValid && 'the Content-Usage response header', lines.some((l) => l.valid) && 'robots.txt'].filter(Boolean).join(' and ');
    return {
      status: 'pass',
      code: 'B5/ok',
      data: observed,
      findings,
      matched: `IETF AIPREF vocabulary (${VOCAB_READ}) attached in ${where} (${ATTACH_READ})`,
      advisories,
      probes,
      details: {
        header: header ? { preferences: header.preferences, parseError: header.parseError, ignored: [...header.olderLabels, ...header.ignoredLabels] } : null,
        robotsLines: lines.filter((l) => l.valid).length,
      },
    };
  },
  fixGuide(fx) {
    // The header first: no tool flags it. The robots.txt line is the same statement, at the cost of
    // Lighthouse's robots-txt audit (robots-tool-flags.ts), said where it is offered.
    // The preferences are the owner's decision: written only from the owner's answer, else an example.
    const own = givenPreferences(fx, 'contentUsage') as ContentUsageValue | undefined;
    const value: ContentUsageValue = own ?? { 'train-ai': 'n', search: 'y' };
    const text = Object.entries(value)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    const origin: PublishOrigin = own ? { source: 'owner', values: [ownerValue('contentUsage', text)] } : { source: 'example', needs: ['contentUsage'] };
    return [
      ...addHeaderSteps(fx, { name: 'Content-Usage', value: text, ...origin }),
      {
        title: 'What the header says',
        body:
          `An RFC 9651 dictionary of the three categories of ${VOCAB_READ}: train-ai (training generative AI models), ai-use (input to a generative ` +
          `AI model when the page is not given to it directly by the user) and search (${SEARCH_OVERRIDES}), each the bare token y (allow) or n ` +
          `(disallow); choose your own values. Labels are lower-case; quoted "n", yes/no or labels of earlier drafts (bots, train-genai) state ` +
          `nothing. Content-Signal (B2, \`search=yes, ai-input=yes, ai-train=no\`) is Cloudflare's separate vocabulary: keep both if you like, ` +
          `saying the same thing in each.`,
      },
      ...robotsLinesSteps(
        fx,
        { purpose: 'content-usage', groups: [{ userAgents: ['*'], records: [{ field: 'Content-Usage', value }], allow: ['/'] }] },
        origin,
      ).map((step, i) =>
        i === 0
          ? {
              ...step,
              title: `Or, in robots.txt: ${step.title.charAt(0).toLowerCase()}${step.title.slice(1)}`,
              body:
                `${step.body ? `${step.body} ` : ''}The cost: ${LIGHTHOUSE_ROBOTS_AUDIT.tool} reports a Content-Usage line as "Unknown directive" ` +
                `and fails (${LIGHTHOUSE_ROBOTS_AUDIT.source}); the header above has no such cost.`,
            }
          : step,
      ),
      verifyStep(
        sh`curl -sI ${fx.origin}/ | grep -i '^content-usage'; curl -s ${fx.origin}/robots.txt | grep -i 'content-usage'`,
        'Expect `Content-Usage: train-ai=n, search=y` (your values) as a response header, or the same line under `User-agent: *` in robots.txt.',
      ),
      specStep(SPEC),
    ];
  },
});
