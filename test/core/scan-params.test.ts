/**
 * One declaration of the scan parameters (src/core/scan-params/): the v1 query and body parsers,
 * the OpenAPI document and the MCP scan tool agree on what they accept, for any value; each
 * declared example reads back from every spelling; and whatever a stranger sends, the engine gets
 * only values its own schema takes (or the caller a 400).
 */
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { MAX_SERVICE_PAGES } from '../../src/core/scope.js';
import type { PROFILE_CHOICES } from '../../src/core/vocabulary.js';
import type { ScanOptions } from '../../src/core/scan.js';
import { ScanBody, ScanParams, ScanQuery, mcpParamFields } from '../../src/core/scan-params/schemas.js';
import { SCAN_PARAMS, type DeclaredScanParam, type ScanParams as ScanParamsType } from '../../src/core/scan-params/index.js';
import { paramsFromBody, paramsFromMcp, paramsFromQuery, paramsFromSettings } from '../../src/core/scan-params/faces.js';
import { PARAM_FLAGS } from '../../src/cli/scan-flags/params.js';
import { resolveFlags } from '../../src/cli/scan-flags/resolve.js';
import { openApiDocument } from '../../src/server/openapi.js';
import { SERVICE_ROUTES } from '../../src/server/routes/index.js';
import { scanRequestFromBody, scanRequestFromQuery } from '../../src/server/request.js';
import { scanSite } from '../../src/mcp/tools/scan-tools.js';

const accepts = (f: () => unknown) => {
  try {
    f();
    return true;
  } catch {
    return false;
  }
};

describe('scan parameters, declared once', () => {
  const doc = openApiDocument('http://127.0.0.1', SERVICE_ROUTES) as any;
  const getParams = doc.paths['/api/public/v1/scan'].get.parameters as Array<{ name: string; schema: Record<string, unknown> }>;
  const bodySchema = doc.paths['/api/public/v1/scan'].post.requestBody.content['application/json'].schema;

  it('the OpenAPI document lists exactly the declared query and body parameters', () => {
    expect(getParams.map((p) => p.name)).toEqual(Object.keys(ScanQuery.shape));
    expect(Object.keys(bodySchema.properties)).toEqual(Object.keys(ScanBody.shape));
    expect(getParams.find((p) => p.name === 'pages')!.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_SERVICE_PAGES });
    expect(bodySchema.properties.pages).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_SERVICE_PAGES });
  });

  it('query, body and the MCP tool accept the same pages and scope values', () => {
    const mcpInput = z.object(scanSite.input.shape);
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -5, max: 30 }), fc.double({ noNaN: true, min: -2, max: 30 })),
        fc.constantFrom(undefined, 'site', 'page', 'all'),
        (pages, scope) => {
          const body = accepts(() => scanRequestFromBody({ url: 'https://site.dev', pages, ...(scope ? { scope } : {}) }, null));
          const query = accepts(() =>
            scanRequestFromQuery(new URLSearchParams({ url: 'https://site.dev', pages: String(pages), ...(scope ? { scope } : {}) }), null),
          );
          const mcp = mcpInput.safeParse({ url: 'https://site.dev', pages, ...(scope ? { scope } : {}) }).success;
          // The tool's own cross-field rule (scope page with pages other than 1) is checked in run(), as the API's is in the parser.
          const crossField = scope === 'page' && pages !== 1;
          expect(query).toBe(body);
          expect(mcp && !crossField).toBe(body);
        },
      ),
      { numRuns: 200 },
    );
  });
});

const PARAMS: readonly DeclaredScanParam[] = SCAN_PARAMS;
/** The text a person types for a value: a list comma separated, a switch as it is. */
const asText = (value: unknown) => (typeof value === 'boolean' ? value : Array.isArray(value) ? value.join(',') : String(value));

describe('each declared parameter, spelling by spelling', () => {
  it.each(PARAMS.map((p) => [p.key, p] as const))('%s: its example is a value the engine takes, and each spelling reads it back', async (key, p) => {
    expect(ScanParams.safeParse({ [key]: p.example }).success, `${key}: example against the engine's schema`).toBe(true);
    if (p.query) {
      const q = ScanQuery.parse({ [key]: p.query.example ?? asText(p.example) });
      expect(paramsFromQuery(q), `query reads ${key}`).toEqual({ [key]: p.example });
    }
    if (p.body) expect(paramsFromBody(ScanBody.parse({ [key]: p.body.example ?? p.example })), `body reads ${key}`).toEqual({ [key]: p.example });
    if (p.mcp) {
      for (const tool of p.mcp.tools ?? (['scan_site', 'check_site'] as const)) {
        // With every input the tool spells (check_site cannot be called without its checks).
        const args = Object.fromEntries(
          PARAMS.flatMap((o) => (o.mcp && (!o.mcp.tools || o.mcp.tools.includes(tool)) ? [[o.mcp.name ?? o.key, o.mcp.example ?? o.example]] : [])),
        );
        const input = z.object({ url: z.string(), ...mcpParamFields(tool) }).parse({ url: 'https://site.dev', ...args });
        expect(await paramsFromMcp(tool, input), `${tool} reads ${key}`).toMatchObject({ [key]: p.example });
      }
    }
    if (p.cli) {
      const raw = { [key]: asText(p.example) };
      const settings = await resolveFlags(PARAM_FLAGS, raw, (name) => name in raw, {});
      expect(paramsFromSettings(settings, 'scan')[key as keyof ScanParamsType], `the flag reads ${key}`).toEqual(p.example);
    }
  });

  /** Texts and JSON values a stranger may send: the declared examples among random ones. */
  const examples = PARAMS.flatMap((p) => [p.example, p.query?.example, p.body?.example, asText(p.example)].filter((v) => v !== undefined));
  const engineTakes = (params: object) => ScanParams.strict().safeParse(params).success;

  it('from any query over the declared names, the engine gets only what its schema takes, or the caller a 400', () => {
    const names = Object.keys(ScanQuery.shape).filter((k) => k !== 'url');
    const text = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('0', '1', '2', '11', 'page', 'site', ...examples.map(String)));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), text), (query) => {
        let params: object;
        try {
          params = scanRequestFromQuery(new URLSearchParams({ url: 'https://site.dev', ...query }), null).params;
        } catch (e) {
          expect((e as { name_?: string }).name_, String(e)).toBe('invalid-parameter');
          return;
        }
        expect(engineTakes(params), JSON.stringify(params)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('from any JSON body over the declared names, the engine gets only what its schema takes, or the caller a 400', () => {
    const names = Object.keys(ScanBody.shape).filter((k) => k !== 'url');
    const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(true, false, 1, 2, 11, 'page', 'site', ...examples));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), value), (body) => {
        let params: object;
        try {
          params = scanRequestFromBody({ url: 'https://site.dev', ...body }, null).params;
        } catch (e) {
          expect((e as { name_?: string }).name_, String(e)).toBe('invalid-parameter');
          return;
        }
        expect(engineTakes(params), JSON.stringify(params)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the types follow the declarations', () => {
  it("ScanParams has each declared key, optional, of its schema's type, and nothing else; scan() takes it whole", () => {
    expectTypeOf<ScanParamsType['profile']>().toEqualTypeOf<(typeof PROFILE_CHOICES)[number] | undefined>();
    expectTypeOf<ScanParamsType['pages']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ScanParamsType['render']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ScanParamsType['only']>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<ScanOptions>().toExtend<ScanParamsType>();
    // @ts-expect-error a key no parameter declares
    const stray: ScanParamsType = { pagez: 2 };
    expect(Object.keys(stray)).toEqual(['pagez']);
  });
});
