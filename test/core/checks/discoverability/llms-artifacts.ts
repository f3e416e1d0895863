/** llms.txt fixtures shared by the D4, D5 and llms.txt reader tests: a well-formed file, and artifacts built from probes. */
import { llmsFileState, parseLlmsTxt, type LlmsArtifact, type LlmsCandidate } from '../../../../src/core/gather/llms-txt.js';
import type { FetchResult } from '../../../../src/core/net/http.js';

/** A well-formed llms.txt: H1, blockquote, prose, a Docs section and an Optional one. */
export const GOOD = `# Example Co

> Refurbished laptops in the EU.

Catalog pages are authoritative.

## Docs
- [Shipping](https://site.test-fixture.dev/shipping.md): delivery times
- [Returns](/returns.md)

## Optional
- [Blog](/blog/)
`;

/** The candidate a probe of `path` makes. */
export function cand(probe: FetchResult, path = '/llms.txt'): LlmsCandidate {
  const state = llmsFileState(probe);
  return { path, probe, state, doc: state === 'document' || state === 'html-typed' ? parseLlmsTxt(probe.text) : null };
}
/** The artifact of these candidates: it chooses the first document, else a parsed file, an empty one, the last. */
export function art(cands: LlmsCandidate[], extra: Partial<LlmsArtifact> = {}, file = 'llms.txt'): LlmsArtifact {
  const chosen = cands.find((c) => c.state === 'document') ?? cands.find((c) => c.doc) ?? cands.find((c) => c.state === 'empty') ?? cands[cands.length - 1];
  return { file, candidates: cands, chosen, linkChecks: [], uncheckedLinks: 0, ...extra };
}
