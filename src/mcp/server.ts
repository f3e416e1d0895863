/**
 * createMcpServer(ctx): the official SDK's McpServer with the registered tools (tools/index.ts) bound to one caller. The
 * server is cheap: the HTTP faces build one per request (stateless), stdio builds one per process.
 * Anonymous callers (account null) get only the read-only scan tools.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { VERSION } from '../version.js';
import { ToolError, type McpContext } from './context.js';
import { TOOLS } from './tools/index.js';
import type { ToolDef, ToolExtra } from './tools/define.js';

export const MCP_SERVER_NAME = 'ai-ready';

export const MCP_INSTRUCTIONS =
  'ai-ready audits websites for the standards AI agents rely on. Use scan_site for a full audit (score, grade, level, ' +
  'fix steps), check_site to re-test specific checks after a fix, get_fix_guide for platform-specific steps and ' +
  'get_rubric for the rules. With an account: saved reports, domain history, comparisons and monitors. ' +
  'Follow scan, fix, re-scan; do not loop scans.';

async function callTool(def: ToolDef<any, any>, args: unknown, ctx: McpContext, extra: ToolExtra): Promise<CallToolResult> {
  try {
    const { data, summary } = await def.run(args, ctx, extra);
    return { content: [{ type: 'text', text: summary }], structuredContent: data as Record<string, unknown> };
  } catch (e) {
    // Tool errors are for the caller to read; anything else is logged by the face, never leaked.
    const text = e instanceof ToolError ? e.message : `${def.name} failed because of an internal error.`;
    if (!(e instanceof ToolError)) ctx.onInternalError?.(e, def.name);
    return { content: [{ type: 'text', text }], isError: true };
  }
}

export function toolsFor(ctx: Pick<McpContext, 'account' | 'store'>): ReadonlyArray<ToolDef<any, any>> {
  if (!ctx.account) return TOOLS.filter((t) => t.anonymous);
  return ctx.store ? TOOLS : TOOLS.filter((t) => !t.needsStore);
}

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER_NAME, title: 'ai-ready: AI-agent readiness scanner', version: VERSION },
    { instructions: MCP_INSTRUCTIONS, capabilities: { tools: { listChanged: false } } },
  );
  for (const def of toolsFor(ctx)) {
    server.registerTool(
      def.name,
      { title: def.title, description: def.description, inputSchema: def.input, outputSchema: def.output, annotations: def.annotations },
      ((args: unknown, extra: ToolExtra) => callTool(def, args, ctx, extra)) as never,
    );
  }
  return server;
}
