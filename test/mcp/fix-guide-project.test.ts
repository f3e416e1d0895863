/**
 * get_fix_guide's project-aware form through the real MCP SDK client: with `framework`, the
 * check's guide comes back as the files `ai-ready fix --write` writes in a bare project of that
 * framework (path in its static folder, content, how to merge) and the header rules' file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectInMemory, tempStore, type TempStore } from './helpers.js';
import { TOOLS } from '../../src/mcp/tools/index.js';
import { FRAMEWORK_IDS, FRAMEWORK_LABELS } from '../../src/core/fixes/project/frameworks.js';

let t: TempStore;
let client: Client;

beforeAll(async () => {
  t = await tempStore();
  const account = await t.store.ensureAccount('alice');
  client = await connectInMemory(t, { account });
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

async function guide(args: Record<string, unknown>) {
  const res = (await client.callTool({ name: 'get_fix_guide', arguments: args })) as CallToolResult;
  return { res, data: res.structuredContent as Record<string, any>, text: (res.content as Array<{ text: string }>)[0]?.text ?? '' };
}

describe('get_fix_guide with a framework', () => {
  it('still lists every registered tool', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it('takes every framework fix writes for (the registry), and answers for each', async () => {
    const tool = (await client.listTools()).tools.find((x) => x.name === 'get_fix_guide')!;
    const framework = (tool.inputSchema.properties as Record<string, { enum?: string[] }>).framework;
    expect([...(framework.enum ?? [])].sort()).toEqual([...FRAMEWORK_IDS].sort());
    for (const id of FRAMEWORK_IDS) expect(tool.description).toContain(id);
    for (const [i, id] of FRAMEWORK_IDS.entries()) {
      const { data } = await guide({ checkId: 'D1', framework: id });
      expect(data.project.framework, id).toMatchObject({ id, label: FRAMEWORK_LABELS[i] });
    }
  });

  it('D1 in a Next.js project: public/robots.txt, merged by group', async () => {
    const { data, text } = await guide({ checkId: 'D1', framework: 'nextjs', origin: 'https://acme.test' });
    expect(data.project.framework).toEqual({ id: 'nextjs', label: 'Next.js', staticDir: 'public' });
    const robots = data.project.files.find((f: { path: string }) => f.path === 'public/robots.txt');
    expect(robots.merge).toBe('robots-groups');
    expect(robots.content).toMatch(/^User-agent: \*$/m);
    expect(text).toContain('In a Next.js project:');
    expect(text).toContain('public/robots.txt');
  });

  it('D3 in a Hugo project: headers go to static/_headers, and a Link to a file a bare project lacks is not written', async () => {
    const { data } = await guide({ checkId: 'D3', framework: 'hugo' });
    expect(data.project.headersFile).toBe('static/_headers');
    // A bare project has no /llms.txt: the Link header naming it is an example (nothing of the site
    // shows it), listed as such and never written.
    expect(data.project.files).toEqual([]);
    expect(data.project.examples.join('\n')).toMatch(/Link/);
  });

  it('a plain static folder writes at the root; a guide with owner values names them', async () => {
    const { data } = await guide({ checkId: 'A9', framework: 'static' });
    expect(data.project.framework.staticDir).toBe('.');
    expect(data.project.needs.map((n: { value: string }) => n.value)).toEqual(expect.arrayContaining(['contact']));
  });

  it('an unknown framework is refused by the input schema; no framework gives no project', async () => {
    const bad = await client.callTool({ name: 'get_fix_guide', arguments: { checkId: 'D1', framework: 'wordpress' } }).catch((e: Error) => e);
    expect(bad instanceof Error ? bad.message : (bad as CallToolResult).isError).toBeTruthy();
    const { data } = await guide({ checkId: 'D1' });
    expect(data.project).toBeUndefined();
  });
});
