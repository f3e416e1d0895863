/** The CI gates: what makes `ai-ready scan` exit 1 (cli/thresholds.ts applies them). */
import { DIMENSIONS, GRADES } from '../../core/vocabulary.js';
import { TIER_NAMES } from '../thresholds.js';
import { UsageError } from '../usage-error.js';
import { checkIds } from './check-ids.js';
import { defineFlag, toList, toNumber } from './define.js';

export const minGrade = defineFlag({
  name: 'minGrade',
  option: '--min-grade <grade>',
  help: 'exit 1 when the grade is below A-F',
  value: ({ z }) => z.enum(GRADES),
  fromText: (text) => text.toUpperCase(),
  config: true,
});

export const minScore = defineFlag({
  name: 'minScore',
  option: '--min-score <score>',
  help: 'exit 1 when the score is below 0-100',
  value: ({ z }) => z.number().min(0).max(100),
  fromText: toNumber,
  config: true,
});

export const minLevel = defineFlag({
  name: 'minLevel',
  option: '--min-level <level>',
  help: 'exit 1 when the level is below 0-5',
  value: ({ z }) => z.number().int().min(0).max(5),
  fromText: toNumber,
  config: true,
});

/** `bot_access=80,content=60` on the command line; `{"bot_access": 80}` in the config file. */
export const minDimension = defineFlag({
  name: 'minDimension',
  option: '--min-dimension <dim=score>',
  help: 'exit 1 when an applicable dimension scores below, e.g. bot_access=80,content=60',
  value: ({ z }) => z.partialRecord(z.enum(DIMENSIONS), z.number().min(0).max(100)),
  fromText: (text) =>
    Object.fromEntries(
      toList(text).map((pair) => {
        const [name, score] = pair.split('=').map((x) => x.trim());
        if (score === undefined) throw new UsageError(`--min-dimension takes dimension=score pairs, e.g. bot_access=80 (got "${pair}")`);
        return [name.toLowerCase(), toNumber(score)];
      }),
    ),
  config: true,
});

export const failOn = defineFlag({
  name: 'failOn',
  option: '--fail-on <ids>',
  help: 'exit 1 when any listed check, or any check of a listed tier (essential, recommended, bonus), fails',
  value: ({ z }) => z.array(z.string().min(1)),
  fromText: toList,
  config: true,
  settle: (ids, spelling) => checkIds(spelling, ids, TIER_NAMES),
});
