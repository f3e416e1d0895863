/**
 * SARIF 2.1.0 for code-scanning dashboards: one run per scanned URL, one rule per check (stable
 * ids: the check ids), one result per failing or partial check. Web findings have no source
 * line, so each result points at the URL that was probed (GitHub lists such results without a
 * file location).
 */
import type { CheckResult, ScanResult } from '../core/schema.js';
import { findCheck } from '../core/checks/index.js';
import { needsFix, PROJECT_DOCS } from './common.js';
import { safeHref, stripControl, toSafeJson } from './sanitize.js';
import { fixStepsMarkdown } from './fix-steps.js';
import { VERSION } from '../version.js';
import { pageTable, pagesFailing, type PageTable } from './pages.js';

type Level = 'error' | 'warning' | 'note';

/** An essential failure is an error; other failures and partials are warnings; bonus gaps are notes. */
export function sarifLevel(c: CheckResult): Level {
  if (c.tier === 'bonus') return 'note';
  if (c.status === 'fail' && c.tier === 'essential') return 'error';
  return 'warning';
}

function helpText(c: CheckResult): { text: string; markdown: string } {
  const meta = findCheck(c.id)?.meta;
  const lines = [meta?.summary, meta?.why, c.remediation ?? meta?.remediation].filter(Boolean) as string[];
  const steps = fixStepsMarkdown(c.fixGuide ?? []).join('\n');
  const text = stripControl(lines.join('\n\n'));
  return { text: text || c.name, markdown: stripControl([...lines, steps].filter(Boolean).join('\n\n')) || c.name };
}

function rule(c: CheckResult) {
  const meta = findCheck(c.id)?.meta;
  const help = helpText(c);
  return {
    id: c.id,
    name: c.name.replace(/[^A-Za-z0-9]+(.)?/g, (_, ch: string | undefined) => (ch ? ch.toUpperCase() : '')).replace(/^./, (s) => s.toUpperCase()) || c.id,
    shortDescription: { text: `${c.id} ${c.name}` },
    fullDescription: { text: stripControl(meta?.summary ?? c.name) },
    help,
    helpUri: c.specUrls?.[0] ?? meta?.specUrls[0] ?? PROJECT_DOCS,
    defaultConfiguration: { level: sarifLevel({ ...c, status: 'fail' }) },
    properties: {
      tags: ['ai-readiness', c.dimension, c.tier ?? 'recommended'],
      dimension: c.dimension,
      tier: c.tier ?? 'recommended',
      weight: meta?.weight ?? c.weight,
      ...(meta ? { codes: Object.keys(meta.codes) } : {}),
    },
  };
}

function location(c: CheckResult, r: ScanResult): string {
  const probed = c.probes?.find((p) => p.url)?.url;
  return probed ?? r.finalUrl ?? r.url;
}

/**
 * Where a result points: for a page-level check of a site-scope scan, each sampled page it failed
 * on (with that page's verdict as the location's message); otherwise the URL that was probed.
 */
/**
 * A page URL as an RFC 3986 URI (SARIF's artifactLocation.uri): http(s) only, and the characters
 * WHATWG URLs leave raw but RFC 3986 forbids (| ` { } ^ and the like) percent-encoded.
 */
export function sarifUri(url: string): string | null {
  const href = safeHref(url);
  if (!href) return null;
  const u = new URL(href);
  const encode = (part: string) =>
    part.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?@!$&'()*+,;=%]/g, (ch) => (ch === '%' ? '%25' : encodeURIComponent(ch)));
  return `${u.origin}${encode(u.pathname)}${u.search ? `?${encode(u.search.slice(1))}` : ''}${u.hash ? `#${encode(u.hash.slice(1))}` : ''}`;
}

function locations(c: CheckResult, r: ScanResult, table: PageTable | null) {
  const failing = table ? pagesFailing(table, c.id) : [];
  if (!failing.length) return [{ physicalLocation: { artifactLocation: { uri: location(c, r) } } }];
  return failing.map((row) => {
    const cell = row.cells[c.id]!;
    return {
      physicalLocation: { artifactLocation: { uri: sarifUri(row.url) ?? location(c, r) } },
      message: { text: stripControl(`${cell.status} ${cell.code}${cell.evidence ? `: ${cell.evidence}` : ''}`) },
    };
  });
}

/** Every sampled page's verdict on a check, for dashboards that show a result's properties. */
function pageVerdicts(c: CheckResult, table: PageTable | null) {
  if (!table || !table.columns.includes(c.id)) return {};
  const pages = table.rows.flatMap((row) => {
    const cell = row.cells[c.id];
    return cell ? [{ url: row.url, status: cell.status, code: cell.code }] : [];
  });
  return { pages };
}

function run(r: ScanResult) {
  const rules = r.checks.map(rule);
  const index = new Map(r.checks.map((c, i) => [c.id, i]));
  const table = pageTable(r);
  // Pages that could not be checked are about the run (like scan warnings), not about a rule.
  const pageNotes = (table?.rows ?? []).filter((row) => row.problem).map((row) => `Sampled page ${row.url} could not be checked: ${row.problem}`);
  const notes = [...(r.warnings ?? []), ...pageNotes];
  const results = r.checks.filter(needsFix).map((c) => ({
    ruleId: c.id,
    ruleIndex: index.get(c.id)!,
    level: sarifLevel(c),
    kind: 'fail' as const,
    message: {
      text: stripControl(
        `${c.id} ${c.name} (${c.status}${c.code ? ` ${c.code}` : ''},` +
          ` ${c.earned}/${c.weight}): ${c.evidence ?? ''}${c.remediation ? ` Fix: ${c.remediation}` : ''}`,
      ),
    },
    locations: locations(c, r, table),
    partialFingerprints: { checkUrl: `${c.id}:${r.url}` },
    // The outcome code (e.g. D4/no-h1) says which failure this is; ruleId stays the check id.
    properties: { status: c.status, ...(c.code ? { code: c.code } : {}), earned: c.earned, weight: c.weight, ...pageVerdicts(c, table) },
  }));
  return {
    tool: { driver: { name: 'ai-ready', semanticVersion: VERSION, version: VERSION, informationUri: PROJECT_DOCS, rules } },
    automationDetails: { id: `ai-ready/${r.url}` },
    originalUriBaseIds: { SITE: { uri: (r.finalUrl ?? r.url).replace(/[^/]*$/, '') } },
    results,
    invocations: [
      {
        executionSuccessful: true,
        ...(r.scannedAt ? { startTimeUtc: r.scannedAt } : {}),
        // Scan warnings (a 404 target, a bot wall, the deadline) are about the run, not a rule.
        ...(notes.length ? { toolExecutionNotifications: notes.map((w) => ({ level: 'warning', message: { text: stripControl(w) } })) } : {}),
      },
    ],
    properties: {
      url: r.url,
      overallScore: r.overallScore,
      grade: r.grade,
      level: r.level,
      rubricVersion: r.rubricVersion,
      ...(table ? { pagesSampled: table.rows.length, pagesPassing: table.passing } : {}),
    },
  };
}

export function renderSarif(results: ScanResult[]): string {
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: results.map(run),
  };
  // Page URLs in properties are quoted as found: C1 and bidi controls leave as \uXXXX escapes.
  return toSafeJson(log, 2) + '\n';
}
