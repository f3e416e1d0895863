/**
 * SARIF 2.1.0 for code-scanning dashboards: one run per scanned URL, one rule per check (stable
 * ids: the check ids), one result per failing or partial check. Web findings have no source
 * line, so each result points at the URL that was probed (GitHub lists such results without a
 * file location).
 */
import type { CheckResult, ScanResult } from '../core/schema.js';
import { findCheck } from '../core/checks/index.js';
import { needsFix, PROJECT_DOCS } from './common.js';
import { stripControl } from './sanitize.js';
import { fixStepsMarkdown } from './fix-steps.js';
import { VERSION } from '../version.js';

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

function run(r: ScanResult) {
  const rules = r.checks.map(rule);
  const index = new Map(r.checks.map((c, i) => [c.id, i]));
  const results = r.checks.filter(needsFix).map((c) => ({
    ruleId: c.id,
    ruleIndex: index.get(c.id)!,
    level: sarifLevel(c),
    kind: 'fail' as const,
    message: { text: stripControl(`${c.id} ${c.name} (${c.status}${c.code ? ` ${c.code}` : ''}, ${c.earned}/${c.weight}): ${c.evidence ?? ''}${c.remediation ? ` Fix: ${c.remediation}` : ''}`) },
    locations: [{ physicalLocation: { artifactLocation: { uri: location(c, r) } } }],
    partialFingerprints: { checkUrl: `${c.id}:${r.url}` },
    // The outcome code (e.g. D4/no-h1) says which failure this is; ruleId stays the check id.
    properties: { status: c.status, ...(c.code ? { code: c.code } : {}), earned: c.earned, weight: c.weight },
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
        ...(r.warnings?.length ? { toolExecutionNotifications: r.warnings.map((w) => ({ level: 'warning', message: { text: stripControl(w) } })) } : {}),
      },
    ],
    properties: { url: r.url, overallScore: r.overallScore, grade: r.grade, level: r.level, rubricVersion: r.rubricVersion },
  };
}

export function renderSarif(results: ScanResult[]): string {
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: results.map(run),
  };
  return JSON.stringify(log, null, 2) + '\n';
}
