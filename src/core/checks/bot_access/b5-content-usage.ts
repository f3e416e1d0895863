import { defineCheck } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { robotsLinesSteps } from './robots-fix.js';
import { groupLabel, isStarGroup, prefLines, type PrefLine, type PrefVocabulary } from './robots-prefs.js';
import { CONTENT_SIGNAL_VOCAB } from './b2-content-signals.js';
import { AIPREF_CATEGORIES, AIPREF_OLDER_LABELS, describePreferences, readContentUsage, type ContentUsageHeader } from './content-usage-header.js';

const SPEC = [
  'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
  'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
];

/**
 * Usage categories of the IETF AIPREF vocabulary as attached in robots.txt: the current labels
 * (train-ai, ai-use, search) and those of earlier revisions (bots, train-genai), still accepted
 * with an advisory.
 */
export const CONTENT_USAGE_VOCAB: PrefVocabulary = {
  keys: new Set([...AIPREF_CATEGORIES, ...AIPREF_OLDER_LABELS]),
  values: new Set(['y', 'n']),
};

/** B5 reads robots.txt lines and the page's `Content-Usage` response header. */
export interface ContentUsageArtifact {
  robots: RobotsArtifact;
  page: FetchResult;
}

/** Content-Signal (B2) key and value for each AIPREF category, to compare the two vocabularies. */
const SIGNAL_OF: Record<string, string> = { 'train-ai': 'ai-train', 'ai-use': 'ai-input', search: 'search' };

function describeLine(l: PrefLine): string {
  const valid = l.pairs.filter((p) => p.valid).map((p) => `${p.key}=${p.value}`);
  return `${groupLabel(l.agents)} → ${valid.length ? valid.join(', ') : `"${excerpt(l.raw, 60)}" (not valid)`}${l.path ? ` for ${l.path}` : ''} (line ${l.line})`;
}

function describeHeader(h: ContentUsageHeader): string {
  const prefs = describePreferences(h);
  if (h.parseError) return `Content-Usage header "${excerpt(h.raw, 60)}" is not a Structured Fields Dictionary (${h.parseError}): every preference is unknown`;
  return `Content-Usage header: ${prefs || 'no y/n preference for train-ai, ai-use or search'}${h.olderLabels.length ? ` (older labels: ${h.olderLabels.join(', ')})` : ''}`;
}

/** Where Content-Signal (B2) and Content-Usage disagree on the `*` group or header. */
function conflicts(robots: RobotsArtifact, lines: PrefLine[], h: ContentUsageHeader | null): string[] {
  const signals = prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).filter((l) => isStarGroup(l.agents) || !l.agents);
  const signal = new Map(signals.flatMap((l) => l.pairs.filter((p) => p.valid).map((p) => [p.key, p.value] as const)));
  const usage = new Map<string, string>(lines.filter((l) => isStarGroup(l.agents) || !l.agents).flatMap((l) => l.pairs.filter((p) => p.valid).map((p) => [p.key, p.value] as const)));
  for (const [k, v] of Object.entries(h?.preferences ?? {})) usage.set(k, v === 'allow' ? 'y' : 'n');
  const out: string[] = [];
  for (const [key, value] of usage) {
    const other = SIGNAL_OF[key] ? signal.get(SIGNAL_OF[key]) : undefined;
    if (other && (other === 'yes') !== (value === 'y')) out.push(`Content-Usage ${key}=${value} vs Content-Signal ${SIGNAL_OF[key]}=${other}`);
  }
  return out;
}

export const b5ContentUsage = defineCheck<ContentUsageArtifact>()({
  meta: {
    id: 'B5',
    name: 'IETF AI preferences (Content-Usage)',
    dimension: 'bot_access',
    tier: 'bonus',
    weight: 1,
    specUrls: SPEC,
    standards: ['aiprefVocab', 'aiprefAttach', 'rfc9309'],
    summary:
      'An IETF AI-preferences statement (draft-ietf-aipref-vocab: train-ai, ai-use, search = y|n), attached as a `Content-Usage:` line in robots.txt or as the `Content-Usage` response header of the page (a Structured Fields dictionary, draft-ietf-aipref-attach). Extra credit: the drafts are not final.',
    why: 'The IETF AI Preferences working group is standardising how sites state AI usage preferences; publishing them now costs one line and is read by early adopters.',
    remediation: 'Add a `Content-Usage:` line (e.g. `Content-Usage: train-ai=n, search=y`) to the `User-agent: *` group of robots.txt, or send the same value as a `Content-Usage` response header.',
    codes: {
      'B5/no-robots': 'no robots.txt and no Content-Usage header, so no preference',
      'B5/missing': 'no Content-Usage line in robots.txt and no Content-Usage header',
      'B5/invalid': 'no Content-Usage line has a valid category=y|n pair (and no valid header)',
      'B5/header-invalid': 'the Content-Usage header states no preference (not a Structured Fields dictionary, or no train-ai/ai-use/search with the token y or n), and robots.txt has no valid line',
      'B5/ok': 'a valid Content-Usage preference in robots.txt or in the response header',
    },
    messages: {
      'B5/ok': '{observed}',
      'B5/no-robots': '{seen}: no robots.txt, and the page sends no Content-Usage header.',
      'B5/missing': '{seen}: no Content-Usage line, and the page sends no Content-Usage header (extra credit only).',
      'B5/invalid': '{observed} No line has a valid category=y|n pair (categories: {categories}).',
      'B5/header-invalid': '{observed} No valid preference (categories: {categories}, each the token y or n).',
    },
  },
  async gather(ctx) {
    return { robots: await ctx.robots(), page: ctx.page() };
  },
  evaluate({ robots, page }) {
    const res = robots.probe;
    const probes = [res];
    const seen = describeProbe(res, new URL(res.requestedUrl).origin);
    const rawHeader = page.headers['content-usage'];
    const header = rawHeader !== undefined ? readContentUsage(rawHeader) : null;
    if (header) probes.push(page);
    const headerValid = !!header && !header.parseError && (Object.keys(header.preferences).length > 0 || header.olderLabels.length > 0);
    const lines = robots.found ? prefLines(robots, 'content-usage', CONTENT_USAGE_VOCAB) : [];
    const categories = AIPREF_CATEGORIES.join(', ');
    const advisories: string[] = [];
    const problems = [...new Set(lines.flatMap((l) => l.pairs.map((p) => p.problem).filter((p): p is string => !!p)))];
    if (problems.length) advisories.push(`Ignored: ${problems.slice(0, 5).join('; ')}.`);
    if (lines.some((l) => l.pairs.some((p) => !p.valid && (p.value === 'yes' || p.value === 'no')))) {
      advisories.push('Content-Usage takes y/n values; yes/no belongs to Content-Signal (check B2).');
    }
    const older = [...new Set([...lines.flatMap((l) => l.pairs.filter((p) => p.valid && (AIPREF_OLDER_LABELS as readonly string[]).includes(p.key)).map((p) => p.key)), ...(header?.olderLabels.map((l) => l.split('=')[0]) ?? [])])];
    if (older.length) advisories.push(`${older.join(', ')}: label(s) of earlier vocabulary drafts; draft-ietf-aipref-vocab-08 defines ${categories}.`);
    if (header) {
      if (header.unknownValues.length) advisories.push(`Content-Usage header: ${header.unknownValues.join(', ')} without the token y or n, so unknown (quoted "n" and yes/no are not tokens y/n).`);
      if (header.ignoredLabels.length) advisories.push(`Content-Usage header: unknown label(s) ${header.ignoredLabels.join(', ')} ignored, as the draft says.`);
      if (header.parseError && lines.some((l) => l.valid)) advisories.push(describeHeader(header) + '.');
    }
    const disagree = conflicts(robots, lines, header);
    if (disagree.length) advisories.push(`Content-Signal (B2) and Content-Usage disagree: ${disagree.join('; ')}. Readers that combine statements apply the most restrictive one; make them say the same.`);
    else if (prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).some((l) => l.valid) && (lines.some((l) => l.valid) || headerValid)) {
      advisories.push('Content-Signal (B2) and Content-Usage both present and consistent: keep both, each is read by its own readers.');
    }
    const parts: string[] = [];
    if (robots.found) parts.push(lines.length ? `${seen}; ${lines.length} Content-Usage line(s): ${lines.slice(0, 6).map(describeLine).join('; ')}${lines.length > 6 ? '; …' : ''}` : `${seen}; no Content-Usage line`);
    else parts.push(`${seen}: no robots.txt`);
    if (header) parts.push(describeHeader(header));
    const observed = `${parts.join('. ')}.`;
    if (!lines.some((l) => l.valid) && !headerValid) {
      const signalOnly = prefLines(robots, 'content-signal', CONTENT_SIGNAL_VOCAB).some((l) => l.valid);
      if (signalOnly) advisories.push('Content-Signal (B2) is present: it is Cloudflare\'s yes/no vocabulary, not the IETF one. Publishing both is fine (train-ai ↔ ai-train, ai-use ↔ ai-input, search ↔ search).');
      if (header) {
        return { status: 'fail', code: 'B5/header-invalid', data: { observed, categories }, remediation: 'Send the header as a Structured Fields dictionary of tokens, e.g. `Content-Usage: train-ai=n, search=y` (lower-case labels, bare y/n).', advisories, probes };
      }
      if (!robots.found) return { status: 'fail', code: 'B5/no-robots', data: { seen }, advisories, probes };
      if (!lines.length) return { status: 'fail', code: 'B5/missing', data: { seen }, advisories, probes };
      return {
        status: 'fail',
        code: 'B5/invalid',
        data: { observed, categories },
        remediation: 'Write the preference as `category=y|n`, e.g. `Content-Usage: train-ai=n`.',
        advisories,
        probes,
      };
    }
    const where = [lines.some((l) => l.valid) && 'robots.txt', headerValid && 'the Content-Usage response header'].filter(Boolean).join(' and ');
    return {
      status: 'pass',
      code: 'B5/ok',
      data: { observed },
      matched: `IETF AIPREF vocabulary (draft-ietf-aipref-vocab-08) attached in ${where} (draft-ietf-aipref-attach-05)`,
      advisories,
      probes,
      details: { header: header ? { preferences: header.preferences, parseError: header.parseError } : null, robotsLines: lines.filter((l) => l.valid).length },
    };
  },
  fixGuide(fx) {
    return [
      ...robotsLinesSteps(fx, {
        snippet: 'User-agent: *\nContent-Usage: train-ai=n, search=y\nAllow: /\n',
        rulesOnly: false,
        nuxtConfig: `{\n    groups: [\n      { userAgent: ['*'], allow: ['/'], contentUsage: { 'train-ai': 'n', search: 'y' } },\n    ],\n  }`,
        squarespace: 'Squarespace cannot add Content-Usage lines; only a proxy in front of the site can.',
        cloudflare: 'Cloudflare\'s managed robots.txt writes Content-Signal (B2), not Content-Usage; add the Content-Usage line to your own robots.txt, which Cloudflare keeps below its managed block.',
      }),
      {
        title: 'Or send it as a response header',
        body: 'The same statement can be attached to each response as `Content-Usage: train-ai=n, search=y` (an RFC 9651 dictionary: lower-case labels, bare tokens y or n; quoted "n" or yes/no leave the preference unknown). Labels: train-ai, ai-use, search. Content-Signal (B2, `search=yes, ai-input=yes, ai-train=no`) is Cloudflare\'s separate vocabulary: keep both if you like, saying the same thing in each.',
        code: 'Content-Usage: train-ai=n, search=y\n',
        lang: 'http',
      },
      verifyStep(`curl -s ${fx.origin}/robots.txt | grep -i 'content-usage'; curl -sI ${fx.origin}/ | grep -i '^content-usage'`, 'Expect a line such as `Content-Usage: train-ai=n` under `User-agent: *`, or the same as a response header.'),
      specStep(SPEC),
    ];
  },
});
