/**
 * The newest revisions known outside the ledger, recorded on 2026-11-29 from the git snapshots
 * (`fetch github:owner/repo`, then `git tag`, `git describe --tags`, `git tag --contains`) and, where a
 * revision is in no snapshot yet, from the archive or records that hold it. The order test reads this
 * table instead of the network. Re-record it when a snapshot is re-read.
 */
import type { KnownRevision } from '../../../src/core/standards/revision-order.js';

export const SNAPSHOT_TAGS: KnownRevision[] = [
  // ietf-wg-aipref/drafts: tags draft-ietf-aipref-vocab-00..07 (07 = 7ca0afc, 2026-08-19), attach-00..05 (05 = 7ca0afc).
  {
    repo: 'ietf-wg-aipref/drafts',
    family: 'draft-ietf-aipref-vocab',
    newest: 'draft-ietf-aipref-vocab-07',
    seenIn: 'snapshot tag',
    commit: '7ca0afc',
    seenOn: '2026-11-29',
  },
  {
    repo: 'ietf-wg-aipref/drafts',
    family: 'draft-ietf-aipref-attach',
    newest: 'draft-ietf-aipref-attach-05',
    seenIn: 'snapshot tag',
    commit: '7ca0afc',
    seenOn: '2026-11-29',
  },
  // -08 is in no snapshot: the IETF archive copy (www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt), dated 2026-09-14.
  { repo: 'www.ietf.org', family: 'draft-ietf-aipref-vocab', newest: 'draft-ietf-aipref-vocab-08', seenIn: 'IETF archive', seenOn: '2026-11-29' },
  {
    repo: 'ietf-wg-aipref/drafts',
    family: 'draft-ietf-aipref-vocab',
    newest: 'draft-ietf-aipref-vocab-08',
    seenIn: 'IETF archive (no snapshot tag yet)',
    seenOn: '2026-11-29',
  },
  // Universal-Commerce-Protocol/ucp: tags v2026-01-11, v2026-01-23, v2026-04-08 (a2d8bf0b); v2026-08-25 (cd78fb38) from records in the index.
  { repo: 'Universal-Commerce-Protocol/ucp', family: '*', newest: 'v2026-04-08', seenIn: 'snapshot tag', commit: 'a2d8bf0b', seenOn: '2026-11-29' },
  {
    repo: 'Universal-Commerce-Protocol/ucp',
    family: '*',
    newest: 'v2026-08-25',
    seenIn: 'index records (no snapshot tag yet)',
    commit: 'cd78fb38',
    seenOn: '2026-11-29',
  },
  // GoogleChrome/lighthouse: newest tag v13.4.1; main f8eac394 is v13.4.1-9.
  { repo: 'GoogleChrome/lighthouse', family: '*', newest: 'v13.4.1', seenIn: 'snapshot tag', seenOn: '2026-11-29' },
];
