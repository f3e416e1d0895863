/** Cloudflare: a Worker route serves a file, a Transform Rule sets a header; in front of any origin. */
import { cloudflareWorker, transformRuleStep } from './shared.js';
import type { HostHooks, PlatformPack } from './types.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Cloudflare (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'cf-ray', weight: STRONG, label: 'cf-ray' },
  { kind: 'header', name: 'server', pattern: /cloudflare/i, weight: STRONG, label: 'server: cloudflare' },
];

const hostHooks: HostHooks = {
  // Markdown for Agents is a zone setting: in front of any platform it comes first (no code).
  markdownNegotiation: (fx, steps, edge) => (steps.includes(edge) ? steps : [edge, ...steps].slice(0, 3)),
  // Its managed robots.txt (AI Crawl Control) is one more way, after the platform's.
  // Its bot management is where verified agents are let through (replaces the neutral WAF step).
  botProtection: (fx, [, ...rest]) => [
    {
      title: 'Allow verified bots and signed agents in Cloudflare',
      body: 'Security → Bots: keep verified bots allowed, and in AI Crawl Control allow the AI crawlers and agents you want. Signed agents (Web Bot Auth) can be recognised without CAPTCHAs.',
    },
    ...rest,
  ],
  robotsLines: (fx, steps, spec) =>
    steps.some((s) => s.body === spec.cloudflare) ? steps : [...steps, { title: 'Or let Cloudflare manage robots.txt', body: spec.cloudflare }],
};

export const cloudflare: PlatformPack = {
  id: 'cloudflare',
  label: 'Cloudflare',
  hostSignals,
  serveFile: ({ spec, create }) => [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }],
  addHeader: ({ name, value, path }) => [transformRuleStep('Add the header with a Cloudflare Transform Rule', name, value, path)],
  hostHooks,
  hostNotes: {
    userAgentBlock: {
      step: (names) => ({
        title: 'Find the Cloudflare rule that refuses them',
        body: `Security → Bots: "Block AI bots" and Bot Fight Mode refuse AI crawlers whatever robots.txt says; AI Crawl Control shows per-crawler Allow/Block (set ${names} to Allow). Then Security → WAF → Custom rules: look for expressions on http.user_agent or cf.verified_bot_category that match them. Security → Events lists the blocked requests with the rule that fired.`,
      }),
    },
  },
};
