/**
 * A reading that checks its own order (issue 37). A later commit date is not a later revision: the
 * ledger once replaced draft-ietf-aipref-vocab-08 with -07 because -07's commit was the newest on
 * main. Each source therefore records the revision it read (`revision`: a draft name such as
 * `draft-ietf-aipref-vocab-08`, a release such as `v0.6.0` or `v2026-08-25`), and these functions
 * find a source that follows a revision older than one the ledger also names for the same document,
 * or older than the newest revision known from the snapshots' tags (and the archives that hold
 * drafts no snapshot has yet).
 */
import type { SourceReading, Standard } from './ledger.js';

/** A revision name that can be ordered: its kind, the document family it belongs to, and its sort key. */
export interface OrderedRevision {
  kind: 'draft' | 'semver' | 'date';
  /** Drafts: the draft name without its number; releases: repository and path (releases of one file). */
  family: string;
  key: number[];
}

/** Internet-Draft names: draft-<name>-NN. */
const DRAFT_RE = /\b(draft-[a-z0-9]+(?:-[a-z0-9]+)*?)-(\d{2})\b/g;
const SEMVER_RE = /^v?(\d+)\.(\d+)(?:\.(\d+))?$/;
const DATE_RE = /^v?(\d{4})-(\d{2})-(\d{2})$/;

/** The path a source names without its parenthesised remark ("overview.md (tag v2026-04-08)"). */
function plainPath(path: string): string {
  return path.replace(/\s*\(.*\)\s*$/, '').trim();
}

/**
 * Orders a revision name, or null for one that has no order of its own ("main", "docs site", an
 * editor's copy): those are compared by the reader, not here.
 */
export function orderRevision(revision: string, where: { repo: string; path: string }): OrderedRevision | null {
  const name = revision.trim();
  const draft = new RegExp(`^${DRAFT_RE.source}$`).exec(name);
  if (draft) return { kind: 'draft', family: draft[1], key: [Number(draft[2])] };
  const family = `${where.repo} ${plainPath(where.path)}`;
  const semver = SEMVER_RE.exec(name);
  if (semver) return { kind: 'semver', family, key: [Number(semver[1]), Number(semver[2]), Number(semver[3] ?? 0)] };
  const date = DATE_RE.exec(name);
  if (date) return { kind: 'date', family, key: [Number(date[1]), Number(date[2]), Number(date[3])] };
  return null;
}

/** Negative when a is older than b (same kind and family assumed). */
export function compareRevisions(a: OrderedRevision, b: OrderedRevision): number {
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
    const d = (a.key[i] ?? 0) - (b.key[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

/** Every draft revision a text names ("draft-ietf-aipref-vocab-08"), ordered. */
export function draftsNamedIn(text: string): Array<{ name: string; order: OrderedRevision }> {
  return [...text.matchAll(DRAFT_RE)].map((m) => ({ name: `${m[1]}-${m[2]}`, order: { kind: 'draft' as const, family: m[1], key: [Number(m[2])] } }));
}

/**
 * The newest revision of a document known outside the ledger: a snapshot's newest tag, or a draft
 * an archive holds before any snapshot does. Recorded by the reader (no network in tests).
 */
export interface KnownRevision {
  repo: string;
  /** For drafts the draft name without its number; for releases the repository's tags ('*': any path). */
  family: string;
  newest: string;
  /** Where it was seen: "snapshot tag", "IETF archive", "index records". */
  seenIn: string;
  /** The commit of that tag or text, when known. */
  commit?: string;
  seenOn: string;
}

export interface OrderProblem {
  id: string;
  source: Pick<SourceReading, 'repo' | 'path' | 'revision'>;
  problem: string;
}

/** The ledger's texts that can name a revision: version, note and older shapes. */
function textsOf(s: Standard): string {
  return [s.version, s.note ?? '', ...(s.olderShapes ?? [])].join('\n');
}

/**
 * The sources that follow an older revision than the ledger itself names for the same document, or
 * than the newest known revision (tags of the snapshots, archives). An unordered revision ("main")
 * is never a problem here.
 */
export function revisionOrderProblems(ledger: Record<string, Standard>, known: KnownRevision[] = []): OrderProblem[] {
  const named: Array<{ id: string; name: string; order: OrderedRevision }> = [];
  for (const [id, s] of Object.entries(ledger)) {
    for (const src of s.sources ?? []) {
      const order = orderRevision(src.revision, src);
      if (order) named.push({ id, name: src.revision, order });
    }
    for (const d of draftsNamedIn(textsOf(s))) named.push({ id, ...d });
  }
  const problems: OrderProblem[] = [];
  for (const [id, s] of Object.entries(ledger)) {
    for (const src of s.sources ?? []) {
      const order = orderRevision(src.revision, src);
      if (!order) continue;
      const source = { repo: src.repo, path: src.path, revision: src.revision };
      const newer = named.filter((n) => n.order.kind === order.kind && n.order.family === order.family && compareRevisions(n.order, order) > 0);
      for (const n of newer.filter((x, i) => newer.findIndex((y) => y.name === x.name) === i))
        problems.push({ id, source, problem: `follows ${src.revision}, but the ledger names ${n.name} (${n.id === id ? 'same entry' : `entry ${n.id}`})` });
      for (const k of known) {
        if (k.repo !== src.repo) continue;
        const kOrder = orderRevision(k.newest, { repo: src.repo, path: src.path });
        if (!kOrder || kOrder.kind !== order.kind) continue;
        const sameDocument = order.kind === 'draft' ? kOrder.family === order.family && k.family === order.family : k.family === '*';
        if (sameDocument && compareRevisions(kOrder, order) > 0)
          problems.push({ id, source, problem: `follows ${src.revision}, but ${k.newest} exists (${k.seenIn}, seen ${k.seenOn})` });
      }
    }
  }
  return problems;
}
