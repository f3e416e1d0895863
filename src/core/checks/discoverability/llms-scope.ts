/**
 * The advisories D3 (Link header) and D6 (in-page hints) give when a rel="describedby" link names
 * an llms.txt other than the one covering the page (llmstxt.org v2): one wording for both checks,
 * each under its own code.
 */
import type { DescribedbyScope } from '../../gather/llms-txt.js';
import type { SubFinding } from '../types.js';

/** The templates, by the kind of mismatch the gather module found. */
export const DESCRIBEDBY_SCOPE_TEMPLATES = {
  'not-covering': 'The rel="describedby" link names {target}, which does not cover {page} (llmstxt.org v2: an llms.txt covers the pages under its path).',
  'less-specific':
    'The rel="describedby" link names {target}, but {specific} also covers {page} and is more specific (llmstxt.org v2: the most specific file applies).',
} as const;

/** The advisory code of a mismatch: `<id>/describedby-<kind>`. */
export type DescribedbyScopeCode<Id extends string> = `${Id}/describedby-${DescribedbyScope['kind']}`;

/** The advisory of each mismatch, under the codes of check `id`. */
export function describedbyScopeAdvisories<Id extends string>(id: Id, scope: readonly DescribedbyScope[]): Array<SubFinding<DescribedbyScopeCode<Id>>> {
  return scope.map(({ kind, ...data }) => ({ code: `${id}/describedby-${kind}` as DescribedbyScopeCode<Id>, data }));
}
