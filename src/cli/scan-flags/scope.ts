/** What one scan covers: its profile, the pages sampled, the browser, the deadline (core/scan-params.ts holds the shared schemas). */
import { PROFILE_CHOICES } from '../../core/vocabulary.js';
import { DEFAULT_SCAN_PAGES, MAX_SCAN_PAGES } from '../../core/scope.js';
import { defineFlag, toNumber } from './define.js';

export const profile = defineFlag({
  name: 'profile',
  option: '--profile <profile>',
  help: `${PROFILE_CHOICES.join(' | ')} (default: auto)`,
  value: ({ params }) => params.ScanProfile,
  fromText: (text) => text.toLowerCase(),
  config: true,
  default: 'auto',
});

export const pages = defineFlag({
  name: 'pages',
  option: '--pages <n>',
  help: `pages sampled per site for the page-level checks, the target included: 1-${MAX_SCAN_PAGES} (default: ${DEFAULT_SCAN_PAGES}; 1 = this page only)`,
  value: ({ params }) => params.CliPages,
  fromText: toNumber,
  config: true,
  default: DEFAULT_SCAN_PAGES,
});

export const render = defineFlag({
  name: 'render',
  option: '--render',
  help:
    'also load the pages in headless Chrome/Chromium (AI_READY_CHROME or PATH): WebMCP tools registered at run ' +
    'time, the text scripts add, rendered JSON-LD and hints, agent operability; see docs/render.md',
  value: ({ params }) => params.ScanRender,
  config: true,
  default: false,
});

export const timeout = defineFlag({
  name: 'timeout',
  option: '--timeout <seconds>',
  help: 'whole-scan deadline per site, in seconds (default: 45)',
  value: ({ z }) => z.number().min(1).max(600),
  fromText: toNumber,
  config: true,
  default: 45,
});
