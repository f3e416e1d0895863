/**
 * Data carries values, not sentences (issue 39), for every outcome of the capability case tables:
 * the corpus holds the codes it meets to the rule, and these tables reach the codes it does not.
 */
import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../../../../src/core/schema.js';
import { ORIGIN } from '../../../helpers/responses.js';
import { proseInData } from '../../../helpers/data-prose.js';
import { capabilityTables } from '../tables/capabilities.js';
import { renderedTables } from '../tables/rendered.js';
import type { CheckTable } from '../../../helpers/check-tester.js';

describe('capability checks: data holds values', () => {
  // The rendered tables hold A7 with its rendered hook and A11, which the corpus never renders.
  const tables = [...capabilityTables, ...renderedTables.filter((t) => t.check.meta.dimension === 'capabilities')] as CheckTable[];
  for (const { check, cases } of tables) {
    it(`${check.meta.id} (${check.meta.name}): every table case`, () => {
      const prose: string[] = [];
      for (const c of [...cases.valid, ...cases.invalid]) {
        const artifact = typeof c.artifact === 'function' ? c.artifact() : c.artifact;
        const o = check.evaluate(artifact, { origin: ORIGIN, pageUrl: `${ORIGIN}/`, ...c.ctx });
        const result = { ...o, id: check.meta.id } as unknown as CheckResult;
        prose.push(...proseInData([result], () => check.meta.quoted ?? []));
      }
      expect(prose).toEqual([]);
    });
  }
});
