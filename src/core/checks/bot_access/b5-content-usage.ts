import { defineCheck } from '../types.js';
import type { RobotsArtifact } from '../../gather/robots.js';
import { describeProbe, excerpt } from '../../gather/classify.js';
import { verifyStep, specStep } from '../../fixes/platform-steps.js';
import { robotsLinesSteps } from './robots-fix.js';
import { groupLabel, prefLines, type PrefLine, type PrefVocabulary } from './robots-prefs.js';

const SPEC = [
  'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
  'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
];

/** Usage categories of the IETF AIPREF vocabulary drafts (labels as attached in robots.txt). */
export const CONTENT_USAGE_VOCAB: PrefVocabulary = {
  keys: new Set(['bots', 'train-ai', 'train-genai', 'search', 'ai-use']),
  values: new Set(['y', 'n']),
};

function describeLine(l: PrefLine): string {
  const valid = l.pairs.filter((p) => p.valid).map((p) => `${p.key}=${p.value}`);
  return `${groupLabel(l.agents)} → ${valid.length ? valid.join(', ') : `"${excerpt(l.raw, 60)}" (not valid)`}${l.path ? ` for ${l.path}` : ''} (line ${l.line})`;
}

export const b5ContentUsage = defineCheck<RobotsArtifact>()({
  meta: {
    id: 'B5',
    name: 'IETF AI preferences (Content-Usage)',
    dimension: 'bot_access',
    tier: 'bonus',
    weight: 1,
    specUrls: SPEC,
    standards: ['aiprefVocab', 'aiprefAttach', 'rfc9309'],
    summary: 'A `Content-Usage: train-ai=n` style line in robots.txt, the IETF AIPREF vocabulary (y/n values). Extra credit: the drafts are not final.',
    why: 'The IETF AI Preferences working group is standardising how sites state AI usage preferences; publishing them now costs one line and is read by early adopters.',
    remediation: 'Add a `Content-Usage:` line (e.g. `Content-Usage: train-ai=n, search=y`) to the `User-agent: *` group of robots.txt.',
    codes: {
      'B5/no-robots': 'no robots.txt, so no Content-Usage line',
      'B5/missing': 'no Content-Usage line',
      'B5/invalid': 'no Content-Usage line has a valid category=y|n pair',
      'B5/ok': 'a valid Content-Usage preference',
    },
    messages: {
      'B5/ok': '{observed}',
      'B5/no-robots': '{seen}: no robots.txt, so no Content-Usage line.',
      'B5/missing': '{seen}: no Content-Usage line (extra credit only).',
      'B5/invalid': '{observed} No line has a valid category=y|n pair (categories: {categories}).',
    },
  },
  gather: (ctx) => ctx.robots(),
  evaluate(robots) {
    const res = robots.probe;
    const probes = [res];
    const seen = describeProbe(res, new URL(res.requestedUrl).origin);
    if (!robots.found) return { status: 'fail', code: 'B5/no-robots', data: { seen }, probes };
    const lines = prefLines(robots, 'content-usage', CONTENT_USAGE_VOCAB);
    if (!lines.length) return { status: 'fail', code: 'B5/missing', data: { seen }, probes };
    const evidence = `${seen}; ${lines.length} Content-Usage line(s): ${lines.slice(0, 6).map(describeLine).join('; ')}${lines.length > 6 ? '; …' : ''}.`;
    const problems = [...new Set(lines.flatMap((l) => l.pairs.map((p) => p.problem).filter((p): p is string => !!p)))];
    const advisories = problems.length ? [`Ignored: ${problems.slice(0, 5).join('; ')}.`] : [];
    if (lines.some((l) => l.pairs.some((p) => !p.valid && (p.value === 'yes' || p.value === 'no')))) {
      advisories.push('Content-Usage takes y/n values; yes/no belongs to Content-Signal (check B2).');
    }
    if (!lines.some((l) => l.valid)) {
      return {
        status: 'fail',
        code: 'B5/invalid',
        data: { observed: evidence, categories: [...CONTENT_USAGE_VOCAB.keys].join(', ') },
        remediation: 'Write the preference as `category=y|n`, e.g. `Content-Usage: train-ai=n`.',
        advisories,
        probes,
      };
    }
    return { status: 'pass', code: 'B5/ok', data: { observed: evidence }, matched: 'IETF AIPREF vocabulary (draft-ietf-aipref-vocab) attached in robots.txt', advisories, probes };
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
      verifyStep(`curl -s ${fx.origin}/robots.txt | grep -i 'content-usage'`, 'Expect a line such as `Content-Usage: train-ai=n` under `User-agent: *`.'),
      specStep(SPEC),
    ];
  },
});
