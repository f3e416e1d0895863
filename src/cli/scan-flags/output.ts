/** How the report is written: its format, where it goes, and how much of it. */
import { FORMAT_NAMES } from '../../format/names.js';
import { defineFlag } from './define.js';

export const format = defineFlag({
  name: 'format',
  option: '-f, --format <format>',
  help: `${FORMAT_NAMES.join(' | ')} (default: pretty)`,
  value: ({ z }) => z.enum(FORMAT_NAMES),
  fromText: (text) => text.toLowerCase(),
  config: true,
  default: 'pretty',
});

export const json = defineFlag({
  name: 'json',
  option: '--json',
  help: 'same as --format json',
  value: ({ z }) => z.boolean(),
  default: false,
});

export const output = defineFlag({
  name: 'output',
  option: '-o, --output <file>',
  help: 'write the report to a file instead of stdout',
  value: ({ z }) => z.string().min(1),
  config: true,
});

export const markdownSummary = defineFlag({
  name: 'markdownSummary',
  option: '--markdown-summary <file>',
  help: 'also write the markdown summary to a file (for PR comments)',
  value: ({ z }) => z.string(),
});

export const badge = defineFlag({
  name: 'badge',
  option: '--badge <file>',
  help: 'also write an SVG badge (score and grade, in the grade colour) for a README',
  value: ({ z }) => z.string(),
});

export const verbose = defineFlag({
  name: 'verbose',
  option: '--verbose',
  help: 'every fix guide in full, the whole evidence, and every probe behind every check (URL, status, content type, headers)',
  value: ({ z }) => z.boolean(),
  default: false,
});

export const summary = defineFlag({
  name: 'summary',
  option: '--summary',
  help: 'pretty report: score, dimensions and the top fixes only',
  value: ({ z }) => z.boolean(),
  default: false,
});

export const color = defineFlag({
  name: 'color',
  option: '--no-color',
  help: 'plain text without colour or animation (also NO_COLOR=1 or CI=true)',
  value: ({ z }) => z.boolean(),
  default: true,
});
