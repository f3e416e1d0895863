/**
 * `{name:verdict}`: an outcome nested in another's data as values (its code, data and sub-findings)
 * and rendered by its own code's template; and A7's rendered facts, whose lists quote the page.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fillTemplate, nestedVerdict, nestedVerdictData } from '../../../src/core/checks/messages.js';
import { registeredToolsData, renderRegisteredTools, renderSwitchedOff, switchedOffData } from '../../../src/core/gather/webmcp-rendered-facts.js';

const TEMPLATES = {
  messages: {
    'X/ok': 'Found {count} item(s) at {url}.',
    'X/bad': 'Found {count} item(s). Problems: {findings}.',
    'X/outer': 'Outer {n}; inner: {inner:verdict}',
  },
  findings: { 'X/no-name': 'item {item} has no name', 'X/empty': 'an empty item' },
};

const key = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,8}$/).filter((k) => k !== 'findings');
const value = fc.oneof(fc.string({ maxLength: 30 }), fc.integer());
const data = fc.dictionary(key, value, { maxKeys: 5 });

describe('a verdict nested in data', () => {
  it('renders the inner code with its own template, data and sub-findings', () => {
    const inner = { code: 'X/bad', data: { count: 2 }, findings: [{ code: 'X/no-name', data: { item: '"b"' } }, { code: 'X/empty' }] };
    const outer = { n: 1, ...nestedVerdictData('inner', inner) };
    expect(outer).toEqual({
      n: 1,
      innerCode: 'X/bad',
      'inner.count': 2,
      'inner.findings.0': 'X/no-name',
      'inner.findings.0.item': '"b"',
      'inner.findings.1': 'X/empty',
    });
    expect(fillTemplate(TEMPLATES.messages['X/outer'], outer, 'X/outer', TEMPLATES)).toBe(
      'Outer 1; inner: Found 2 item(s). Problems: item "b" has no name; an empty item.',
    );
  });

  it('needs the check templates and a template for the inner code', () => {
    const outer = { n: 1, ...nestedVerdictData('inner', { code: 'X/ok', data: { count: 1, url: '/a' } }) };
    expect(() => fillTemplate(TEMPLATES.messages['X/outer'], outer, 'X/outer')).toThrow(/no templates/);
    expect(() => fillTemplate('{inner:verdict}', { innerCode: 'X/unknown' }, 'X/outer', TEMPLATES)).toThrow(/no template for X\/unknown/);
    expect(() => fillTemplate('{inner:verdict}', {}, 'X/outer', TEMPLATES)).toThrow(/no verdict fields/);
  });

  it('reads back what it wrote, whatever the values (bounded)', () => {
    const finding = fc.record({ code: fc.constantFrom('X/no-name', 'X/empty'), data: fc.option(data, { nil: undefined }) });
    fc.assert(
      fc.property(data, fc.array(finding, { maxLength: 4 }), (d, findings) => {
        const back = nestedVerdict(nestedVerdictData('inner', { code: 'X/bad', data: d, findings }), 'inner');
        expect(back).toEqual({
          code: 'X/bad',
          data: d,
          findings: findings.map((f) => (f.data && Object.keys(f.data).length ? { code: f.code, data: f.data } : { code: f.code })),
        });
      }),
      { numRuns: 200 },
    );
  });
});

describe("A7's rendered facts", () => {
  it('renders each tool from its name, kind, description and parameters, whatever the page registered (bounded)', () => {
    const tool = fc.record({
      name: fc.string({ minLength: 1, maxLength: 20 }),
      description: fc.string({ maxLength: 100 }),
      declarative: fc.boolean(),
      inputSchema: fc.option(fc.record({ properties: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.constant({})) }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(tool, { minLength: 1, maxLength: 10 }), (tools) => {
        const d = registeredToolsData(tools);
        for (const v of Object.values(d)) expect(typeof v).toBe('string');
        const text = renderRegisteredTools(d, 'tools')!;
        const shown = tools.slice(0, 8);
        // One entry per tool shown, each with its name and its description's start (tabs made spaces).
        let at = 0;
        for (const t of shown) {
          const entry = `${t.name.replace(/\t/g, ' ')}${t.declarative ? ' (form)' : ''}: "${t.description.slice(0, 80).replace(/\t/g, ' ')}"`;
          const found = text.indexOf(entry, at);
          expect(found, entry).toBeGreaterThanOrEqual(at);
          at = found + entry.length;
        }
      }),
      { numRuns: 200 },
    );
  });

  it('says which headers switch WebMCP off, and what the named browser registered anyway', () => {
    expect(switchedOffData({ policy: null, originAgentClusterOff: false, registered: [] })).toEqual({ off: '' });
    expect(renderSwitchedOff({ off: '' }, 'off')).toBe('');
    const d = { browser: 'Chromium 150.0.7871.100', ...switchedOffData({ policy: 'tools=()', originAgentClusterOff: true, registered: ['find_order'] }) };
    expect(d).toMatchObject({ off: 'Permissions-Policy, Origin-Agent-Cluster', offPolicy: 'tools=()', offCount: 1, offTools: 'find_order' });
    expect(renderSwitchedOff(d, 'off')).toBe(
      ': the response sends Permissions-Policy tools=() and Origin-Agent-Cluster: ?0, which switches WebMCP off, so a browser that follows the ' +
        'WebMCP text refuses registerTool(); Chromium 150.0.7871.100 registered 1 tool(s) anyway (find_order), which browsers that follow the text refuse',
    );
  });
});
