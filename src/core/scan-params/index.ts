/**
 * The scan parameters: one line each. What one scan measures travels as one object, ScanParams,
 * from every face (CLI, v1 GET/POST, SSE, compat, the MCP scan tools, batch, fix, monitors) to the
 * engine (ScanOptions extends it), handed on whole. Each parameter is its own file (defineScanParam:
 * its schema and each face's spelling); the faces read their spellings of every parameter listed
 * here (./faces.ts), the v1 query and body schemas, /openapi.json and the MCP tools' inputs are
 * built from it (./schemas.ts), and the CLI's flags too (cli/scan-flags/params.ts). Zod-free at
 * load: the CLI's start-up reads this list. See docs/architecture.md, "Adding a scan parameter".
 */
import type { ValueOf } from './define.js';
import { only } from './only.js';
import { pages } from './pages.js';
import { profile } from './profile.js';
import { render } from './render.js';
import { skip } from './skip.js';

/** In the order the CLI's --help lists their flags. */
export const SCAN_PARAMS = [profile, pages, render, skip, only] as const;

export type DeclaredScanParam = (typeof SCAN_PARAMS)[number];
export type ScanParamKey = DeclaredScanParam['key'];

/** What one scan measures: every declared parameter, each optional (absent = the engine's default). */
export type ScanParams = { [P in DeclaredScanParam as P['key']]?: ValueOf<P> };
