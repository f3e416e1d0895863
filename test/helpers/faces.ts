/**
 * One scan through each face of the product, for the verdict tests that must agree across them:
 * the CLI (--format json), the v1 API of a real server and its MCP scan tool (the real SDK client).
 */
import { expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RunningServer } from '../../src/server/index.js';
import type { CheckResult } from '../../src/core/schema.js';
import { runCli } from '../cli/run-cli.js';

/** Scans url; extraCliArgs go to the CLI face only (the API and MCP faces scan every check). */
export type Face = (url: string, extraCliArgs?: string[]) => Promise<CheckResult[]>;

/**
 * The three faces against the server `server()` returns (read at call time: servers start in
 * beforeAll). cliExitCodes: the exit codes the CLI may end with (a site below a threshold exits 1).
 */
export function scanFaces(server: () => RunningServer, { cliExitCodes = [0] }: { cliExitCodes?: number[] } = {}): Record<'cli' | 'api' | 'mcp', Face> {
  return {
    async cli(url, extraCliArgs = []) {
      const run = await runCli(['scan', url, '--format', 'json', ...extraCliArgs]);
      expect(cliExitCodes, run.stderr).toContain(run.code);
      return JSON.parse(run.stdout).checks;
    },
    async api(url) {
      const res = await fetch(`${server().url}/api/public/v1/scan?url=${encodeURIComponent(url)}&fresh=1`);
      expect(res.status).toBe(200);
      return (await res.json()).checks;
    },
    async mcp(url) {
      const client = new Client({ name: 'faces-test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server().baseUrl}/api/mcp`)));
      try {
        const res = await client.callTool({ name: 'scan_site', arguments: { url, fresh: true } });
        expect(res.isError, JSON.stringify(res.content).slice(0, 300)).toBeFalsy();
        return (res.structuredContent as { checks: CheckResult[] }).checks;
      } finally {
        await client.close();
      }
    },
  };
}
