/** What is scanned: the URLs of the config file (the command line's are its arguments) or a list. */
import { defineFlag } from './define.js';

export const input = defineFlag({
  name: 'input',
  option: '-i, --input <file>',
  help: 'read URLs from a file, one per line ("-" reads stdin)',
  value: ({ z }) => z.string(),
});

/** Config only: URLs typed on the command line are the command's arguments. */
export const urls = defineFlag({
  name: 'urls',
  value: ({ z }) => z.array(z.string().min(1)).describe('URLs scanned when none are given on the command line'),
  config: true,
  default: [] as string[],
});
