/**
 * A7 WebMCP, static detection: no browser runs, so we read the page's inline scripts and up to
 * eight same-origin scripts for `navigator.modelContext` with a registration call, and the HTML
 * for declarative `<form toolname>` tools. Script text is searched, not page prose, so an article
 * about WebMCP with code samples does not pass.
 */
import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import type { FixStep } from '../../schema.js';
import { describeProbe, excerpt, isOk } from '../../gather/classify.js';
import { platformHook, verifyStep, specStep } from '../../fixes/platform-steps.js';

const SPEC = ['https://webmachinelearning.github.io/webmcp/', 'https://github.com/webmachinelearning/webmcp'];
export const MAX_SCRIPTS = 8;
export const SCRIPT_MAX_BYTES = 1024 * 1024;
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);

export interface DeclarativeTool {
  toolname: string;
  description: string | null;
  params: number;
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

interface Finding {
  source: string;
  references: boolean;
  registers: boolean;
  documentVariant: boolean;
  tools: string[];
  snippet: string;
}

const REF_RE = /\bmodelContext\b/;
const REGISTER_RE = /\b(registerTool|provideContext)\s*\(/;
const TOOL_NAME_RE = /registerTool\s*\(\s*\{[\s\S]{0,400}?\bname\s*:\s*(['"`])([^'"`\n]{1,64})\1/g;

function searchScript(text: string, source: string): Finding {
  const references = REF_RE.test(text);
  const reg = REGISTER_RE.exec(text);
  const tools = [...text.matchAll(TOOL_NAME_RE)].slice(0, 10).map((m) => m[2]);
  const at = reg ? reg.index : text.search(REF_RE);
  return {
    source,
    references,
    registers: !!reg,
    documentVariant: /\bdocument\.modelContext\b/.test(text),
    tools,
    snippet: at >= 0 ? excerpt(text.slice(Math.max(0, at - 40), at + 80), 120) : '',
  };
}

export const a7WebMcp = defineCheck<WebMcpArtifact>()({
  meta: {
    id: 'A7',
    name: 'WebMCP tools',
    dimension: 'capabilities',
    tier: 'bonus',
    weight: 3,
    anchorKey: 'webMcp',
    specUrls: SPEC,
    standards: ['webmcp'],
    summary:
      'Static detection of WebMCP on the page: navigator.modelContext with registerTool()/provideContext() in inline or same-origin scripts (up to 8, 1 MB each), or declarative <form toolname> tools.',
    why: 'WebMCP lets an agent in the browser call your page\'s features as typed tools instead of guessing at clicks and form fields.',
    remediation: 'Register your page\'s main actions as WebMCP tools with navigator.modelContext.registerTool(), or mark forms with toolname/tooldescription.',
    pageLevel: true,
    codes: {
      'A7/not-html': 'info: the page is not HTML, so there is nothing to register WebMCP tools on',
      'A7/ok': 'WebMCP tools found by static detection (imperative registerTool or declarative form toolname)',
      'A7/feature-detect-only': 'partial: navigator.modelContext is referenced but no tool is registered',
      'A7/missing': 'no WebMCP tools detected',
    },
    messages: {
      'A7/not-html': '{pageSeen}: not an HTML page, so there is nothing to register WebMCP tools on.',
      'A7/ok': 'Static: {parts}. {scope}.',
      'A7/feature-detect-only': 'modelContext is referenced in {referencing} ("{excerpt}") but no registerTool()/provideContext() call was found. {scope}.',
      'A7/missing': 'No WebMCP tools detected: no <form toolname> and no navigator.modelContext in {scope}. Tools registered by cross-origin scripts or after user interaction are not visible to a static scan.',
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
    const forms = $('form[toolname]')
      .toArray()
      .slice(0, 20)
      .map((el) => ({
        toolname: ($(el).attr('toolname') ?? '').trim().slice(0, 64),
        description: $(el).attr('tooldescription')?.trim().slice(0, 200) || null,
        params: $(el).find('input[name], select[name], textarea[name]').length,
      }));
    const scripts = await Promise.all(external.slice(0, MAX_SCRIPTS).map((u) => ctx.fetch(u, { accept: '*/*', maxBytes: SCRIPT_MAX_BYTES })));
    return { page, isHtml: true, inline, forms, scripts, skipped: { crossOrigin, overCap: Math.max(0, external.length - MAX_SCRIPTS) } };
  },
  evaluate(a, { origin }) {
    const pageSeen = describeProbe(a.page, origin);
    if (!isOk(a.page) || !a.isHtml) {
      return { status: 'info', code: 'A7/not-html', data: { pageSeen }, probes: [a.page] };
    }
    const fetched = a.scripts.filter((s) => isOk(s));
    const findings = [
      ...a.inline.map((t, i) => searchScript(t, `inline script ${i + 1}`)),
      ...fetched.map((s) => searchScript(s.text, new URL(s.requestedUrl).pathname)),
    ];
    const registering = findings.filter((f) => f.registers);
    const referencing = findings.filter((f) => f.references);
    const forms = a.forms.filter((f) => f.toolname);
    const advisories: string[] = [];
    if (findings.some((f) => f.documentVariant)) advisories.push('uses document.modelContext; the WebMCP draft puts the API on navigator.modelContext');
    for (const f of forms) if (!f.description) advisories.push(`form tool "${f.toolname}" has no tooldescription (agents choose tools by their description)`);
    if (a.skipped.crossOrigin) advisories.push(`${a.skipped.crossOrigin} script(s) from other origins not read`);
    if (a.skipped.overCap) advisories.push(`${a.skipped.overCap} same-origin script(s) beyond the first ${MAX_SCRIPTS} not read`);
    const broken = a.scripts.length - fetched.length;
    if (broken) advisories.push(`${broken} script(s) could not be fetched`);
    const scope = `${a.inline.length} inline and ${fetched.length} same-origin script(s) read`;
    const probes = [a.page, ...a.scripts];
    const imperative = referencing.length > 0 && registering.length > 0;
    const details = {
      declarativeTools: forms.map((f) => f.toolname),
      imperativeTools: [...new Set(registering.flatMap((f) => f.tools))],
      sources: registering.map((f) => f.source),
      staticDetection: true,
    };
    if (forms.length || imperative) {
      const parts: string[] = [];
      if (imperative) {
        const names = details.imperativeTools;
        parts.push(
          `registerTool/provideContext with modelContext in ${registering.map((f) => f.source).join(', ')}${names.length ? ` (tools: ${names.join(', ')})` : ''}: "${registering[0].snippet}"`,
        );
      }
      if (forms.length) parts.push(`${forms.length} declarative form tool(s): ${forms.map((f) => `${f.toolname} (${f.params} field(s))`).join(', ')}`);
      return {
        status: 'pass',
        code: 'A7/ok',
        data: { parts: parts.join('; '), scope },
        matched: `WebMCP draft (${[imperative && 'imperative navigator.modelContext', forms.length && 'declarative form toolname'].filter(Boolean).join(' + ')}, static detection)`,
        advisories,
        probes,
        details,
      };
    }
    if (referencing.length) {
      return {
        status: 'partial',
        code: 'A7/feature-detect-only',
        data: { referencing: referencing.map((f) => f.source).join(', '), excerpt: referencing[0].snippet, scope },
        remediation: 'Call navigator.modelContext.registerTool() for each action (or provideContext({tools})), not only feature-detect the API.',
        advisories,
        probes,
        details,
      };
    }
    return {
      status: 'fail',
      code: 'A7/missing',
      data: { scope },
      advisories,
      probes,
      details,
    };
  },
  fixGuide(fx) {
    const imperative = `if ('modelContext' in navigator) {\n  navigator.modelContext.registerTool({\n    name: 'search_products',\n    description: 'Search the catalog by keywords; returns matching product names and URLs.',\n    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },\n    async execute({ query }) {\n      const res = await fetch('/search?format=json&q=' + encodeURIComponent(query));\n      return { content: [{ type: 'text', text: await res.text() }] };\n    },\n  });\n}\n`;
    const declarative = `<form action="/search" toolname="search_products" tooldescription="Search the catalog by keywords">\n  <input name="q" toolparamdescription="Keywords to search for">\n  <button>Search</button>\n</form>\n`;
    const where: FixStep = platformHook(fx, 'webMcpRegistration')?.(fx, imperative) ?? {
      title: 'Register a tool in a script the page loads (imperative API)',
      code: imperative,
      lang: 'js',
    };
    return [
      where,
      { title: 'Or mark an existing form as a tool (declarative API)', body: 'Agents fill and submit the form as a typed tool; every input needs a name.', code: declarative, lang: 'html' },
      verifyStep(
        `curl -s ${fx.origin}/ | grep -Eo 'toolname="[^"]+"|registerTool\\(' | sort -u`,
        'The page HTML (or a same-origin script it loads) shows the form tool or the registerTool call; in Chrome with WebMCP enabled, the tool is listed for the page.',
      ),
      specStep(SPEC),
    ];
  },
});
