/** What rendering one page in the browser gathered: the artifact the rendered hooks of the checks read. */
import type { RenderFailure } from './render-failure.js';

/** A WebMCP tool as the browser registered it (the DevTools WebMCP domain's toolsAdded). */
export interface RenderedTool {
  name: string;
  description: string;
  /** The input schema as registered (declarative tools: derived from the form by the browser). */
  inputSchema: unknown;
  /** A <form toolname> tool rather than a registerTool() call. */
  declarative: boolean;
}

/** One axe-core rule the page violates, with where. */
export interface OperabilityViolation {
  rule: string;
  impact: string | null;
  help: string;
  /** Elements that violate it (at most 200 counted). */
  count: number;
  /** CSS selectors of the first few. */
  targets: string[];
}

export interface RenderedPage {
  /** The URL the browser was sent to. */
  url: string;
  /** Where it ended up after redirects. */
  finalUrl: string;
  status: number | null;
  /** Why the page could not be rendered (timeout, crash, refused): the other fields are then empty. */
  error?: string;
  /** The same as a kind with its values (gather/render-failure.ts): what the checks' data carry. */
  failure?: RenderFailure;
  /** The rendered DOM serialized (capped at RENDERED_HTML_MAX chars). */
  html: string;
  /**
   * How tools were read: `measured` by the DevTools WebMCP domain; `recorded` by wrapping
   * document.modelContext.registerTool before page scripts ran plus the DOM's form tools (a
   * browser without the domain); `unavailable` when the page was not rendered.
   */
  webmcp: 'measured' | 'recorded' | 'unavailable';
  tools: RenderedTool[];
  /**
   * Names of the tools the page registered through navigator.modelContext, the path the WebMCP text
   * removed (Chromium deprecated it in 150 and removed it in 152): only a browser that still has it
   * registers them. Recorded by wrapping navigator.modelContext.registerTool before page scripts ran.
   */
  navigatorTools?: string[];
  /** The browser that rendered the page (name and version), when known. */
  browser?: { name: string; version: string };
  /** The browser's own FormModelContext* issues (Audits.issueAdded), by issue type. */
  schemaIssues: Array<{ type: string; count: number }>;
  /** axe-core on the rendered page, the agent-operability rules only; null when it could not run. */
  operability: { violations: OperabilityViolation[]; rules: string[]; passed: number } | null;
  operabilityError?: string;
  /** Requests of this page the guard or the browser refused (host and reason, a few). */
  refused: Array<{ url: string; reason: string }>;
  durationMs: number;
}

export const RENDERED_HTML_MAX = 2 * 1024 * 1024;

/** The axe-core rules that decide whether an agent can find and operate the page's controls. */
export const OPERABILITY_RULES = [
  'button-name',
  'input-button-name',
  'link-name',
  'label',
  'select-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-command-name',
  'aria-valid-attr',
  'aria-valid-attr-value',
  'aria-allowed-attr',
  'aria-allowed-role',
  'aria-roles',
  'aria-required-attr',
  'aria-hidden-focus',
] as const;
