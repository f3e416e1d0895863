/** Which checks run. Ids are checked against the registry, which loads only when ids are given. */
import { DIMENSIONS } from '../../core/vocabulary.js';
import { checkIds } from './check-ids.js';
import { defineFlag, toList } from './define.js';

export const skip = defineFlag({
  name: 'skip',
  option: '--skip <ids>',
  help: 'check ids (see `ai-ready rubric`) or dimensions to leave out, comma separated (e.g. commerce)',
  value: ({ z }) => z.array(z.string().min(1)),
  fromText: toList,
  config: true,
  settle: (ids, spelling) => checkIds(spelling, ids, DIMENSIONS),
});

export const only = defineFlag({
  name: 'only',
  option: '--only <ids>',
  help: 'run only these checks or dimensions, comma separated',
  value: ({ z }) => z.array(z.string().min(1)),
  fromText: toList,
  config: true,
  settle: (ids, spelling) => checkIds(spelling, ids, DIMENSIONS),
});
