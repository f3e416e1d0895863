/**
 * A7 in rendered mode: the browser's own list of WebMCP tools after load (the DevTools WebMCP
 * domain: imperative registerTool() calls and declarative <form toolname> tools alike, with their
 * descriptions and input schemas), and the browser's FormModelContext* issues about them. The
 * browser is the evidence, the WebMCP text (index.bs at 0b676d2) the rule: a static pass whose tools
 * the browser never registered fails; tools registered only through navigator.modelContext (removed
 * by the text; Chromium 150-151 still have it) are A7/navigator-only, and tools on a page whose
 * headers switch WebMCP off are not a pass, whatever this browser did, so every supported version
 * gives the same verdict. The evidence names the browser and says what it did.
 */
import type { FetchResult } from '../../net/http.js';
import type { RenderedPage } from '../../gather/rendered-artifact.js';
import { renderedPage } from '../../gather/rendered-page.js';
import { readWebMcpPolicy } from './webmcp-policy.js';
import type { RenderedHook, RenderedOutcome } from '../types.js';

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

/** The headers of this page that switch WebMCP off, as the WebMCP text reads them (webmcp-policy.ts), or ''. */
function switchedOffBy(a: WebMcpArtifact): string {
  const p = readWebMcpPolicy(a.page.headers, new URL(a.page.url).origin);
  return [p.toolsDisabled && `Permissions-Policy ${p.tools}`, p.originAgentClusterOff && 'Origin-Agent-Cluster: ?0'].filter(Boolean).join(' and ');
}

/** `Chromium 150.0.7871.100`, or `the browser` when it did not say. */
function browserName(r: RenderedPage): string {
  return r.browser ? `${r.browser.name} ${r.browser.version}` : 'the browser';
}

function names(tools: RenderedPage['tools']): string {
  return tools
    .slice(0, 5)
    .map((t) => t.name)
    .join(', ');
}

function describeTool(t: RenderedPage['tools'][number]): string {
  const schema = t.inputSchema && typeof t.inputSchema === 'object' ? (t.inputSchema as { properties?: Record<string, unknown> }).properties : undefined;
  const params = schema ? Object.keys(schema) : [];
  return `${t.name}${t.declarative ? ' (form)' : ''}: "${t.description.slice(0, 80)}"${params.length ? ` (${params.slice(0, 6).join(', ')})` : ''}`;
}

export const a7RenderedHook: RenderedHook<WebMcpArtifact, RenderedPage> = {
  remedies: {
    'A7/describe-form-tools':
      'Give every form tool a tooldescription and every parameter a label or toolparamdescription, so the browser can build a complete schema.',
    'A7/register-on-document':
      'Register tools on document.modelContext (feature-detect it), not navigator.modelContext: browsers that follow ' +
      'the WebMCP text see no tools otherwise.',
  },
  codes: {
    'A7/rendered-ok': 'measured in a browser: WebMCP tools registered after load, with no schema issue from the browser',
    'A7/rendered-schema-issues': 'partial, measured in a browser: tools registered, but the browser reports issues with their schemas (FormModelContext*)',
    'A7/navigator-only':
      'measured in a browser: the page registers on navigator.modelContext only, which the WebMCP text removed ' +
      '(Chromium 152 on), so browsers that follow it see no tools',
    'A7/rendered-none': 'measured in a browser: no WebMCP tool registered after load',
  },
  messages: {
    'A7/rendered-ok': 'Registered in {browser} after load{via}: {count} tool(s): {tools}{also}. Static reading: {static}',
    'A7/rendered-schema-issues':
      'Registered in {browser} after load{via}: {count} tool(s): {tools}{also}. The browser reports schema issues: {issues}. Static reading: {static}',
    'A7/navigator-only':
      "No tool registered through document.modelContext in {browser}: the page's scripts use navigator.modelContext, " +
      'which the WebMCP text no longer has (Chromium deprecated it in 150 and removed it in 152; the API is ' +
      'document.modelContext){did}. Static reading: {static}',
    'A7/rendered-none': 'No WebMCP tool registered in {browser} after load{via}{issues}. Static reading: {static}',
  },
  advisories: {
    'A7/rendered-unreadable': 'the page could not be rendered ({error}): static detection only',
    'A7/rendered-no-webmcp': 'the browser could not read WebMCP tools: static detection only',
  },
  gather: (ctx) => renderedPage(ctx),
  merge(outcome, r, a): RenderedOutcome {
    if (outcome.code === 'A7/not-html') return outcome;
    if (r.error) return { ...outcome, addAdvisories: [{ code: 'A7/rendered-unreadable', data: { error: r.error } }] };
    if (r.webmcp === 'unavailable') return { ...outcome, addAdvisories: [{ code: 'A7/rendered-no-webmcp' }] };
    // The static sub-findings stay in the static evidence quoted below; the browser's verdict has its own.
    const { findings: _static, ...base } = outcome;
    outcome = base;
    const details = {
      ...outcome.details,
      staticDetection: false,
      rendered: { tools: r.tools, schemaIssues: r.schemaIssues, via: r.webmcp, navigatorTools: r.navigatorTools ?? [], browser: r.browser ?? null },
    };
    // Without the DevTools domain the registrations were recorded in the page: said in the evidence.
    const via =
      r.webmcp === 'recorded' ? ' (recorded from document.modelContext.registerTool calls and form tools: this browser has no DevTools WebMCP domain)' : '';
    const browser = browserName(r);
    // What the text counts: not the tools registered through the removed navigator.modelContext, none on a page its headers switch off.
    const viaNavigator = new Set(r.navigatorTools ?? []);
    const removedPath = r.tools.filter((t) => !t.declarative && viaNavigator.has(t.name));
    const offBy = switchedOffBy(a);
    const counted = offBy ? [] : r.tools.filter((t) => !removedPath.includes(t));
    const also = removedPath.length
      ? `; not counted: ${removedPath.length} registered through navigator.modelContext (${names(removedPath)}), which the WebMCP text removed`
      : '';
    const found = { browser, via, count: counted.length, tools: counted.slice(0, 8).map(describeTool).join('; '), also, static: outcome.evidence };
    if (counted.length) {
      const kinds = [counted.some((t) => !t.declarative) && 'imperative', counted.some((t) => t.declarative) && 'declarative'];
      const matched = `WebMCP (${kinds.filter(Boolean).join(' + ')}, seen by ${browser})`;
      if (r.schemaIssues.length) {
        const issues = r.schemaIssues.map((i) => `${i.type} (${i.count})`).join(', ');
        return {
          ...outcome,
          status: 'partial',
          code: 'A7/rendered-schema-issues',
          data: { ...found, issues },
          remedy: 'A7/describe-form-tools',
          matched,
          details,
        };
      }
      return { ...outcome, status: 'pass', code: 'A7/rendered-ok', data: found, remedy: undefined, matched, details };
    }
    if (removedPath.length || usesNavigator(a)) {
      const did = removedPath.length
        ? `; ${browser} still has it and registered ${removedPath.length} tool(s) through it (${names(removedPath)}): ` +
          'not counted, browsers that follow the text see none'
        : '';
      return {
        ...outcome,
        status: outcome.status === 'fail' ? 'fail' : 'partial',
        code: 'A7/navigator-only',
        data: { browser, did, static: outcome.evidence },
        remedy: 'A7/register-on-document',
        details,
      };
    }
    // Tools the browser registered although the headers switch WebMCP off: said, not counted.
    const registeredAnyway =
      offBy && r.tools.length ? `; ${browser} registered ${r.tools.length} tool(s) anyway (${names(r.tools)}), which browsers that follow the text refuse` : '';
    const policy = offBy
      ? `: the response sends ${offBy}, which switches WebMCP off, so a browser that follows the WebMCP text refuses registerTool()${registeredAnyway}`
      : '';
    return {
      ...outcome,
      status: 'fail',
      code: 'A7/rendered-none',
      data: {
        browser,
        via,
        issues: `${r.schemaIssues.length ? ` and reports ${r.schemaIssues.map((i) => i.type).join(', ')}` : ''}${policy}`,
        static: outcome.evidence,
      },
      details,
    };
  },
};
