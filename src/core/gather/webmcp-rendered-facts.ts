/**
 * What A7's rendered reading saw in the browser, as template data (as webmcp-facts.ts does for the
 * static scan): the browser's name, how the tools were read, the tools with their descriptions and
 * parameters, the ones registered through the removed navigator.modelContext, the browser's schema
 * issues and the headers that switch WebMCP off, each a value or a list. The clauses people read
 * are rendered here at the edge, by the formats of checks/messages.ts (`{browser:browser}`,
 * `{tools:webmcpTools}`, ...). Lists of site text are tab-joined (a tab never survives in them).
 */
type Data = Readonly<Record<string, string | number | undefined>>;

/** A tool as the browser listed it (gather/rendered-artifact.ts). */
export interface RegisteredTool {
  name: string;
  description: string;
  inputSchema?: unknown;
  declarative: boolean;
}

const TAB = '\t';
const untabbed = (s: string) => s.replace(/\t/g, ' ');
const list = (data: Data, key: string): string[] => (data[key] === undefined || data[key] === '' ? [] : String(data[key]).split(TAB));

/** The keys under these prefixes that quote the page: tool names, descriptions, parameter names, a header value. */
export function webMcpRenderedQuoted(): string[] {
  return ['tools', 'toolsDescriptions', 'toolsParams', 'navigatorTools', 'offPolicy', 'offTools'];
}

/** The browser that rendered the page (`Chromium 150.0.7871.100`), absent when it did not say. */
export function browserData(browser: { name: string; version: string } | null | undefined, prefix = 'browser'): Record<string, string> {
  return browser ? { [prefix]: `${browser.name} ${browser.version}` } : {};
}

export function renderBrowser(data: Data, prefix: string): string {
  return data[prefix] === undefined ? 'the browser' : String(data[prefix]);
}

/** How the tools were read: `measured` (the DevTools WebMCP domain) or `recorded` (calls recorded in the page). */
export function renderWebMcpVia(data: Data, prefix: string): string | null {
  const via = data[prefix];
  if (via === undefined) return null;
  return via === 'recorded' ? ' (recorded from document.modelContext.registerTool calls and form tools: this browser has no DevTools WebMCP domain)' : '';
}

const MAX_TOOLS = 8;
const MAX_PARAMS = 6;
const DESCRIPTION_CHARS = 80;

/** The first tools the browser listed, under `prefix`: names, kinds, descriptions (cut), parameter names. */
export function registeredToolsData(tools: readonly RegisteredTool[], prefix = 'tools'): Record<string, string> {
  const shown = tools.slice(0, MAX_TOOLS);
  const params = (t: RegisteredTool) => {
    const schema = t.inputSchema && typeof t.inputSchema === 'object' ? (t.inputSchema as { properties?: unknown }).properties : undefined;
    return schema && typeof schema === 'object' ? Object.keys(schema).slice(0, MAX_PARAMS) : [];
  };
  return {
    [prefix]: shown.map((t) => untabbed(t.name)).join(TAB),
    [`${prefix}Kinds`]: shown.map((t) => (t.declarative ? 'declarative' : 'imperative')).join(','),
    [`${prefix}Descriptions`]: shown.map((t) => untabbed(t.description.slice(0, DESCRIPTION_CHARS))).join(TAB),
    [`${prefix}Params`]: shown.map((t) => params(t).map(untabbed).join(', ')).join(TAB),
  };
}

/** `find_flights: "Find flights" (from, to); search (form): "Search"`. */
export function renderRegisteredTools(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  const names = list(data, prefix);
  const kinds = String(data[`${prefix}Kinds`] ?? '').split(',');
  const descriptions = list(data, `${prefix}Descriptions`);
  const params = String(data[`${prefix}Params`] ?? '').split(TAB);
  return names.map((n, i) => `${n}${kinds[i] === 'declarative' ? ' (form)' : ''}: "${descriptions[i] ?? ''}"${params[i] ? ` (${params[i]})` : ''}`).join('; ');
}

/** A count of tools and the first names, under `prefix` (`<prefix>` the count, `<prefix>Tools` the names). */
export function toolCountData(names: readonly string[], prefix: string): Record<string, string | number> {
  return { [prefix]: names.length, [`${prefix}Tools`]: names.slice(0, 5).map(untabbed).join(TAB) };
}

const countAndNames = (data: Data, prefix: string) => ({ count: Number(data[prefix] ?? 0), names: list(data, `${prefix}Tools`).join(', ') });

/** The tools registered through navigator.modelContext beside counted ones: a clause with its leading "; ", or ''. */
export function renderNavigatorTools(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  const { count, names } = countAndNames(data, prefix);
  return count ? `; not counted: ${count} registered through navigator.modelContext (${names}), which the WebMCP text removed` : '';
}

/** The same on a page with no other tool: what the browser (named in `browser`), which still has the removed API, did. */
export function renderNavigatorStill(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  const { count, names } = countAndNames(data, prefix);
  return count
    ? `; ${renderBrowser(data, 'browser')} still has it and registered ${count} tool(s) through it (${names}): not counted, browsers that follow the text see none`
    : '';
}

/** The browser's schema issues under `prefix`: the issue types and, in `<prefix>Counts`, how often each. */
export function schemaIssuesData(issues: ReadonlyArray<{ type: string; count: number }>, prefix = 'issues'): Record<string, string> {
  return { [prefix]: issues.map((i) => i.type).join(', '), [`${prefix}Counts`]: issues.map((i) => i.count).join(',') };
}

/** `FormModelContextMissingToolDescription (1), ...`. */
export function renderSchemaIssues(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  const counts = String(data[`${prefix}Counts`] ?? '').split(',');
  return String(data[prefix])
    .split(', ')
    .filter(Boolean)
    .map((t, i) => `${t} (${counts[i]})`)
    .join(', ');
}

/** The schema issues as a clause of a reading without tools: " and reports X, Y", or ''. */
export function renderSchemaIssueTypes(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  return data[prefix] ? ` and reports ${data[prefix]}` : '';
}

/** The headers of the page that switch WebMCP off (webmcp-policy.ts), and the tools this browser registered anyway. */
export interface SwitchedOff {
  /** The Permissions-Policy `tools` value that leaves the page out, or null. */
  policy: string | null;
  originAgentClusterOff: boolean;
  /** Tools this browser registered although the headers switch WebMCP off. */
  registered: readonly string[];
}

/** Under `prefix`: `<prefix>` the header names (comma-joined, '' when none), `<prefix>Policy`, `<prefix>Count`, `<prefix>Tools`. */
export function switchedOffData(off: SwitchedOff, prefix = 'off'): Record<string, string | number> {
  const headers = [off.policy !== null && 'Permissions-Policy', off.originAgentClusterOff && 'Origin-Agent-Cluster'].filter((h): h is string => !!h);
  if (!headers.length) return { [prefix]: '' };
  return {
    [prefix]: headers.join(', '),
    ...(off.policy !== null ? { [`${prefix}Policy`]: off.policy } : {}),
    ...(off.registered.length ? { [`${prefix}Count`]: off.registered.length, [`${prefix}Tools`]: off.registered.slice(0, 5).map(untabbed).join(TAB) } : {}),
  };
}

/** ": the response sends ..., which switches WebMCP off, ..." with what the browser (named in `browser`) did anyway, or '' when no header does. */
export function renderSwitchedOff(data: Data, prefix: string): string | null {
  if (data[prefix] === undefined) return null;
  if (!data[prefix]) return '';
  const headers = String(data[prefix]).split(', ');
  const sent = headers
    .map((h) =>
      h === 'Permissions-Policy' ? `Permissions-Policy ${data[`${prefix}Policy`] ?? ''}` : h === 'Origin-Agent-Cluster' ? 'Origin-Agent-Cluster: ?0' : h,
    )
    .join(' and ');
  const count = Number(data[`${prefix}Count`] ?? 0);
  const anyway = count
    ? `; ${renderBrowser(data, 'browser')} registered ${count} tool(s) anyway (${list(data, `${prefix}Tools`).join(', ')}), which browsers that follow the text refuse`
    : '';
  return `: the response sends ${sent}, which switches WebMCP off, so a browser that follows the WebMCP text refuses registerTool()${anyway}`;
}
