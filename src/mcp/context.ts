/**
 * What the MCP tools run against, independent of the transport: the caller's account (null for
 * anonymous callers, who only get the read-only scan tools), the store, the monitors and a
 * Scanner that the face provides (stdio: the local engine; the server: its queue, cache, share
 * ids and rate limit).
 */
import type { ScanEventListener } from '../core/events.js';
import type { ScanResponse } from '../core/schema.js';
import type { ScanParams } from '../core/scan-params/index.js';
import type { Account, Store } from '../store/types.js';
import type { MonitorStore } from '../store/types.js';
import type { MonitorPolicy } from '../monitor/admin.js';

export interface ScanRequest {
  url: string;
  /** What the scan measures, as the tool parsed it: handed on whole (`only` makes a partial scan, not saved as a report). */
  params?: ScanParams;
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
