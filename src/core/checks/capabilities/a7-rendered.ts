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
import { nestedVerdictData } from '../messages.js';
import { failureOf, renderFailureData, renderFailureQuoted } from '../../gather/render-failure.js';
import {
  browserData,
  registeredToolsData,
  schemaIssuesData,
  switchedOffData,
  toolCountData,
  webMcpRenderedQuoted,
} from '../../gather/webmcp-rendered-facts.js';
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

/** The headers of this page that switch WebMCP off, as the WebMCP text reads them (webmcp-policy.ts). */
function switchedOffBy(a: WebMcpArtifact): { policy: string | null; originAgentClusterOff: boolean } {
  const p = readWebMcpPolicy(a.page.headers, new URL(a.page.url).origin);
  return { policy: p.toolsDisabled ? (p.tools ?? '') : null, originAgentClusterOff: p.originAgentClusterOff };
}

/** The browser's reading, then the static one it stands on ({static:verdict}: the static outcome's own template). */
const REGISTERED = 'Registered in {browser:browser} after load{via:webmcpVia}: {count} tool(s): {tools:webmcpTools}{navigator:webmcpNotCounted}.';
const STATIC = 'Static reading: {static:verdict}';

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
    'A7/rendered-ok': `${REGISTERED} ${STATIC}`,
    'A7/rendered-schema-issues': `${REGISTERED} The browser reports schema issues: {issues:webmcpIssues}. ${STATIC}`,
    'A7/navigator-only':
      "No tool registered through document.modelContext in {browser:browser}: the page's scripts use navigator.modelContext, " +
      'which the WebMCP text no longer has (Chromium deprecated it in 150 and removed it in 152; the API is ' +
      `document.modelContext){navigator:webmcpStillHas}. ${STATIC}`,
    'A7/rendered-none': `No WebMCP tool registered in {browser:browser} after load{via:webmcpVia}{issues:webmcpReports}{off:webmcpOff}. ${STATIC}`,
  },
  // The page's own words: tool names, descriptions and parameter names, the Permissions-Policy value; the browser's message.
  quoted: [...webMcpRenderedQuoted(), ...renderFailureQuoted()],
  advisories: {
    'A7/rendered-unreadable': 'the page could not be rendered ({failure:renderFailure}): static detection only',
    'A7/rendered-no-webmcp': 'the browser could not read WebMCP tools: static detection only',
  },
  gather: (ctx) => renderedPage(ctx),
  merge(outcome, r, a): RenderedOutcome {
    if (outcome.code === 'A7/not-html') return outcome;
    if (r.error || r.failure) return { ...outcome, addAdvisories: [{ code: 'A7/rendered-unreadable', data: renderFailureData(failureOf(r)) }] };
    if (r.webmcp === 'unavailable') return { ...outcome, addAdvisories: [{ code: 'A7/rendered-no-webmcp' }] };
    // The static sub-findings stay in the static reading nested below; the browser's verdict has its own.
    const { findings: staticFindings, ...base } = outcome;
    outcome = base;
    const details = {
      ...outcome.details,
      staticDetection: false,
      rendered: { tools: r.tools, schemaIssues: r.schemaIssues, via: r.webmcp, navigatorTools: r.navigatorTools ?? [], browser: r.browser ?? null },
    };
    // The static outcome, nested: its code, data and sub-findings, rendered by its own template.
    const reading = { ...browserData(r.browser), via: r.webmcp, ...nestedVerdictData('static', { ...outcome, findings: staticFindings }) };
    // What the text counts: not the tools registered through the removed navigator.modelContext, none on a page its headers switch off.
    const viaNavigator = new Set(r.navigatorTools ?? []);
    const removedPath = r.tools.filter((t) => !t.declarative && viaNavigator.has(t.name));
    const off = switchedOffBy(a);
    const isOff = off.policy !== null || off.originAgentClusterOff;
    const counted = isOff ? [] : r.tools.filter((t) => !removedPath.includes(t));
    const navigator = toolCountData(
      removedPath.map((t) => t.name),
      'navigator',
    );
    if (counted.length) {
      const found = { ...reading, count: counted.length, ...registeredToolsData(counted), ...navigator };
      const kinds = [counted.some((t) => !t.declarative) && 'imperative', counted.some((t) => t.declarative) && 'declarative'];
      const matched = `WebMCP (${kinds.filter(Boolean).join(' + ')}, seen by ${r.browser ? `${r.browser.name} ${r.browser.version}` : 'the browser'})`;
      if (r.schemaIssues.length) {
        return {
          ...outcome,
          status: 'partial',
          code: 'A7/rendered-schema-issues',
          data: { ...found, ...schemaIssuesData(r.schemaIssues) },
          remedy: 'A7/describe-form-tools',
          matched,
          details,
        };
      }
      return { ...outcome, status: 'pass', code: 'A7/rendered-ok', data: found, remedy: undefined, matched, details };
    }
    if (removedPath.length || usesNavigator(a)) {
      const { via: _via, ...said } = reading;
      return {
        ...outcome,
        status: outcome.status === 'fail' ? 'fail' : 'partial',
        code: 'A7/navigator-only',
        data: { ...said, ...navigator },
        remedy: 'A7/register-on-document',
        details,
      };
    }
    // Tools the browser registered although the headers switch WebMCP off: said, not counted.
    return {
      ...outcome,
      status: 'fail',
      code: 'A7/rendered-none',
      data: {
        ...reading,
        issues: r.schemaIssues.map((i) => i.type).join(', '),
        ...switchedOffData({ ...off, registered: isOff ? r.tools.map((t) => t.name) : [] }),
      },
      details,
    };
  },
};
