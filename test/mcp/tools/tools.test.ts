/**
 * The 13 tools through the SDK's own client over an in-memory transport: a real store in a temp
 * dir, real scans of a loopback fixture site, account scoping between two accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpContext } from '../../../src/mcp/context.js';
import { CHECKS } from '../../../src/core/checks/index.js';
import { TOOLS } from '../../../src/mcp/tools/index.js';
import { ReportResponse, ScanResponse } from '../../../src/core/schema.js';
import type { Account } from '../../../src/store/types.js';
import type { FixtureSite } from '../../helpers/fixture-server.js';
import { connectInMemory, switchableSite, tempStore, type TempStore } from '../helpers.js';

const BASE = 'http://127.0.0.1:9';
let t: TempStore;
let fixture: { site: FixtureSite; use(kind: 'agentReady' | 'bare'): void };
let alice: Account;
let bob: Account;
const clients: Client[] = [];

async function connect(ctx: Partial<McpContext>): Promise<Client> {
  const client = await connectInMemory(t, { baseUrl: BASE, ...ctx }, { deadlineMs: 20_000 });
  clients.push(client);
  return client;
}

type Structured = Record<string, any>;
async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const res = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { ...res, data: res.structuredContent as Structured, text: (res.content as Array<{ text: string }>)[0]?.text ?? '' };
}

beforeAll(async () => {
  t = await tempStore();
  fixture = await switchableSite();
  alice = await t.store.ensureAccount('alice');
  bob = await t.store.ensureAccount('bob');
  await t.store.setDefaultVisibility('bob', 'private');
  bob = (await t.store.getAccount('bob'))!;
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await fixture.site.close();
  await t.close();
});

describe('MCP tools', () => {
  it('lists every registered tool to an account and only the scan tools to anonymous callers', async () => {
    const withAccount = await connect({ account: alice });
    const names = (await withAccount.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(TOOLS.map((t) => t.name));
    // A deliberate snapshot: the tool names are the public MCP surface, listed in docs/mcp.md and
    // counted in README.md and docs/service-interface.md. A new tool fails here until they say so.
    expect(
      new Set(names),
      'a tool was added or renamed: document it in docs/mcp.md (tools), update the tool count in README.md and ' +
        'docs/service-interface.md, then add its name to this list',
    ).toEqual(
      new Set([
        'scan_site',
        'check_site',
        'get_report',
        'list_reports',
        'delete_report',
        'set_report_visibility',
        'get_domain_history',
        'create_monitor',
        'list_monitors',
        'delete_monitor',
        'list_webhook_deliveries',
        'get_rubric',
        'get_fix_guide',
      ]),
    );
    const listed = (await withAccount.listTools()).tools;
    for (const tool of listed) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    expect(listed.find((x) => x.name === 'scan_site')!.annotations?.readOnlyHint).toBe(true);
    expect(listed.find((x) => x.name === 'delete_report')!.annotations?.destructiveHint).toBe(true);

    const anonymous = await connect({ account: null });
    // Deliberate: what an anonymous caller may run is access policy (each tool's `anonymous`), not a count.
    expect(
      (await anonymous.listTools()).tools.map((x) => x.name).sort(),
      'the tools open to anonymous callers changed: a deliberate access decision (docs/mcp.md, the table of endpoints); update this list with it',
    ).toEqual(['check_site', 'scan_site']);
    const refused = await anonymous.callTool({ name: 'list_reports', arguments: {} }).catch((e: Error) => e);
    // The SDK answers an unknown tool with an error result or a protocol error, never a result with data.
    expect(refused instanceof Error ? refused.message : (refused as { isError?: boolean }).isError).toBeTruthy();
  });

  it('without a store, an account gets the scan and rubric tools only', async () => {
    const client = await connect({ account: alice, store: null, monitors: null });
    expect((await client.listTools()).tools.map((x) => x.name).sort()).toEqual(['check_site', 'get_fix_guide', 'get_rubric', 'scan_site']);
  });

  let first: Structured;
  let second: Structured;

  it('scan_site returns the ScanResponse, a text summary and progress notifications, and saves the report', async () => {
    fixture.use('agentReady');
    const client = await connect({ account: alice });
    const progress: Array<{ progress: number; total?: number; message?: string }> = [];
    const res = await client.callTool({ name: 'scan_site', arguments: { url: fixture.site.origin } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(res.isError).toBeFalsy();
    first = ScanResponse.parse(res.structuredContent);
    expect(first.shareId).toMatch(/^[a-z0-9]{12}$/);
    expect(first.shareUrl).toBe(`${BASE}/r/${first.shareId}`);
    const text = (res.content as Array<{ text: string }>)[0].text;
    expect(text).toContain(`${first.overallScore}/100`);
    expect(text).toContain(`grade ${first.grade}`);
    expect(progress.length).toBeGreaterThanOrEqual(first.checks.length);
    expect(progress.some((p) => p.message?.includes('D1'))).toBe(true);
    const saved = await t.store.getReport(first.shareId);
    expect(saved?.accountId).toBe(alice.id);
    expect(saved?.isPublic).toBe(true);
  });

  it('check_site runs only the named checks and refuses unknown names', async () => {
    const client = await connect({ account: null });
    const res = await call(client, 'check_site', { url: fixture.site.origin, checks: ['D1'] });
    expect(res.isError).toBeFalsy();
    expect(res.data.checks.map((c: { id: string }) => c.id)).toEqual(['D1']);
    expect(res.data.shareId).toBeUndefined();
    const bad = await call(client, 'check_site', { url: fixture.site.origin, checks: ['Z99'] });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('Z99');
    const unreachable = await call(client, 'scan_site', { url: 'http://127.0.0.1:1' });
    expect(unreachable.isError).toBe(true);
    expect(unreachable.text).toMatch(/^unreachable:/);
  });

  it('get_report (with compareWith) and get_domain_history follow the site over time', async () => {
    fixture.use('bare');
    const client = await connect({ account: alice });
    second = (await call(client, 'scan_site', { url: fixture.site.origin })).data;
    expect(second.overallScore).toBeLessThan(first.overallScore);

    const report = await call(client, 'get_report', { id: first.shareId });
    const parsed = ReportResponse.parse(report.data);
    expect(parsed.id).toBe(first.shareId);
    expect(parsed.score).toBe(first.overallScore);
    expect(parsed.htmlUrl).toBe(`${BASE}/r/${first.shareId}`);

    expect(report.data.comparison).toBeUndefined();
    const compared = await call(client, 'get_report', { id: second.shareId, compareWith: first.shareId });
    expect(ReportResponse.parse(compared.data).id).toBe(second.shareId);
    const cmp = { data: compared.data.comparison, text: compared.text };
    expect(cmp.data.from.id).toBe(first.shareId);
    expect(cmp.data.to.id).toBe(second.shareId);
    expect(cmp.data.scoreDelta).toBe(second.overallScore - first.overallScore);
    expect(cmp.data.changed.length).toBeGreaterThan(0);
    expect(cmp.data.changed.length + cmp.data.unchangedCount).toBe(first.checks.length);
    const d1 = first.checks.find((c: { id: string }) => c.id === 'D1');
    const d1After = second.checks.find((c: { id: string }) => c.id === 'D1');
    if (d1.status !== d1After.status) expect(cmp.data.changed.map((c: { id: string }) => c.id)).toContain('D1');
    // The shared comparison (the /compare page and /api/public/v1/compare give the same): the site got worse.
    expect(cmp.data.newFindings.length).toBeGreaterThan(0);
    for (const f of cmp.data.newFindings) expect(cmp.data.changed.map((c: { id: string }) => c.id)).toContain(f.id);
    expect(cmp.data.dimensions.some((d: { delta: number | null }) => d.delta !== null && d.delta < 0)).toBe(true);
    expect(cmp.data.sameRubric).toBe(true);
    expect(cmp.data.htmlUrl).toBe(`${BASE}/compare?from=${first.shareId}&to=${second.shareId}`);
    expect(cmp.text).toContain(`New findings (${cmp.data.newFindings.length})`);

    const history = await call(client, 'get_domain_history', { domain: fixture.site.origin });
    // The history's key is the host with its port: this fixture's own server, no other on 127.0.0.1.
    expect(history.data.domain).toBe(new URL(fixture.site.origin).host);
    const ids = history.data.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(second.shareId)).toBeLessThan(ids.indexOf(first.shareId));
  });

  it('list_reports pages through the account history only', async () => {
    const client = await connect({ account: alice });
    const page1 = await call(client, 'list_reports', { limit: 1 });
    expect(page1.data.items).toHaveLength(1);
    expect(page1.data.items[0].id).toBe(second.shareId);
    expect(page1.data.nextCursor).toBeTruthy();
    const page2 = await call(client, 'list_reports', { limit: 1, cursor: page1.data.nextCursor });
    expect(page2.data.items[0].id).toBe(first.shareId);
    const other = await connect({ account: bob });
    expect((await call(other, 'list_reports')).data.items).toHaveLength(0);
  });

  it('set_report_visibility hides a report from other accounts; only the owner may change or delete it', async () => {
    const owner = await connect({ account: alice });
    const other = await connect({ account: bob });
    expect((await call(other, 'get_report', { id: first.shareId })).isError).toBeFalsy();
    const denied = await call(other, 'set_report_visibility', { id: first.shareId, isPublic: false });
    expect(denied.isError).toBe(true);
    expect((await t.store.getReport(first.shareId))?.isPublic).toBe(true);

    const set = await call(owner, 'set_report_visibility', { id: first.shareId, isPublic: false });
    expect(set.data).toEqual({ id: first.shareId, isPublic: false });
    expect((await t.store.getReport(first.shareId))?.isPublic).toBe(false);
    const hidden = await call(other, 'get_report', { id: first.shareId });
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toContain('No report');
    expect((await call(other, 'delete_report', { id: first.shareId })).isError).toBe(true);
    expect(await t.store.getReport(first.shareId)).toBeDefined();

    const del = await call(owner, 'delete_report', { id: first.shareId });
    expect(del.data).toMatchObject({ deleted: true });
    expect(await t.store.getReport(first.shareId)).toBeUndefined();
    expect((await call(owner, 'get_report', { id: first.shareId })).isError).toBe(true);
  });

  it('create_monitor, list_monitors and delete_monitor act on the caller only, within the policy', async () => {
    const owner = await connect({ account: alice });
    const other = await connect({ account: bob });
    const tooOften = await call(owner, 'create_monitor', { url: fixture.site.origin, interval: '10s' });
    expect(tooOften.isError).toBe(true);
    expect(tooOften.text).toContain('at least 1m');
    const created = await call(owner, 'create_monitor', {
      url: fixture.site.origin,
      interval: '2m',
      minScore: 80,
      minGrade: 'B',
      webhookUrl: 'https://hooks.example.net/ai-ready',
    });
    expect(created.isError).toBeFalsy();
    expect(created.data).toMatchObject({ intervalSec: 120, interval: '2m', minScore: 80, minGrade: 'B', lastStatus: null });
    expect(created.data.webhookSecret).toMatch(/^whsec_/);
    expect(created.text).toContain(created.data.webhookSecret);

    const listed = await call(owner, 'list_monitors');
    expect(listed.data.items.map((m: { id: string }) => m.id)).toEqual([created.data.id]);
    expect(JSON.stringify(listed.data)).not.toContain(created.data.webhookSecret);
    expect((await call(other, 'list_monitors')).data.items).toEqual([]);
    expect((await call(other, 'delete_monitor', { id: created.data.id })).isError).toBe(true);
    expect((await call(owner, 'delete_monitor', { id: created.data.id })).data).toEqual({ id: created.data.id, deleted: true });
    expect((await call(owner, 'list_monitors')).data.items).toEqual([]);
  });

  it('get_rubric and get_fix_guide describe the checks', async () => {
    const client = await connect({ account: alice });
    const r = await call(client, 'get_rubric');
    expect(r.data.checks.map((c: { id: string }) => c.id)).toEqual(CHECKS.map((c) => c.meta.id));
    expect(r.data.levels.map((l: { level: number }) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(r.data.checks.find((c: { id: string }) => c.id === 'B5').standards).toEqual(['aiprefVocab', 'aiprefAttach', 'rfc9309']);
    const guide = await call(client, 'get_fix_guide', { checkId: 'd1', platform: 'wordpress', origin: 'https://shop.example.org/x' });
    expect(guide.data.checkId).toBe('D1');
    expect(guide.data.platform).toBe('wordpress');
    expect(guide.data.steps.length).toBeGreaterThanOrEqual(2);
    const generic = await call(client, 'get_fix_guide', { checkId: 'D1' });
    expect(generic.data.platform).toBeNull();
    expect((await call(client, 'get_fix_guide', { checkId: 'Q42' })).isError).toBe(true);
    expect((await call(client, 'get_fix_guide', { checkId: 'D1', platform: 'geocities' })).isError).toBe(true);
  });
});
