/**
 * How each face reads its spelling of every declared parameter (./index.ts) into one ScanParams:
 * one function per spelling, iterating the registry, so no face names a key and a parameter with
 * a spelling reaches the engine from that face without a line here. A refused value throws
 * ScanParamRefused, which each face answers in its own error shape. No zod at load: the CLI and
 * the worker threads import this.
 */
import type { Fields } from './define.js';
import { SCAN_PARAMS, type DeclaredScanParam, type ScanParams } from './index.js';

/** Whether a spelling was used: its own field or a field it folds in (scope without pages is a page count). */
function given(fields: Fields, name: string, companions: Readonly<Record<string, unknown>> | undefined): boolean {
  return fields[name] !== undefined || Object.keys(companions ?? {}).some((k) => fields[k] !== undefined);
}

function collect(entries: Array<[string, unknown]>): ScanParams {
  return Object.fromEntries(entries.filter(([, v]) => v !== undefined)) as ScanParams;
}

type Read = (value: unknown, fields: Fields) => unknown;

/** A wire spelling's reading of its parsed request (`query` or `body`): the parameter's value, or undefined when not asked. */
function readWire(spelling: 'query' | 'body', fields: Fields): ScanParams {
  return collect(
    SCAN_PARAMS.flatMap((p: DeclaredScanParam): Array<[string, unknown]> => {
      const s = p[spelling];
      if (!s || !given(fields, p.key, s.with)) return [];
      const value = fields[p.key];
      return [[p.key, s.read ? (s.read as Read)(value, fields) : value]];
    }),
  );
}

/** GET /api/public/v1/scan (and the compat GET): the parsed ScanQuery's parameters. */
export const paramsFromQuery = (query: Fields): ScanParams => readWire('query', query);

/** POST /api/public/v1/scan, /api/scan (SSE) and the compat POST: the parsed ScanBody's parameters. */
export const paramsFromBody = (body: Fields): ScanParams => readWire('body', body);

/** An MCP scan tool's parameters (its parsed arguments); `checks` and the like are read under the tool's own name. */
export async function paramsFromMcp(tool: string, args: Fields): Promise<ScanParams> {
  const entries: Array<[string, unknown]> = [];
  for (const p of SCAN_PARAMS as readonly DeclaredScanParam[]) {
    const s = p.mcp;
    if (!s || (s.tools && !(s.tools as readonly string[]).includes(tool))) continue;
    const name = s.name ?? p.key;
    if (!given(args, name, s.with)) continue;
    const value = args[name];
    entries.push([p.key, s.read ? await (s.read as Read)(value, args) : value]);
  }
  return collect(entries);
}

/**
 * The CLI's parameters from its resolved settings (flag > config file > default, one field per
 * flag, named by the key): `scan` takes every parameter with a flag, `fix` those marked `fix`.
 */
export function paramsFromSettings(resolved: object, command: 'scan' | 'fix'): ScanParams {
  const settings = resolved as Fields;
  return collect(
    SCAN_PARAMS.flatMap((p: DeclaredScanParam): Array<[string, unknown]> => {
      const s = p.cli;
      if (!s || (command === 'fix' && !s.fix)) return [];
      const value = settings[p.key];
      return [[p.key, value !== undefined && s.read ? (s.read as (v: unknown) => unknown)(value) : value]];
    }),
  );
}
