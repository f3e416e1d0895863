/** Vercel: public/ is served as-is; headers in vercel.json. */
import { publishStatic, vercelHeader } from './shared.js';
import type { PlatformHooks, PlatformPack } from './types.js';
import { headerHost } from './project-shape.js';
import { STRONG, type Signal } from '../../platform/signals.js';

const hooks: PlatformHooks = {
  markdownNegotiation(fx, edge) {
    return [
      { title: 'Build a .md twin of every page', body: 'Emit /index.md, /about.md, ... next to the HTML at build time.' },
      {
        title: 'Rewrite on the Accept header in vercel.json',
        code: JSON.stringify(
          {
            rewrites: [{ source: '/:path*', has: [{ type: 'header', key: 'accept', value: '(?<md>.*text/markdown.*)' }], destination: '/:path*.md' }],
            headers: [
              {
                source: '/(.*).md',
                headers: [
                  { key: 'Content-Type', value: 'text/markdown; charset=utf-8' },
                  { key: 'Vary', value: 'Accept' },
                ],
              },
            ],
          },
          null,
          2,
        ),
        lang: 'json',
        body: 'This matches any Accept that mentions text/markdown; for strict q-value handling use middleware.',
      },
    ];
  },
};

/** How the detector knows Vercel (any one signal). */
const hostSignals: Signal[] = [
  { kind: 'header', name: 'x-vercel-id', weight: STRONG, label: 'x-vercel-id' },
  { kind: 'header', name: 'server', pattern: /^Vercel/i, weight: STRONG, label: 'server: Vercel' },
];

export const vercel = {
  id: 'vercel',
  label: 'Vercel',
  hostingRank: 1,
  hostSignals,
  hooks,
  serveFile: (x) => publishStatic(x, 'public', 'the folder your build publishes (often public/)'),
  addHeader: vercelHeader,
  // `ai-ready fix` writes header rules into the project's vercel.json.
  headerHost: headerHost({ id: 'vercel', specificity: 1, files: [{ path: 'vercel.json', format: 'vercel-json' }] }),
  hostNotes: {
    userAgentBlock: {
      step: (names) => ({
        title: 'Find the Vercel Firewall rule that refuses them',
        body:
          `Project → Firewall: the bot protection and "AI bots" managed rulesets, and custom rules ` +
          `matching the User-Agent. Set ${names} to be allowed, or log instead of deny; the Firewall's traffic view shows which rule fired.`,
      }),
    },
  },
} satisfies PlatformPack;
