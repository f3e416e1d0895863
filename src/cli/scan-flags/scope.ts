/** How long one scan may take. The parameters of what a scan covers (profile, pages, render, ...) are flags built from their declarations (params.ts). */
import { defineFlag, toNumber } from './define.js';

export const timeout = defineFlag({
  name: 'timeout',
  option: '--timeout <seconds>',
  help: 'whole-scan deadline per site, in seconds (default: 45)',
  value: ({ z }) => z.number().min(1).max(600),
  fromText: toNumber,
  config: true,
  default: 45,
});
