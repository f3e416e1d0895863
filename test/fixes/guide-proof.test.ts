/**
 * Fix guides pass their own checks (issue 27). For every check, its guide for a bare site on the
 * generic platform (nothing detected) is read for what it tells the owner to publish
 * (FixStep.publish); a loopback site serves exactly those files, headers, robots.txt lines and
 * page HTML on top of the bare page, and is scanned: the check must pass. A guide that needs the
 * owner's own data (an endpoint, a key) says which value (FixStep.needs) instead. When a rule
 * moves and its guide does not, this test fails and names the check and what it published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scan } from '../../src/core/scan.js';
import { CHECKS } from '../../src/core/checks/index.js';
import type { FixOperation, FixStep, ScanResult } from '../../src/core/schema.js';
import { RESOURCES, type FoundResources } from '../../src/core/fixes/found.js';
import { isOwnerValue } from '../../src/core/fixes/owner-values.js';
import { startFixture, type FixtureSite } from '../helpers/fixture-server.js';

const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Widgets</title></head><body><h1>Hello</h1><p>A tiny page.</p></body></html>`;

/**
 * Checks whose guide cannot be proven on a loopback site, each with the reason. Keep it short: a
 * check belongs here only when no file, header or page change served over HTTP could make it pass
 * and its guide has no owner value to name (D7's DNS records are proven by naming dnsZone).
 */
const CANNOT_SERVE: Record<string, string> = {
  B4: 'nothing to publish: a bare site already answers automated clients without a challenge (info is its best outcome)',
  A11: 'agent operability is measured on the page rendered in Chromium (scan --render); the guide changes how the page is built, not a file',
};

/**
 * A check's guide that says "publish X first" is proven with X's guide served too (its resource
 * would otherwise be a link to a 404). Each entry names where the guide says so.
 */
const PREREQUISITES: Record<string, string[]> = {
  D3: ['D4'], // "Publish llms.txt first (check D4)": the Link header points at it
  D6: ['D4'], // "publish llms.txt first (check D4), then add this tag"
  A10: ['A4', 'A5'], // "Publish the cards first": the catalog lists the MCP and A2A cards
  M4: ['A5'], // "Merge this into /.well-known/agent-card.json (see check A5)"
  M5: ['A8'], // "check A8 covers publishing it at /openapi.json"
};

/**
 * KNOWN failures on this branch, each owned by another helper who is changing that check's guide
 * now (issue 27): they run as `it.fails`, so a fixed one turns red and must leave this table.
 */
// KNOWN (2026-11-27, branch guides): the failure each shows today, for the coordinator to clear after merging.
const KNOWN: Record<string, string> = {};

interface ServedSite {
  files: Map<string, { headers: Record<string, string>; body: string }>;
  headers: Map<string, Record<string, string>>;
  html: Map<string, { head: string[]; body: string[] }>;
}

function emptySite(): ServedSite {
  return { files: new Map(), headers: new Map(), html: new Map() };
}

/** Applies one operation to the served site, the way an owner would on a static host. */
function apply(site: ServedSite, op: FixOperation): void {
  switch (op.kind) {
    case 'file':
      site.files.set(op.path, { headers: { 'content-type': op.contentType, ...(op.headers ?? {}) }, body: op.content });
      return;
    case 'lines': {
      const had = site.files.get(op.path);
      const body = had ? `${had.body.replace(/\n*$/, '\n\n')}${op.content}` : op.content;
      site.files.set(op.path, { headers: had?.headers ?? { 'content-type': 'text/plain; charset=utf-8' }, body });
      return;
    }
    case 'header': {
      const h = site.headers.get(op.path) ?? {};
      const key = op.name.toLowerCase();
      // A second Link header from another guide is another link-value, as a server would join them.
      h[key] = h[key] && key === 'link' ? `${h[key]}, ${op.value}` : op.value;
      site.headers.set(op.path, h);
      return;
    }
    case 'merge': {
      const had = site.files.get(op.path);
      const doc = had ? (JSON.parse(had.body) as unknown) : {};
      site.files.set(op.path, {
        headers: had?.headers ?? { 'content-type': 'application/json' },
        body: JSON.stringify(mergeJson(doc, JSON.parse(op.content))),
      });
      return;
    }
    case 'html': {
      const page = site.html.get(op.path) ?? { head: [], body: [] };
      page[op.where].push(op.content);
      site.html.set(op.path, page);
      return;
    }
  }
}

/** What FixOperation 'merge' says: objects merged key by key, arrays appended, the rest kept. */
function mergeJson(into: unknown, add: unknown): unknown {
  if (Array.isArray(into) && Array.isArray(add)) return [...into, ...add];
  if (isPlain(into) && isPlain(add)) {
    const out: Record<string, unknown> = { ...into };
    for (const [k, v] of Object.entries(add)) out[k] = k in out ? mergeJson(out[k], v) : v;
    return out;
  }
  return add;
}
const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bare page (or a page a guide added HTML to), with the HTML the guides put in it. */
function pageHtml(site: ServedSite, path: string): string | null {
  const add = site.html.get(path);
  if (!add && path !== '/') return null;
  return BARE_HTML.replace('</head>', `${(add?.head ?? []).join('\n')}</head>`).replace('<body>', `<body>${(add?.body ?? []).join('\n')}`);
}

function respond(site: ServedSite, req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '/').split('?')[0];
  const file = site.files.get(path);
  const html = file ? null : pageHtml(site, path);
  if (!file && html === null) {
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
    return;
  }
  const isHtml = html !== null;
  // "/" headers go on every HTML page; a header for a path goes on that path.
  const headers = {
    ...(file?.headers ?? { 'content-type': 'text/html; charset=utf-8' }),
    ...(isHtml ? site.headers.get('/') : {}),
    ...(path !== '/' ? site.headers.get(path) : {}),
  };
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : (file?.body ?? html));
}

const describeOp = (op: FixOperation): string =>
  op.kind === 'file'
    ? `file ${op.path} (${op.contentType})`
    : op.kind === 'header'
      ? `header ${op.name}: ${op.value} on ${op.path}`
      : op.kind === 'lines'
        ? `lines in ${op.path}`
        : op.kind === 'merge'
          ? `JSON merged into ${op.path}`
          : `HTML in the ${op.where} of ${op.path}`;

describe('fix guides pass their own checks (bare site, generic platform)', () => {
  let fixture: FixtureSite;
  let served = emptySite();
  let bareScan: ScanResult;
  const allAbsent: FoundResources = Object.fromEntries(RESOURCES.map((r) => [r, null]));

  beforeAll(async () => {
    fixture = await startFixture({ '*': (req: IncomingMessage, res: ServerResponse) => respond(served, req, res) } as never);
    bareScan = await scan(fixture.origin, { profile: 'commerce' });
  }, 60_000);
  /** What each check's proof came to, printed at the end so a reader sees which passed on what. */
  const outcomes: string[] = [];
  afterAll(async () => {
    await fixture.close();
    if (outcomes.length) console.log(`guide proof (bare site, generic platform):\n${outcomes.join('\n')}`);
  });

  /** The guide a bare site gets: the scan's own (built from the check's outcome), else the check's generic guide. */
  function guideOf(id: string): FixStep[] {
    const fromScan = bareScan.checks.find((c) => c.id === id)?.fixGuide;
    if (fromScan) return fromScan;
    const check = CHECKS.find((c) => c.meta.id === id)!;
    return check.fixGuide({ origin: fixture.origin, platform: null, hosting: [], found: allAbsent });
  }

  it('the bare site is seen as the generic platform', () => {
    expect([null, undefined, 'unknown']).toContain(bareScan.platform?.platform);
  });

  it('every table entry names a real check', () => {
    const ids = new Set(CHECKS.map((c) => c.meta.id));
    for (const id of [...Object.keys(CANNOT_SERVE), ...Object.keys(PREREQUISITES), ...Object.values(PREREQUISITES).flat(), ...Object.keys(KNOWN)])
      expect(ids.has(id), id).toBe(true);
  });

  for (const check of CHECKS) {
    const id = check.meta.id;
    if (CANNOT_SERVE[id]) {
      it.skip(`${id}: not provable on loopback: ${CANNOT_SERVE[id]}`, () => {});
      continue;
    }
    const known = KNOWN[id];
    const run = known ? it.fails : it;
    run(
      `${id}${known ? ` (KNOWN, owned elsewhere: ${known})` : ''}: what its guide publishes makes it pass, or the guide names the owner's values it needs`,
      async () => {
        const steps = [...(PREREQUISITES[id] ?? []).flatMap(guideOf), ...guideOf(id)];
        const own = guideOf(id);
        const ops = steps.flatMap((s) => (s.publish ? [s.publish] : []));
        const needs = [...new Set(own.flatMap((s) => s.needs ?? []))];
        for (const n of needs) expect(isOwnerValue(n), `${id}: "${n}" is a named owner value (src/core/fixes/owner-values.ts)`).toBe(true);
        served = emptySite();
        for (const op of ops) apply(served, op);
        const r = await scan(fixture.origin, { profile: 'commerce', only: [id, ...(PREREQUISITES[id] ?? [])] });
        const result = r.checks.find((c) => c.id === id)!;
        const published = ops.map(describeOp).join('; ') || 'nothing';
        outcomes.push(`  ${id.padEnd(4)} ${result.status.padEnd(7)} ${needs.length ? `needs ${needs.join(', ')}; ` : ''}published ${published}`);
        if (result.status === 'pass') return;
        // Not passing is honest only when the guide says which of the owner's values it lacks.
        expect(needs, `${id} is ${result.status} after publishing ${published}, and its guide names no owner value it needs: ${result.evidence}`).not.toEqual(
          [],
        );
      },
    );
  }
});
