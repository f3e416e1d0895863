/** The shape of one MCP tool: zod input and output, who may call it, and a run step over McpContext. */
import type { z } from 'zod';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { McpContext } from '../context.js';

export type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export interface ToolOutput<O> {
  /** The structured content (validated against the output schema by the SDK). */
  data: O;
  /** A short text for clients that only read text content. */
  summary: string;
}

export interface ToolDef<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  /** Read-only scan tools are the only ones anonymous callers of /api/mcp see. */
  anonymous: boolean;
  /** Needs the report store (and an account): left out when the face runs without one. */
  needsStore: boolean;
  annotations: ToolAnnotations;
  run(args: z.infer<I>, ctx: McpContext, extra: ToolExtra): Promise<ToolOutput<z.infer<O>>>;
}

export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDef<I, O>): ToolDef<I, O> {
  return def;
}
