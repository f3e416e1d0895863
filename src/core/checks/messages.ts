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
 */
import { renderProbe } from '../gather/probe-facts.js';
import type { MessageData, SubFinding } from '../check-outcome.js';
import { renderMcpLive } from '../gather/mcp-live-facts.js';
import { renderProbeList } from '../gather/probe-list.js';
import { renderA2aLive } from '../gather/a2a-live-facts.js';
import { renderWebMcpFound } from '../gather/webmcp-facts.js';

export type { MessageData, SubFinding } from '../check-outcome.js';

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)(?::([a-z]+))?\}/g;

/** How a formatted placeholder renders its fields. */
const FORMATS: Readonly<Record<string, (data: MessageData, name: string) => string | null>> = {
  probe: (data, name) => renderProbe(data, name),
  // The live MCP handshake (gather/mcp-live-facts.ts): a clause with its leading "; ", or '' when none was made.
  mcp: (data, name) => renderMcpLive(data, name),
  probes: (data, name) => renderProbeList(data, name),
  // The live A2A probe (gather/a2a-live-facts.ts), likewise.
  agent: (data, name) => renderA2aLive(data, name),
  // What A7's static WebMCP scan found (gather/webmcp-facts.ts).
  webmcp: (data, name) => renderWebMcpFound(data, name),
};

/** The names a template reads, in order (a formatted placeholder by its name). */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/** Fills `template` from `data`; a placeholder without data is a bug of the check, so it throws. */
export function fillTemplate(template: string, data: MessageData = {}, where = 'message'): string {
  return template.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
    if (format !== undefined) {
      const render = FORMATS[format];
      if (!render) throw new Error(`${where}: unknown format in ${whole}`);
      const text = render(data, name);
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
