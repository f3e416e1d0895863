/**
 * One declaration of the scan parameters (src/core/scan-params/): the v1 query and body parsers,
 * the OpenAPI document and the MCP scan tool agree on what they accept, for any value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MAX_SERVICE_PAGES } from '../../src/core/scope.js';
import { ScanBody, ScanQuery } from '../../src/core/scan-params/schemas.js';
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
