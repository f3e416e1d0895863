/**
 * Message templates, as ESLint's meta.messages: a check returns a code with data, and the text
 * people read is the template of that code filled in. `{name}` takes `data.name`; `{findings}`
 * takes the outcome's sub-findings, each rendered from its own template and joined by "; ".
 * Values are inserted as they are and never read again as templates (a site's text may hold braces).
 *
 * `data` carries values, never a sentence: a phrase people read is rendered here from fields.
 * `{name:probe}` renders the probe fields under the prefix `name` (gather/probe-facts.ts), so a
 * check hands on `probeData(res, origin)` and the template says `{seen:probe}`. `{name:probes}`
 * renders a list of them (`probeListData`, gather/probe-list.ts), joined by "; ".
 * `{name:verdict}` renders another outcome of the same check nested under the prefix `name`
 * (`nestedVerdictData`): its code's own template filled with its own data and sub-findings, so an
 * outcome that quotes another (a rendered reading quoting the static one) carries its code and
 * values, not its sentence.
 */
import { renderProbe } from '../gather/probe-facts.js';
import type { MessageData, SubFinding } from '../check-outcome.js';
import { renderMcpLive } from '../gather/mcp-live-facts.js';
import { renderProbeList } from '../gather/probe-list.js';
import { renderA2aLive } from '../gather/a2a-live-facts.js';
import { renderWebMcpFound } from '../gather/webmcp-facts.js';
import { renderPlacedLabels } from '../gather/placed-labels.js';
import { renderRenderFailure } from '../gather/render-failure.js';
import {
  renderBrowser,
  renderNavigatorStill,
  renderNavigatorTools,
  renderRegisteredTools,
  renderSchemaIssues,
  renderSchemaIssueTypes,
  renderSwitchedOff,
  renderWebMcpVia,
} from '../gather/webmcp-rendered-facts.js';

export type { MessageData, SubFinding } from '../check-outcome.js';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)(?::([a-z][a-zA-Z]*))?\}/g;

/** The templates a nested verdict is rendered from: the check's own meta.messages and meta.findings. */
export interface Templates {
  readonly messages: Readonly<Record<string, string>>;
  readonly findings?: Readonly<Record<string, string>>;
}

/** How a formatted placeholder renders its fields. */
const FORMATS: Readonly<Record<string, (data: MessageData, name: string, templates?: Templates) => string | null>> = {
  probe: (data, name) => renderProbe(data, name),
  // The live MCP handshake (gather/mcp-live-facts.ts): a clause with its leading "; ", or '' when none was made.
  mcp: (data, name) => renderMcpLive(data, name),
  probes: (data, name) => renderProbeList(data, name),
  // The live A2A probe (gather/a2a-live-facts.ts), likewise.
  agent: (data, name) => renderA2aLive(data, name),
  // What A7's static WebMCP scan found (gather/webmcp-facts.ts).
  webmcp: (data, name) => renderWebMcpFound(data, name),
  // What A7's rendered reading saw in the browser (gather/webmcp-rendered-facts.ts).
  browser: (data, name) => renderBrowser(data, name),
  webmcpVia: (data, name) => renderWebMcpVia(data, name),
  webmcpTools: (data, name) => renderRegisteredTools(data, name),
  webmcpNotCounted: (data, name) => renderNavigatorTools(data, name),
  webmcpStillHas: (data, name) => renderNavigatorStill(data, name),
  webmcpIssues: (data, name) => renderSchemaIssues(data, name),
  webmcpReports: (data, name) => renderSchemaIssueTypes(data, name),
  webmcpOff: (data, name) => renderSwitchedOff(data, name),
  // Preference labels with the robots.txt line or header that stated each (gather/placed-labels.ts).
  placed: (data, name) => renderPlacedLabels(data, name),
  // Why a page could not be rendered (gather/render-failure.ts).
  renderFailure: (data, name) => renderRenderFailure(data, name),
  verdict: (data, name, templates) => renderNestedVerdict(data, name, templates),
};

/** A verdict of the check as fields under `prefix`: `<prefix>Code`, `<prefix>.<key>` and `<prefix>.findings.<i>[.<key>]`. */
export function nestedVerdictData(
  prefix: string,
  v: { code: string; data?: MessageData; findings?: ReadonlyArray<SubFinding> },
): Record<string, string | number> {
  const out: Record<string, string | number> = { [`${prefix}Code`]: v.code };
  const put = (at: string, data: MessageData | undefined) => {
    for (const [k, value] of Object.entries(data ?? {})) if (value !== undefined) out[`${at}.${k}`] = value;
  };
  put(prefix, v.data);
  (v.findings ?? []).forEach((f, i) => {
    out[`${prefix}.findings.${i}`] = f.code;
    put(`${prefix}.findings.${i}`, f.data);
  });
  return out;
}

/** The verdict nested under `prefix` (nestedVerdictData read back), or null when there is none. */
export function nestedVerdict(data: MessageData, prefix: string): { code: string; data: Record<string, string | number>; findings: SubFinding[] } | null {
  const code = data[`${prefix}Code`];
  if (typeof code !== 'string') return null;
  const own: Record<string, string | number> = {};
  const findings: Array<{ code: string; data: Record<string, string | number> }> = [];
  const FINDING = /^findings\.(\d+)(?:\.(.+))?$/;
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || !key.startsWith(`${prefix}.`)) continue;
    const rest = key.slice(prefix.length + 1);
    const f = FINDING.exec(rest);
    if (!f) own[rest] = value;
    else if (f[2] === undefined) (findings[Number(f[1])] ??= { code: '', data: {} }).code = String(value);
    else (findings[Number(f[1])] ??= { code: '', data: {} }).data[f[2]] = value;
  }
  return { code, data: own, findings: findings.filter(Boolean).map((f) => (Object.keys(f.data).length ? f : { code: f.code })) };
}

function renderNestedVerdict(data: MessageData, prefix: string, templates: Templates | undefined): string | null {
  const v = nestedVerdict(data, prefix);
  if (!v) return null;
  if (!templates) throw new Error(`{${prefix}:verdict}: no templates to render ${v.code} from`);
  const template = templates.messages[v.code];
  if (template === undefined) throw new Error(`{${prefix}:verdict}: no template for ${v.code}`);
  const findings = renderFindings(templates.findings ?? {}, v.findings, v.code);
  return fillTemplate(template, findings.length ? { ...v.data, findings: findings.join('; ') } : v.data, v.code, templates);
}

/** The names a template reads, in order (a formatted placeholder by its name). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Fills `template` from `data`; a placeholder without data is a bug of the check, so it throws.
 * `templates` (the check's own) are what a `{name:verdict}` placeholder renders its nested verdict from.
 */
export function fillTemplate(template: string, data: MessageData = {}, where = 'message', templates?: Templates): string {
  return template.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
    if (format !== undefined) {
      const render = FORMATS[format];
      if (!render) throw new Error(`${where}: unknown format in ${whole}`);
      const text = render(data, name, templates);
      if (text === null) throw new Error(`${where}: no ${format} fields for ${whole}`);
      return text;
    }
    const value = data[name];
    if (value === undefined) throw new Error(`${where}: no data for {${name}}`);
    return String(value);
  });
}

/** The text of each sub-finding, from the templates of meta.findings. */
export function renderFindings(templates: Readonly<Record<string, string>>, findings: ReadonlyArray<SubFinding>, where = 'meta.findings'): string[] {
  return findings.map((f) => {
    const template = templates[f.code];
    if (template === undefined) throw new Error(`${f.code}: no template in ${where}`);
    return fillTemplate(template, f.data, f.code);
  });
}
