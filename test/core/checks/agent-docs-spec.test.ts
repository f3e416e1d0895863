/**
 * agent-docs-spec 0.6.0's five new checks, end to end: each loopback docs site of
 * test/fixtures/agent-docs-sites.mjs is scanned at /docs/guide by the real engine, and C2, C3 and
 * B4 give the advisories and codes the variant names (bench/afdocs.mjs runs afdocs on the same
 * sites). The verdicts of C2 and C3 do not move: the five readings are advisories there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../../../src/core/scan.js';
import { AGENT_DOCS_PAGE, AGENT_DOCS_VARIANTS } from '../../fixtures/agent-docs-sites.mjs';
import { startFixture, type FixtureSite } from '../../helpers/fixture-server.js';
import { checkOf } from '../../helpers/scan-sites.js';

const open: FixtureSite[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

const SPEC_CODES =
  /^C[23]\/(root-relative-links|path-relative-links|paginated-fragile|paginated-broken|paginated-unresolvable|paginated-dead-continuation|large-transfer|oversized-transfer|bulk-data|bulk-data-oversized)$/;

describe('agent-docs-spec 0.6.0 on loopback docs sites', () => {
  for (const [name, variant] of Object.entries(AGENT_DOCS_VARIANTS)) {
    it(`${name}: ${variant.about}`, { timeout: 60_000 }, async () => {
      const site = await startFixture((s) => variant.site(s.origin));
      open.push(site);
      const scanning = scan(`${site.origin}${AGENT_DOCS_PAGE}`, { only: ['C2', 'C3', 'B4'], timeoutMs: 2_000 });
      if (variant.expect.scanError) {
        await expect(scanning).rejects.toThrow(variant.expect.scanError);
        return;
      }
      const result = await scanning;
      const codesOf = (id: string) => (checkOf(result, id).advisoryFindings ?? []).map((a) => a.code).filter((c) => SPEC_CODES.test(c));
      if (variant.expect.C2) expect(codesOf('C2')).toEqual(variant.expect.C2);
      if (variant.expect.C3) expect(codesOf('C3')).toEqual(variant.expect.C3);
      expect(checkOf(result, 'B4').code).toBe(variant.expect.B4);
      if (variant.expect.C2 && name !== 'challenge-200') expect(checkOf(result, 'C2').status).toBe('pass');
      if (variant.expect.C3 && name !== 'challenge-200') expect(checkOf(result, 'C3').code).toBe('C3/ok');
      if (name.startsWith('paginated')) {
        // The continuation was followed once, as an agent would.
        expect(site.requests.filter((r) => r.path === '/docs/guide.md').length).toBe(2);
      }
    });
  }
});
