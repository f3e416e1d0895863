/** Which config file is read (cli/config.ts reads it). */
import { defineFlag } from './define.js';

export const config = defineFlag({
  name: 'config',
  option: '--config <file>',
  help: 'config file (default: ./ai-ready.config.json when present)',
  negation: { option: '--no-config', help: 'ignore ai-ready.config.json' },
  value: ({ z }) => z.union([z.string(), z.literal(false)]),
});
