/**
 * A7 in rendered mode: the browser's own list of WebMCP tools after load (the DevTools WebMCP
 * domain: imperative registerTool() calls and declarative <form toolname> tools alike, with their
 * descriptions and input schemas), and the browser's FormModelContext* issues about them. The
 * browser is the truth here: a static pass whose tools the browser never registered fails.
 */
import type { FetchResult } from '../net/http.js';
import type { RenderedPage } from './artifact.js';
import { renderedPage } from './rendered-page.js';
import { readWebMcpPolicy } from '../checks/capabilities/webmcp-policy.js';
import type { RenderedHook, RenderedOutcome } from './with-rendered.js';
import { renderAdvisories, withAdvisory } from '../checks/types.js';

/** The note this hook adds when the browser could not say (A7 lists it in its meta.advisories). */
export const A7_RENDERED_ADVISORIES = { 'A7/static-only': '{why}: static detection only' } as const;

/** What the hook reads of A7's artifact (the check declares this hook, so it does not import the check). */
interface WebMcpArtifact {
  page: FetchResult;
  /** Text of inline executable scripts. */
  inline: string[];
  /** Same-origin external scripts fetched. */
  scripts: FetchResult[];
}

const NAVIGATOR_RE = /\bnavigator\s*\.\s*modelContext\b/;

/** Whether the page's scripts (as A7 read them) use navigator.modelContext. */
function usesNavigator(a: WebMcpArtifact): boolean {
  return [...a.inline, ...a.scripts.map((s) => s.text)].some((t) => NAVIGATOR_RE.test(t));
}

/** Why the browser refuses registerTool() on this page, from its response headers (webmcp-policy.ts), or ''. */
function refusedBy(a: WebMcpArtifact): string {
  const p = readWebMcpPolicy(a.page.headers, new URL(a.page.url).origin);
  const why = [p.toolsDisabled && `Permissions-Policy ${p.tools}`, p.originAgentClusterOff && 'Origin-Agent-Cluster: ?0'].filter(Boolean).join(' and ');
  return why ? `: the response sends ${why}, so the browser refuses registerTool()` : '';
}

function describeTool(t: RenderedPage['tools'][number]): string {
  const schema = t.inputSchema && typeof t.inputSchema === 'object' ? (t.inputSchema as { properties?: Record<string, unknown> }).properties : undefined;
  const params = schema ? Object.keys(schema) : [];
  return `${t.name}${t.declarative ? ' (form)' : ''}: "${t.description.slice(0, 80)}"${params.length ? ` (${params.slice(0, 6).join(', ')})` : ''}`;
}

export const a7RenderedHook: RenderedHook<WebMcpArtifact, RenderedPage> = {
  codes: {
    'A7/rendered-ok': 'measured in a browser: WebMCP tools registered after load, with no schema issue from the browser',
    'A7/rendered-schema-issues': 'partial, measured in a browser: tools registered, but the browser reports issues with their schemas (FormModelContext*)',
    'A7/navigator-only': 'measured in a browser: the page registers on navigator.modelContext, which current Chrome no longer has, so it sees no tools',
    'A7/rendered-none': 'measured in a browser: no WebMCP tool registered after load',
  },
  messages: {
    'A7/rendered-ok': 'Registered in the browser after load{via}: {count} tool(s): {tools}. Static reading: {static}',
    'A7/rendered-schema-issues':
      'Registered in the browser after load{via}: {count} tool(s): {tools}. The browser reports schema issues: {issues}. Static reading: {static}',
    'A7/navigator-only':
      "The browser registered no tool: the page's scripts use navigator.modelContext, which current Chrome no longer has (the API is document.modelContext). Static reading: {static}",
    'A7/rendered-none': 'The browser registered no WebMCP tool after load{via}{issues}. Static reading: {static}',
  },
  gather: (ctx) => renderedPage(ctx),
  merge(outcome, r, a): RenderedOutcome {
    if (outcome.code === 'A7/not-html') return outcome;
    if (r.error || r.webmcp === 'unavailable') {
      const why = r.error ? `the page could not be rendered (${r.error})` : 'the browser could not read WebMCP tools';
      return withAdvisory(outcome, renderAdvisories(A7_RENDERED_ADVISORIES, [{ code: 'A7/static-only', data: { why } }])[0]);
    }
    // The static sub-findings stay in the static evidence quoted below; the browser's verdict has its own.
    const { findings: _static, ...base } = outcome;
    outcome = base;
    const details = { ...outcome.details, staticDetection: false, rendered: { tools: r.tools, schemaIssues: r.schemaIssues, via: r.webmcp } };
    // Without the DevTools domain the registrations were recorded in the page: said in the evidence.
    const via =
      r.webmcp === 'recorded' ? ' (recorded from document.modelContext.registerTool calls and form tools: this browser has no DevTools WebMCP domain)' : '';
    const found = { via, count: r.tools.length, tools: r.tools.slice(0, 8).map(describeTool).join('; '), static: outcome.evidence };
    if (r.tools.length) {
      const matched = `WebMCP (${[r.tools.some((t) => !t.declarative) && 'imperative', r.tools.some((t) => t.declarative) && 'declarative'].filter(Boolean).join(' + ')}, seen by Chrome)`;
      if (r.schemaIssues.length) {
        const issues = r.schemaIssues.map((i) => `${i.type} (${i.count})`).join(', ');
        return {
          ...outcome,
          status: 'partial',
          code: 'A7/rendered-schema-issues',
          data: { ...found, issues },
          remediation:
            'Give every form tool a tooldescription and every parameter a label or toolparamdescription, so the browser can build a complete schema.',
          matched,
          details,
        };
      }
      return { ...outcome, status: 'pass', code: 'A7/rendered-ok', data: found, remediation: undefined, matched, details };
    }
    if (usesNavigator(a)) {
      return {
        ...outcome,
        status: outcome.status === 'fail' ? 'fail' : 'partial',
        code: 'A7/navigator-only',
        data: { static: outcome.evidence },
        remediation: 'Register tools on document.modelContext (feature-detect it), not navigator.modelContext: current Chrome sees no tools otherwise.',
        details,
      };
    }
    return {
      ...outcome,
      status: 'fail',
      code: 'A7/rendered-none',
      data: {
        via,
        issues: `${r.schemaIssues.length ? ` and reports ${r.schemaIssues.map((i) => i.type).join(', ')}` : ''}${refusedBy(a)}`,
        static: outcome.evidence,
      },
      details,
    };
  },
};
