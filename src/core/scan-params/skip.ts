/** `skip`: leave these checks (ids or dimension names) out. The CLI's `--skip`. */
import { checkSelectors, settleCheckIds } from './check-ids.js';
import { defineScanParam, toList } from './define.js';

export const skip = defineScanParam({
  key: 'skip',
  schema: checkSelectors,
  example: ['commerce'],
  cli: {
    option: '--skip <ids>',
    help: 'check ids (see `ai-ready rubric`) or dimensions to leave out, comma separated (e.g. commerce)',
    schema: (z) => z.array(z.string().min(1)),
    fromText: toList,
    settle: (ids, spelling) => settleCheckIds(spelling, ids),
  },
});
