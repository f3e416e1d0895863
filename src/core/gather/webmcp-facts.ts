/**
 * What A7's static scan found, as template data (as probe-facts.ts does for one probe): flat fields
 * under a prefix (`foundApi`, `foundSources`, `foundTools`, `foundSnippet`, `foundForms`, ...), so
 * `data` carries values, not a sentence. A template reads them with `{found:webmcp}`
 * (checks/messages.ts), which renders the line people read ("registerTool/provideContext on
 * document.modelContext in /app.js (tools: search): "..."; 1 declarative form tool(s): search (2
 * field(s))") at the edge.
 */
type Data = Readonly<Record<string, string | number | undefined>>;

/** The imperative registrations found (null: none) and the declarative forms. */
export interface WebMcpFound {
  imperative: { api: string; sources: string[]; tools: string[]; snippet: string } | null;
  forms: Array<{ toolname: string; params: number }>;
}

/** The keys under `prefix` that quote the page (script sources, tool names, the snippet, form tool names). */
export function webMcpFoundQuoted(prefix = 'found'): string[] {
  return ['Sources', 'Tools', 'Snippet', 'FormNames'].map((k) => `${prefix}${k}`);
}

/** The facts of `found` under `prefix` (`found` unless told). */
export function webMcpFoundData(found: WebMcpFound, prefix = 'found'): Record<string, string | number> {
  const f: Record<string, string | number | undefined> = {};
  if (found.imperative) {
    f.Api = found.imperative.api;
    f.Sources = found.imperative.sources.join(', ');
    if (found.imperative.tools.length) f.Tools = found.imperative.tools.join(', ');
    f.Snippet = found.imperative.snippet;
  }
  if (found.forms.length) {
    f.Forms = found.forms.length;
    // Tab-joined: a toolname is never empty here ('' would vanish), and holds no tab.
    f.FormNames = found.forms.map((x) => x.toolname.replace(/\t/g, ' ')).join('\t');
    f.FormParams = found.forms.map((x) => x.params).join(',');
  }
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined) out[`${prefix}${k}`] = v;
  return out;
}

/** The line people read for the fields under `prefix`; null when there are none. */
export function renderWebMcpFound(data: Data, prefix = 'found'): string | null {
  const at = (k: string) => data[`${prefix}${k}`];
  const parts: string[] = [];
  if (at('Api') !== undefined) {
    const tools = at('Tools') === undefined ? '' : ` (tools: ${at('Tools')})`;
    parts.push(`registerTool/provideContext on ${at('Api')} in ${at('Sources')}${tools}: "${at('Snippet')}"`);
  }
  if (at('Forms') !== undefined) {
    const names = String(at('FormNames') ?? '').split('\t');
    const params = String(at('FormParams') ?? '').split(',');
    const list = names.map((n, i) => `${n || '(no toolname)'} (${params[i]} field(s))`).join(', ');
    parts.push(`${at('Forms')} declarative form tool(s): ${list}`);
  }
  return parts.length ? parts.join('; ') : null;
}
