/**
 * A7's rendered reading: its data are values (the browser, how tools were read, the tools, the
 * ones registered through navigator.modelContext, the static verdict nested as code and data), and
 * its evidence is rendered from them: the same sentences people read before the data held values.
 */
import { describe, expect, it } from 'vitest';
import { findCheck } from '../../../../src/core/checks/index.js';
import { nestedVerdict } from '../../../../src/core/checks/messages.js';
import { renderedPage, webmcp } from '../tables/rendered.js';
import { ORIGIN } from '../../../helpers/responses.js';
import type { RenderedPage } from '../../../../src/core/gather/rendered-artifact.js';

const a7 = findCheck('A7')!;
const BROWSER = { name: 'Chromium', version: '150.0.7871.100' };
const STATIC_NONE =
  'No WebMCP tools detected: no <form toolname> and no document.modelContext (or navigator.modelContext) in 0 inline and 0 ' +
  'same-origin script(s) read. Tools registered by cross-origin scripts or after user interaction are not visible to a static scan.';

const evaluate = (rendered: RenderedPage, inline: string[] = []) => a7.evaluate(webmcp(inline, rendered), { origin: ORIGIN, pageUrl: `${ORIGIN}/` });

const flights = { name: 'find_flights', description: 'Find flights', inputSchema: { type: 'object', properties: { from: {}, to: {} } }, declarative: false };
const legacy = { name: 'legacy_search', description: 'Search', inputSchema: null, declarative: false };

describe('A7 rendered: values in data, sentences in the evidence', () => {
  it('a tool counted and one registered through navigator.modelContext: named, not counted', () => {
    const o = evaluate(renderedPage({ tools: [flights, legacy], navigatorTools: ['legacy_search'], browser: BROWSER }));
    expect(o.code).toBe('A7/rendered-ok');
    expect(o.data).toMatchObject({
      browser: 'Chromium 150.0.7871.100',
      via: 'measured',
      count: 1,
      tools: 'find_flights',
      toolsKinds: 'imperative',
      toolsDescriptions: 'Find flights',
      toolsParams: 'from, to',
      navigator: 1,
      navigatorTools: 'legacy_search',
      staticCode: 'A7/missing',
      'static.inline': 0,
      'static.scripts': 0,
    });
    expect(o.evidence).toBe(
      'Registered in Chromium 150.0.7871.100 after load: 1 tool(s): find_flights: "Find flights" (from, to); not counted: 1 registered ' +
        `through navigator.modelContext (legacy_search), which the WebMCP text removed. Static reading: ${STATIC_NONE}`,
    );
  });

  it('the browser unnamed and the tools recorded: the template words both', () => {
    const o = evaluate(renderedPage({ tools: [{ ...flights, declarative: true, inputSchema: null }], webmcp: 'recorded' }));
    expect(o.data).not.toHaveProperty('browser');
    expect(o.evidence).toMatch(
      /^Registered in the browser after load \(recorded from document\.modelContext\.registerTool calls and form tools: this browser has no DevTools WebMCP domain\): 1 tool\(s\): find_flights \(form\): "Find flights"\. /,
    );
  });

  it('navigator-only: the static partial nested with its sub-finding, rendered by its own template', () => {
    const o = evaluate(renderedPage({ tools: [legacy], navigatorTools: ['legacy_search'], browser: BROWSER }), [
      "navigator.modelContext.registerTool({ name: 'legacy_search', description: 'Search' })",
    ]);
    expect(o.code).toBe('A7/navigator-only');
    const inner = nestedVerdict(o.data!, 'static');
    expect(inner).toMatchObject({
      code: 'A7/navigator-deprecated',
      data: { foundTools: 'legacy_search', inline: 1 },
      findings: [{ code: 'A7/navigator-deprecated' }],
    });
    expect(o.evidence).toContain(
      '; Chromium 150.0.7871.100 still has it and registered 1 tool(s) through it (legacy_search): not counted, browsers that follow the text see none. ' +
        'Static reading: Static: registerTool/provideContext on navigator.modelContext (deprecated) in inline script 1 (tools: legacy_search)',
    );
    expect(o.evidence).toMatch(/Problems: the tools are registered on navigator\.modelContext only: .*\(use document\.modelContext\)\.$/);
    // The static sub-findings are the nested verdict's, not the browser verdict's.
    expect(o.findings ?? []).toEqual([]);
  });

  it('schema issues: each type with its count', () => {
    const o = evaluate(
      renderedPage({
        tools: [{ ...flights, declarative: true }],
        schemaIssues: [
          { type: 'FormModelContextMissingToolDescription', count: 1 },
          { type: 'FormModelContextParameterMissingTitleAndDescription', count: 2 },
        ],
      }),
    );
    expect(o.data).toMatchObject({
      issues: 'FormModelContextMissingToolDescription, FormModelContextParameterMissingTitleAndDescription',
      issuesCounts: '1,2',
    });
    expect(o.evidence).toContain(
      'The browser reports schema issues: FormModelContextMissingToolDescription (1), FormModelContextParameterMissingTitleAndDescription (2). Static reading:',
    );
  });

  it('none registered: the issues the browser reported, as a clause', () => {
    const o = evaluate(renderedPage({ schemaIssues: [{ type: 'FormModelContextMissingToolDescription', count: 1 }] }), [
      "document.modelContext.registerTool({ name: 'x', description: 'y' })",
    ]);
    expect(o.code).toBe('A7/rendered-none');
    expect(o.data).toMatchObject({ issues: 'FormModelContextMissingToolDescription', off: '', staticCode: 'A7/ok' });
    expect(o.evidence).toMatch(
      /^No WebMCP tool registered in the browser after load and reports FormModelContextMissingToolDescription\. Static reading: Static: /,
    );
  });
});
