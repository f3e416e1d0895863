/**
 * A7 WebMCP, static detection: no browser runs, so we read the page's inline scripts and up to
 * eight same-origin scripts for `document.modelContext` (the API of the current draft) with a
 * registration call, and the HTML for declarative `<form toolname>` tools. `navigator.modelContext`
 * alone is the deprecated spelling (Chrome deprecated it in 150 and removed it in 152): partial,
 * with a finding. What a static read can see is validated the way Chromium's own form checks do:
 * a tool without a name or description, a parameter without a name, or without a title or
 * description. Script text is searched, not page prose, so an article about WebMCP with code
 * samples does not pass.
 */
import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { excerpt, isOk } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { webMcpFoundData, webMcpFoundQuoted } from '../../gather/webmcp-facts.js';
import { pageHtmlStep, platformHook, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { readWebMcpPolicy } from './webmcp-policy.js';
import { a7RenderedHook } from './a7-rendered.js';

const SPEC = ['https://webmachinelearning.github.io/webmcp/', 'https://github.com/webmachinelearning/webmcp'];
export const MAX_SCRIPTS = 8;
export const SCRIPT_MAX_BYTES = 1024 * 1024;
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);
/** Form controls that are not tool parameters. */
const NON_PARAM_TYPES = new Set(['submit', 'button', 'reset', 'image', 'hidden']);

export interface DeclarativeParam {
  name: string | null;
  /** toolparamtitle, a <label>, aria-label or title. */
  title: string | null;
  /** toolparamdescription. */
  description: string | null;
}

export interface DeclarativeTool {
  toolname: string;
  description: string | null;
  params: number;
  /** The form's parameters as read (absent in artifacts that only counted them). */
  fields?: DeclarativeParam[];
  autosubmit?: boolean;
}

export interface WebMcpArtifact {
  page: FetchResult;
  isHtml: boolean;
  /** Text of inline executable scripts. */
  inline: string[];
  forms: DeclarativeTool[];
  /** Same-origin external scripts fetched (at most MAX_SCRIPTS). */
  scripts: FetchResult[];
  /** External scripts not fetched: other origins or beyond the cap. */
  skipped: { crossOrigin: number; overCap: number };
}

interface ImperativeTool {
  name: string;
  hasDescription: boolean;
}

interface Finding {
  source: string;
  references: boolean;
  registers: boolean;
  /** document.modelContext, the current API. */
  documentApi: boolean;
  /** navigator.modelContext, deprecated (Chrome 150) and removed (Chrome 152). */
  navigatorApi: boolean;
  /** registerTool() is called (provideContext() alone is not: the draft removed it, 2026-03-05). */
  registerTool: boolean;
  /** Calls of methods the draft removed (provideContext, clearContext, unregisterTool). */
  removedCalls: string[];
  tools: ImperativeTool[];
  snippet: string;
}

const REF_RE = /\bmodelContext\b/;
const REGISTER_RE = /\b(registerTool|provideContext)\s*\(/;
const REGISTER_TOOL_RE = /\bregisterTool\s*\(/;
/** Methods no longer in the draft (and absent from Chromium 156): calling them throws a TypeError. */
const REMOVED_RE = /\.\s*(provideContext|clearContext|unregisterTool)\s*\(/g;
const DOCUMENT_RE = /\bdocument\s*\.\s*modelContext\b/;
const NAVIGATOR_RE = /\bnavigator\s*\.\s*modelContext\b/;
/** An object literal passed to registerTool: the window read is up to 800 characters or the next call. */
const TOOL_RE = /registerTool\s*\(\s*\{/g;
const TOOL_WINDOW = 800;
const NAME_RE = /\bname\s*:\s*(['"`])([^'"`\n]{0,200})\1/;
/** index.bs: a tool name is 1 to 128 ASCII alphanumerics, "_", "-" or ".". */
export const TOOL_NAME_RE = /^[A-Za-z0-9_.-]{1,128}$/;

function searchScript(text: string, source: string): Finding {
  const references = REF_RE.test(text);
  const reg = REGISTER_RE.exec(text);
  const tools: ImperativeTool[] = [];
  for (const m of text.matchAll(TOOL_RE)) {
    let body = text.slice(m.index + m[0].length, m.index + m[0].length + TOOL_WINDOW);
    const next = body.search(/registerTool\s*\(/);
    if (next >= 0) body = body.slice(0, next);
    const name = NAME_RE.exec(body);
    if (!name) continue; // a name from a variable is not visible statically
    tools.push({ name: name[2], hasDescription: /\bdescription\s*:/.test(body) });
    if (tools.length >= 10) break;
  }
  const at = reg ? reg.index : text.search(REF_RE);
  return {
    source,
    references,
    registers: !!reg,
    documentApi: DOCUMENT_RE.test(text),
    navigatorApi: NAVIGATOR_RE.test(text),
    registerTool: REGISTER_TOOL_RE.test(text),
    removedCalls: references ? [...new Set([...text.matchAll(REMOVED_RE)].map((m) => m[1]))] : [],
    tools,
    snippet: at >= 0 ? excerpt(text.slice(Math.max(0, at - 40), at + 80), 120) : '',
  };
}

type A7Finding =
  | 'A7/navigator-deprecated'
  | 'A7/provide-context-removed'
  | 'A7/policy-disabled'
  | 'A7/origin-agent-cluster-off'
  | 'A7/tool-no-name'
  | 'A7/tool-name-invalid'
  | 'A7/tool-no-description'
  | 'A7/param-no-name'
  | 'A7/param-no-title';

/** Chromium's form checks, applied to what the HTML and the script text show. */
function validate(forms: DeclarativeTool[], imperative: ImperativeTool[]): Array<SubFinding<A7Finding>> {
  const out: Array<SubFinding<A7Finding>> = [];
  for (const f of forms) {
    const tool = f.toolname || '(unnamed form)';
    if (!f.toolname) out.push({ code: 'A7/tool-no-name', data: { tool } });
    else if (!TOOL_NAME_RE.test(f.toolname)) out.push({ code: 'A7/tool-name-invalid', data: { tool: f.toolname } });
    if (!f.description) out.push({ code: 'A7/tool-no-description', data: { tool } });
    const unnamed = (f.fields ?? []).filter((p) => !p.name).length;
    if (unnamed) out.push({ code: 'A7/param-no-name', data: { tool, count: unnamed } });
    const untitled = (f.fields ?? []).filter((p) => p.name && !p.title && !p.description).map((p) => p.name as string);
    if (untitled.length) out.push({ code: 'A7/param-no-title', data: { tool, params: untitled.slice(0, 6).join(', ') } });
  }
  for (const t of imperative) {
    if (!t.name) out.push({ code: 'A7/tool-no-name', data: { tool: '(empty name)' } });
    else if (!TOOL_NAME_RE.test(t.name)) out.push({ code: 'A7/tool-name-invalid', data: { tool: t.name } });
    if (!t.hasDescription) out.push({ code: 'A7/tool-no-description', data: { tool: t.name || '(empty name)' } });
  }
  return out;
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A7/policy-unparsable': 'Permissions-Policy is not a Structured Fields Dictionary ({error}): browsers ignore the whole header',
  'A7/policy-allows': 'Permissions-Policy {policy} lets this page use WebMCP',
  'A7/removed-calls':
    'calls {calls}, which the draft no longer has (webmcp index.bs at 0b676d2: registerTool() only; unregister with ' +
    'its `signal` option): current Chrome throws a TypeError there',
  'A7/navigator-also':
    'also references navigator.modelContext (deprecated in Chrome 150, removed in 152): keep document.modelContext as the path that registers',
  'A7/autosubmit': 'form tool "{tool}" has toolautosubmit: the agent submits it without the user pressing the button',
  'A7/cross-origin-scripts': '{count} script(s) from other origins not read',
  'A7/scripts-over-cap': `{count} same-origin script(s) beyond the first ${MAX_SCRIPTS} not read`,
  'A7/scripts-unfetched': '{count} script(s) could not be fetched',
  'A7/form-tools-refused':
    "the response sends {headers}, which makes the browser reject registerTool(); the draft's declarative section " +
    'is still a TODO, so whether form tools are refused too is not specified',
  'A7/navigator-feature-detect': 'navigator.modelContext is deprecated (Chrome 150) and removed (Chrome 152): feature-detect document.modelContext',
} as const;
type A7Advisory = keyof typeof ADVISORIES;

/** What the static scan read: its data are the counts `inline` and `scripts`. */
const SCOPE = '{inline} inline and {scripts} same-origin script(s) read';

/** The partial outcomes: what was found, then every problem (the first names the code). */
const PARTIAL = `Static: {found:webmcp}. ${SCOPE}. Problems: {findings}.`;

export const a7WebMcp = defineCheck<WebMcpArtifact>()({
  meta: {
    id: 'A7',
    name: 'WebMCP tools',
    dimension: 'capabilities',
    tier: 'bonus',
    weight: 3,
    // A content site is not marked down for an agent capability it does not run (not offered).
    contentProfile: 'offered',
    anchorKey: 'webMcp',
    specUrls: SPEC,
    standards: ['webmcp'],
    summary:
      'Static detection of WebMCP on the page: document.modelContext with registerTool() in inline or same-origin ' +
      'scripts (up to 8, 1 MB each), or declarative <form toolname tooldescription> tools; navigator.modelContext ' +
      'alone is the deprecated spelling and provideContext() the removed one (partial). Tools and parameters are ' +
      'checked for names and descriptions as Chromium does, and the response headers for what switches WebMCP off ' +
      '(Permissions-Policy `tools`, Origin-Agent-Cluster: ?0).',
    why: "WebMCP lets an agent in the browser call your page's features as typed tools instead of guessing at clicks and form fields.",
    remediation:
      "Register your page's main actions as WebMCP tools with `await document.modelContext.registerTool({...})`, or mark forms with toolname/tooldescription.",
    pageLevel: true,
    remedies: {
      'A7/allow-tools-feature':
        'Let the page use the `tools` feature: drop `tools` from the Permissions-Policy header, or allow it ' +
        '(`tools=(self)`); `tools=()` switches WebMCP off.',
      'A7/origin-keyed': 'Stop sending `Origin-Agent-Cluster: ?0` (and stop setting document.domain): WebMCP needs an origin-keyed page.',
      'A7/replace-provide-context': 'Register each tool with `await document.modelContext.registerTool({...})`; provideContext() no longer exists.',
      'A7/use-document-model-context':
        'Register the tools on document.modelContext (`await document.modelContext.registerTool({...})`); ' +
        'navigator.modelContext was removed in Chrome 152.',
      'A7/describe-tools': 'Give every tool a valid name and a description, and every form field a name and a label or toolparamdescription.',
      'A7/register-tools': 'Call `await document.modelContext.registerTool({...})` for each action, not only feature-detect the API.',
    },
    codes: {
      'A7/not-html': 'info: the page is not HTML, so there is nothing to register WebMCP tools on',
      'A7/ok':
        'WebMCP tools found by static detection (imperative document.modelContext.registerTool or declarative form ' +
        'toolname), each with a valid name and a description',
      'A7/navigator-deprecated':
        'partial: tools are registered on navigator.modelContext only, which Chrome deprecated in 150 and removed in 152 (current Chrome sees none of them)',
      'A7/provide-context-removed':
        'partial: tools are given only through provideContext(), which the draft removed (2026-03-05) and current ' +
        'Chrome does not have; registerTool() is the API',
      'A7/policy-disabled':
        'partial: the page registers tools but its Permissions-Policy leaves it out of the `tools` feature (e.g. ' +
        'tools=()), so the browser rejects every registerTool() call',
      'A7/origin-agent-cluster-off':
        'partial: the page registers tools but sends Origin-Agent-Cluster: ?0 (document.domain enabled), so the browser rejects every registerTool() call',
      'A7/tool-no-name': 'partial: a tool (a form with tooldescription, or a registerTool call) has no name',
      'A7/tool-name-invalid': 'partial: a tool name is not 1-128 ASCII letters, digits, "_", "-" or "."',
      'A7/tool-no-description': 'partial: a tool has no description (tooldescription or description), which agents choose tools by',
      'A7/param-no-name': 'partial: a form tool has a field without a name, which cannot become a parameter',
      'A7/param-no-title': 'partial: a form tool parameter has neither a title (label, toolparamtitle, aria-label) nor a toolparamdescription',
      'A7/feature-detect-only': 'partial: modelContext is referenced but no tool is registered',
      'A7/missing': 'no WebMCP tools detected',
    },
    messages: {
      'A7/not-html': '{seen:probe}: not an HTML page, so there is nothing to register WebMCP tools on.',
      'A7/ok': `Static: {found:webmcp}. ${SCOPE}.`,
      'A7/navigator-deprecated': PARTIAL,
      'A7/provide-context-removed': PARTIAL,
      'A7/policy-disabled': PARTIAL,
      'A7/origin-agent-cluster-off': PARTIAL,
      'A7/tool-no-name': PARTIAL,
      'A7/tool-name-invalid': PARTIAL,
      'A7/tool-no-description': PARTIAL,
      'A7/param-no-name': PARTIAL,
      'A7/param-no-title': PARTIAL,
      'A7/feature-detect-only': `modelContext is referenced in {referencing} ("{excerpt}") but no registerTool() call was found. ${SCOPE}.`,
      'A7/missing':
        'No WebMCP tools detected: no <form toolname> and no document.modelContext (or navigator.modelContext) in ' +
        `${SCOPE}. Tools registered by cross-origin scripts or after user interaction are not visible to a static scan.`,
    },
    advisories: ADVISORIES,
    // The page's own words: tool and parameter names, script sources, the code excerpt, header values, a parser's message.
    quoted: ['excerpt', 'referencing', 'tool', 'params', 'policy', 'headers', 'error', 'calls', ...webMcpFoundQuoted()],
    findings: {
      'A7/navigator-deprecated':
        'the tools are registered on navigator.modelContext only: deprecated in Chrome 150 and removed in 152, so ' +
        'current Chrome sees none of them (use document.modelContext)',
      'A7/provide-context-removed':
        'the tools are given only through provideContext(), removed from the draft (webmcp index.bs, 2026-03-05) and ' +
        'absent from current Chrome: register each with registerTool()',
      'A7/policy-disabled':
        'the response sends Permissions-Policy {policy}, which leaves this page out of the `tools` feature: the browser ' +
        'rejects registerTool() with NotAllowedError (webmcp index.bs at 0b676d2, "Permissions policy integration")',
      'A7/origin-agent-cluster-off':
        'the response sends Origin-Agent-Cluster: ?0, so document.domain is enabled and the browser rejects ' +
        'registerTool() with SecurityError (webmcp index.bs at 0b676d2, registerTool() steps)',
      'A7/tool-no-name': 'tool {tool} has no name',
      'A7/tool-name-invalid': 'tool name "{tool}" is not 1-128 ASCII letters, digits, "_", "-" or "."',
      'A7/tool-no-description': 'tool {tool} has no description',
      'A7/param-no-name': 'form tool {tool}: {count} field(s) without a name',
      'A7/param-no-title': 'form tool {tool}: parameter(s) {params} have no label/title or toolparamdescription',
    },
  },
  async gather(ctx) {
    const page = ctx.page();
    const $ = await ctx.html();
    if (!$) return { page, isHtml: false, inline: [], forms: [], scripts: [], skipped: { crossOrigin: 0, overCap: 0 } };
    const inline: string[] = [];
    const external: string[] = [];
    let crossOrigin = 0;
    $('script').each((_, el) => {
      const type = ($(el).attr('type') ?? '').split(';')[0].trim().toLowerCase();
      if (!SCRIPT_TYPES.has(type)) return;
      const src = $(el).attr('src');
      if (!src) {
        inline.push($(el).text());
        return;
      }
      try {
        const u = new URL(src, ctx.pageUrl);
        if (u.origin !== ctx.pageUrl.origin) crossOrigin++;
        else if (!external.includes(u.href)) external.push(u.href);
      } catch {
        // Unresolvable src: a browser would not load it either.
      }
    });
    const attr = (v: string | undefined, max: number) => v?.replace(/\s+/g, ' ').trim().slice(0, max) || null;
    // Labels by their `for`, read once (bounded): no selector is built from page-supplied ids.
    const labelFor = new Map<string, string>();
    for (const el of $('label[for]').toArray().slice(0, 2000)) {
      const id = $(el).attr('for');
      if (id && !labelFor.has(id)) labelFor.set(id, $(el).text().slice(0, 200));
    }
    const forms = $('form[toolname], form[tooldescription]')
      .toArray()
      .slice(0, 20)
      .map((el) => {
        const fields = $(el)
          .find('input, select, textarea')
          .toArray()
          .filter((f) => !NON_PARAM_TYPES.has(($(f).attr('type') ?? '').toLowerCase()))
          .slice(0, 50)
          .map((f): DeclarativeParam => {
            const id = $(f).attr('id');
            const label = (id ? labelFor.get(id) : '') || $(f).closest('label').text().slice(0, 200);
            return {
              name: attr($(f).attr('name'), 64),
              title: attr($(f).attr('toolparamtitle'), 120) ?? attr(label, 120) ?? attr($(f).attr('aria-label'), 120) ?? attr($(f).attr('title'), 120),
              description: attr($(f).attr('toolparamdescription'), 200),
            };
          });
        return {
          toolname: ($(el).attr('toolname') ?? '').trim().slice(0, 200),
          description: attr($(el).attr('tooldescription'), 200),
          params: fields.filter((f) => f.name).length,
          fields,
          autosubmit: $(el).attr('toolautosubmit') !== undefined,
        };
      });
    const scripts = await Promise.all(external.slice(0, MAX_SCRIPTS).map((u) => ctx.fetch(u, { accept: '*/*', maxBytes: SCRIPT_MAX_BYTES })));
    return { page, isHtml: true, inline, forms, scripts, skipped: { crossOrigin, overCap: Math.max(0, external.length - MAX_SCRIPTS) } };
  },
  // In rendered mode: the tools the browser registered after load (render/a7-rendered.ts).
  rendered: a7RenderedHook,
  evaluate(a, { origin }) {
    if (!isOk(a.page) || !a.isHtml) {
      return { status: 'info', code: 'A7/not-html', data: probeData(a.page, origin), probes: [a.page] };
    }
    const fetched = a.scripts.filter((s) => isOk(s));
    const found = [
      ...a.inline.map((t, i) => searchScript(t, `inline script ${i + 1}`)),
      ...fetched.map((s) => searchScript(s.text, new URL(s.requestedUrl).pathname)),
    ];
    const registering = found.filter((f) => f.registers);
    const referencing = found.filter((f) => f.references);
    const imperative = referencing.length > 0 && registering.length > 0;
    const usesDocument = found.some((f) => f.documentApi);
    const usesNavigator = found.some((f) => f.navigatorApi);
    // Only the deprecated spelling: current Chrome has no navigator.modelContext, so sees no tool.
    const navigatorOnly = usesNavigator && !usesDocument;
    const forms = a.forms.filter((f) => f.toolname);
    const advisories: Array<SubFinding<A7Advisory>> = [];
    // What the response headers do to the API (webmcp-policy.ts); judged where tools are registered.
    const policy = readWebMcpPolicy(a.page.headers, new URL(a.page.url).origin);
    if (policy.policyError) advisories.push({ code: 'A7/policy-unparsable', data: { error: policy.policyError } });
    else if (policy.tools && !policy.toolsDisabled) advisories.push({ code: 'A7/policy-allows', data: { policy: policy.tools } });
    const removed = [...new Set(found.flatMap((f) => f.removedCalls))];
    if (removed.length) advisories.push({ code: 'A7/removed-calls', data: { calls: removed.map((m) => `${m}()`).join(', ') } });
    if (imperative && usesNavigator && usesDocument) advisories.push({ code: 'A7/navigator-also' });
    for (const f of forms) if (f.autosubmit) advisories.push({ code: 'A7/autosubmit', data: { tool: f.toolname } });
    if (a.skipped.crossOrigin) advisories.push({ code: 'A7/cross-origin-scripts', data: { count: a.skipped.crossOrigin } });
    if (a.skipped.overCap) advisories.push({ code: 'A7/scripts-over-cap', data: { count: a.skipped.overCap } });
    const broken = a.scripts.length - fetched.length;
    if (broken) advisories.push({ code: 'A7/scripts-unfetched', data: { count: broken } });
    const scope = { inline: a.inline.length, scripts: fetched.length };
    const probes = [a.page, ...a.scripts];
    const imperativeTools = imperative ? registering.flatMap((f) => f.tools) : [];
    const details = {
      declarativeTools: forms.map((f) => f.toolname),
      imperativeTools: [...new Set(imperativeTools.map((t) => t.name))],
      sources: registering.map((f) => f.source),
      api:
        imperative || referencing.length
          ? usesDocument
            ? usesNavigator
              ? 'document+navigator'
              : 'document'
            : usesNavigator
              ? 'navigator'
              : 'unknown'
          : null,
      staticDetection: true,
    };
    if (a.forms.length || imperative) {
      const api = navigatorOnly ? 'navigator.modelContext (deprecated)' : usesDocument ? 'document.modelContext' : 'modelContext';
      const foundData = webMcpFoundData({
        imperative: imperative ? { api, sources: registering.map((f) => f.source), tools: details.imperativeTools, snippet: registering[0].snippet } : null,
        forms: a.forms.map((f) => ({ toolname: f.toolname, params: f.params })),
      });
      const problems = validate(a.forms, imperativeTools);
      if (imperative && navigatorOnly) problems.unshift({ code: 'A7/navigator-deprecated' });
      else if (imperative && !found.some((f) => f.registerTool)) problems.unshift({ code: 'A7/provide-context-removed' });
      if (imperative && policy.originAgentClusterOff) problems.unshift({ code: 'A7/origin-agent-cluster-off' });
      if (imperative && policy.toolsDisabled) problems.unshift({ code: 'A7/policy-disabled', data: { policy: policy.tools ?? '' } });
      if (!imperative && (policy.toolsDisabled || policy.originAgentClusterOff)) {
        const headers = [policy.toolsDisabled && `Permissions-Policy ${policy.tools}`, policy.originAgentClusterOff && 'Origin-Agent-Cluster: ?0']
          .filter(Boolean)
          .join(' and ');
        advisories.push({ code: 'A7/form-tools-refused', data: { headers } });
      }
      const shapes = [
        imperative && (navigatorOnly ? 'imperative navigator.modelContext, deprecated' : 'imperative document.modelContext'),
        a.forms.length && 'declarative form toolname',
      ];
      const matched = `WebMCP draft (${shapes.filter(Boolean).join(' + ')}, static detection)`;
      if (problems.length) {
        return {
          status: 'partial',
          code: problems[0].code,
          data: { ...foundData, ...scope },
          findings: problems,
          remedy:
            problems[0].code === 'A7/policy-disabled'
              ? 'A7/allow-tools-feature'
              : problems[0].code === 'A7/origin-agent-cluster-off'
                ? 'A7/origin-keyed'
                : problems[0].code === 'A7/provide-context-removed'
                  ? 'A7/replace-provide-context'
                  : navigatorOnly
                    ? 'A7/use-document-model-context'
                    : 'A7/describe-tools',
          matched,
          advisories,
          probes,
          details,
        };
      }
      return { status: 'pass', code: 'A7/ok', data: { ...foundData, ...scope }, matched, advisories, probes, details };
    }
    if (referencing.length) {
      if (navigatorOnly) advisories.push({ code: 'A7/navigator-feature-detect' });
      return {
        status: 'partial',
        code: 'A7/feature-detect-only',
        data: { referencing: referencing.map((f) => f.source).join(', '), excerpt: referencing[0].snippet, ...scope },
        remedy: 'A7/register-tools',
        advisories,
        probes,
        details,
      };
    }
    return {
      status: 'fail',
      code: 'A7/missing',
      data: scope,
      advisories,
      probes,
      details,
    };
  },
  fixGuide(fx) {
    const imperative = `// WebMCP lives on document.modelContext (navigator.modelContext is deprecated: Chrome 150, removed in 152).
const webmcp = new AbortController(); // webmcp.abort() unregisters the tools

async function registerWebMcpTools() {
  if (!document.modelContext) return; // this browser has no WebMCP
  await document.modelContext.registerTool(
    {
      name: 'search_products',
      title: 'Search products',
      description: 'Search the catalog by keywords; returns matching product names and URLs.',
      inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'Keywords' } }, required: ['query'] },
      annotations: { readOnlyHint: true }, // reads only; add untrustedContentHint: true if results carry user-written text
      async execute({ query }) {
        const res = await fetch('/search?format=json&q=' + encodeURIComponent(query));
        return { content: [{ type: 'text', text: await res.text() }] };
      },
    },
    { signal: webmcp.signal }, // exposedTo: ['https://partner.example'] also lets that origin's frames see it
  );
}
registerWebMcpTools().catch((err) => console.warn('WebMCP registration failed', err));
`;
    const declarative =
      '<form action="/search" toolname="search_products" tooldescription="Search the catalog by keywords">\n' +
      '  <label for="q">Keywords</label>\n  <input id="q" name="q" toolparamdescription="Keywords to search for">\n' +
      '  <button>Search</button>\n</form>\n<!-- add toolautosubmit to let the agent submit without the user pressing the button -->\n';
    const hooked: FixStep = platformHook(fx, 'webMcpRegistration')?.(fx, imperative) ?? {
      title: 'Register a tool in a script the page loads (imperative API)',
      body:
        'registerTool() returns a promise (it rejects on a duplicate or invalid name); the tool name is 1-128 letters, ' +
        'digits, "_", "-" or ".". Options: `signal` (an AbortSignal that unregisters the tool) and `exposedTo` (other ' +
        'origins allowed to see it). Annotations: `readOnlyHint`, `untrustedContentHint`.',
      code: imperative,
      lang: 'js',
    };
    // What the step publishes, as data: the script inline in the page (the generic form of "a script the page loads").
    // A sample tool: the site's own actions are the owner's to expose.
    const where = pageHtmlStep(hooked, { where: 'body', content: `<script>\n${imperative}</script>`, source: 'example' });
    return [
      where,
      {
        title: 'Or mark an existing form as a tool (declarative API)',
        body:
          'Agents fill and submit the form as a typed tool: the form needs toolname and tooldescription, every field a ' +
          'name and a label or toolparamdescription.',
        code: declarative,
        lang: 'html',
      },
      {
        title: 'Deprecated: navigator.modelContext',
        body:
          'Code written for the earlier draft registers on navigator.modelContext: Chrome deprecated it in 150 and ' +
          'removed it in 152, so current Chrome never sees those tools. Replace `navigator.modelContext` with ' +
          '`document.modelContext` (and await registerTool). provideContext(), clearContext() and unregisterTool() are ' +
          'gone too: register each tool with registerTool() and unregister it through its `signal`.',
      },
      {
        title: 'Keep the headers from switching it off',
        body:
          "WebMCP is the policy-controlled feature `tools` (default: the page's own origin). A `Permissions-Policy` " +
          'header with `tools=()` (or an allowlist without self) makes registerTool() reject; so does ' +
          '`Origin-Agent-Cluster: ?0`. Leave `tools` out of the header, or allow it explicitly:',
        code: 'Permissions-Policy: tools=(self)\n',
        lang: 'http',
      },
      verifyStep(
        sh`curl -s ${fx.origin}/ | grep -Eo 'toolname="[^"]+"|document\\.modelContext|registerTool\\(' | sort -u`,
        'The page HTML (or a same-origin script it loads) shows the form tool or document.modelContext.registerTool; in ' +
          "Chrome with WebMCP enabled, the tool is listed for the page (ai-ready scan --render reads the browser's own list).",
      ),
      specStep(SPEC),
    ];
  },
});
