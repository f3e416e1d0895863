/**
 * What the MCP tools run against, independent of the transport: the caller's account (null for
 * anonymous callers, who only get the read-only scan tools), the store, the monitors and a
 * Scanner that the face provides (stdio: the local engine; the server: its queue, cache, share
 * ids and rate limit).
 */
import type { ScanEventListener } from '../core/events.js';
import type { ScanResponse } from '../core/schema.js';
import type { ProfileChoice } from '../core/scoring/profile.js';
import type { Account, Store } from '../store/types.js';
import type { MonitorStore } from '../store/types.js';
import type { MonitorPolicy } from '../monitor/admin.js';

export interface ScanRequest {
  url: string;
  profile?: ProfileChoice;
  /** Only these checks (ids or dimension names): a partial scan, not saved as a report. */
  only?: string[];
  /** Pages sampled (site scope), the target included; 1 is page scope. */
  pages?: number;
  /** Also load the pages in the server's browser (serve --render). */
  render?: boolean;
  fresh?: boolean;
  isPublic?: boolean;
  account: Account | null;
  onEvent?: ScanEventListener;
  signal?: AbortSignal;
}

/** Runs a scan for a tool call; full scans come back with shareId/shareUrl when a store keeps them. */
export type Scanner = (request: ScanRequest) => Promise<ScanResponse>;

export interface McpContext {
  scanner: Scanner;
  /** The caller's account; null means anonymous (scan tools only). */
  account: Account | null;
  store: Store | null;
  monitors: MonitorStore | null;
  monitorPolicy?: MonitorPolicy;
  /** Base address of the service for report links (absent in stdio mode without a server). */
  baseUrl?: string;
  /** Told about unexpected failures (the caller only sees a generic message). */
  onInternalError?: (error: unknown, tool: string) => void;
}

/** A refusal or failure the caller should read: becomes an `isError` tool result, never a crash. */
export class ToolError extends Error {
  override name = 'ToolError';
}
