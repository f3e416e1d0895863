/** `only`: run only these checks (ids or dimension names), a partial scan. The CLI's `--only`; MCP's check_site `checks`. */
import { checkSelectors, settleCheckIds, toolCheckIds } from './check-ids.js';
import { defineScanParam, toList } from './define.js';

export const only = defineScanParam({
  key: 'only',
  schema: checkSelectors,
  example: ['capabilities', 'content'],
  mcp: {
    tools: ['check_site'],
    name: 'checks',
    required: true,
    schema: (z) => z.array(z.string().min(1).max(40)).min(1).max(50).describe('Check ids (as get_rubric lists them) or dimension names like "content"'),
    read: (ids: string[]) => toolCheckIds(ids),
  },
  cli: {
    option: '--only <ids>',
    help: 'run only these checks or dimensions, comma separated',
    schema: (z) => z.array(z.string().min(1)),
    fromText: toList,
    settle: (ids, spelling) => settleCheckIds(spelling, ids),
  },
});
