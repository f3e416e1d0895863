/** Cloudflare: a Worker route serves a file, a Transform Rule sets a header; in front of any origin. */
import { cloudflareWorker, transformRuleStep } from './shared.js';
import type { FixStep } from '../../schema.js';
import type { RobotsPurpose } from '../robots-rules.js';
import type { HostHooks, PlatformPack } from './types.js';
import { headerHost, staticFile } from './project-shape.js';
import { STRONG, type Signal } from '../../platform/signals.js';

/** How the detector knows Cloudflare (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'cf-ray', weight: STRONG, label: 'cf-ray' },
  { kind: 'header', name: 'server', pattern: /cloudflare/i, weight: STRONG, label: 'server: cloudflare' },
];

/** What Cloudflare's managed robots.txt (AI Crawl Control) does for each purpose of robots.txt lines. */
const MANAGED_ROBOTS: Record<RobotsPurpose, string> = {
  'ai-crawlers':
    'With Cloudflare in front of the site, the managed robots.txt setting (AI Crawl Control in the dashboard) ' +
    'prepends AI crawler groups and a Content-Signal line to your file; check that it does not block the answer ' +
    'engines you want.',
  'content-signal':
    "Cloudflare's managed robots.txt (AI Crawl Control in the dashboard) prepends the Content Signals Policy and " +
    '`Content-Signal: search=yes,ai-train=no` to your robots.txt; add `ai-input=yes` yourself if you want AI ' +
    'answers to use your content.',
  'content-usage':
    "Cloudflare's managed robots.txt writes Content-Signal, not Content-Usage; add the Content-Usage line to your " +
    'own robots.txt, which Cloudflare keeps below its managed block.',
  'robots-file':
    "Cloudflare's managed robots.txt (AI Crawl Control → Manage robots.txt) serves a robots.txt with AI rules even where the platform's own file falls short.",
};

/** The step offering Cloudflare's managed robots.txt for `purpose` (also offered by platforms whose own file cannot be edited). */
export function managedRobotsStep(purpose: RobotsPurpose): FixStep {
  return { title: 'Or let Cloudflare manage robots.txt', body: MANAGED_ROBOTS[purpose] };
}

const hostHooks: HostHooks = {
  // Markdown for Agents is a zone setting: in front of any platform it comes first (no code).
  markdownNegotiation: (fx, steps, edge) => (steps.includes(edge) ? steps : [edge, ...steps].slice(0, 3)),
  // Its managed robots.txt (AI Crawl Control) is one more way, after the platform's.
  // Its bot management is where verified agents are let through (replaces the neutral WAF step).
  botProtection: (fx, [, ...rest]) => [
    {
      title: 'Allow verified bots and signed agents in Cloudflare',
      body:
        'Security → Bots: keep verified bots allowed, and in AI Crawl Control allow the AI crawlers and agents you ' +
        'want. Signed agents (Web Bot Auth) can be recognised without CAPTCHAs.',
    },
    ...rest,
  ],
  robotsLines: (fx, steps, { purpose }) => {
    const managed = managedRobotsStep(purpose);
    return steps.some((s) => s.body === managed.body) ? steps : [...steps, managed];
  },
};

export const cloudflare = {
  id: 'cloudflare',
  label: 'Cloudflare',
  // Last: a CDN in front of an origin whose own server (detected beside it) holds the files.
  hostingRank: 10,
  hostSignals,
  serveFile: ({ spec, create }) => [create, { title: 'Serve it from a Cloudflare Worker route', code: cloudflareWorker(spec), lang: 'js' }],
  addHeader: ({ name, value, path }) => [transformRuleStep('Add the header with a Cloudflare Transform Rule', name, value, path)],
  hostHooks,
  // Cloudflare Pages reads _headers in the static folder; a CDN in front of any origin, so a host that builds the files comes first.
  headerHost: headerHost({
    id: 'cloudflare-pages',
    label: 'Cloudflare Pages',
    specificity: 0,
    files: [{ path: staticFile('_headers'), format: 'headers-text' }],
  }),
  hostNotes: {
    userAgentBlock: {
      step: (names) => ({
        title: 'Find the Cloudflare rule that refuses them',
        body:
          `Security → Bots: "Block AI bots" and Bot Fight Mode refuse AI crawlers whatever robots.txt ` +
          `says; AI Crawl Control shows per-crawler Allow/Block (set ${names} to Allow). Then Security → WAF → Custom ` +
          `rules: look for expressions on http.user_agent or cf.verified_bot_category that match them. Security → Events ` +
          `lists the blocked requests with the rule that fired.`,
      }),
    },
  },
} satisfies PlatformPack;
