/** Case tables of capability checks (A1, A8, A9, A10): artifacts -> status and outcome code. */
import { a1ApiCatalog } from '../../../src/core/checks/capabilities/a1-api-catalog.js';
import { a8OpenApi } from '../../../src/core/checks/capabilities/a8-openapi.js';
import { a9AuthMd } from '../../../src/core/checks/capabilities/a9-auth-md.js';
import { a10AiCatalog } from '../../../src/core/checks/capabilities/a10-ai-catalog.js';
import { openApiCandidates, openApiFromProbes } from '../../../src/core/gather/openapi.js';
import type { FetchResult } from '../../../src/core/net/http.js';
import { table } from '../../helpers/check-tester.js';
import { json, notFound, ORIGIN, response, soft404, text } from '../../helpers/responses.js';

const P = '/.well-known/api-catalog';
const LINKSET_CT = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';
const API = {
  linkset: [
    {
      anchor: 'https://api.example.com/v1',
      'service-desc': [{ href: 'https://api.example.com/v1/openapi.json', type: 'application/openapi+json' }],
    },
  ],
};
const catalog = (get: FetchResult, targets: Array<{ url: string; probe: FetchResult }> = []) => ({
  get,
  head: response({ url: P, method: 'HEAD' }),
  pageLink: null,
  targets,
});
const a1 = table(a1ApiCatalog, {
  valid: [{ artifact: catalog(json(P, API, { 'content-type': LINKSET_CT })), code: 'A1/ok' }],
  invalid: [
    { artifact: catalog(notFound(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(soft404(P)), status: 'fail', code: 'A1/missing' },
    { artifact: catalog(text(P, '{"linkset": [', 'application/linkset+json')), status: 'fail', code: 'A1/not-json' },
    { artifact: catalog(json(P, { apis: [] })), status: 'partial', code: 'A1/no-linkset' },
    { artifact: catalog(json(P, { linkset: [] })), status: 'partial', code: 'A1/no-api-entries' },
    {
      artifact: catalog(json(P, API), [{ url: 'https://api.example.com/v1/openapi.json', probe: notFound('/v1/openapi.json') }]),
      status: 'partial',
      code: 'A1/dead-links',
    },
  ],
});

const OPENAPI = { openapi: '3.1.0', info: { title: 'Shop API', version: '1' }, paths: { '/orders': { get: {}, post: {} } } };
function openapi(byPath: Record<string, FetchResult>, links: string[] = []) {
  return () => {
    const candidates = openApiCandidates(ORIGIN, links, []);
    return openApiFromProbes(candidates, candidates.map((c) => byPath[new URL(c.url).pathname] ?? notFound(new URL(c.url).pathname)));
  };
}
const a8 = table(a8OpenApi, {
  valid: [{ artifact: openapi({ '/openapi.json': json('/openapi.json', OPENAPI) }), code: 'A8/ok' }],
  invalid: [
    { artifact: openapi({}), status: 'fail', code: 'A8/missing' },
    { name: 'empty paths', artifact: openapi({ '/openapi.json': json('/openapi.json', { openapi: '3.1.0', info: {}, paths: {} }) }), status: 'partial', code: 'A8/invalid' },
    {
      name: 'an advertised document that is not JSON',
      artifact: openapi({ '/spec': response({ url: '/spec', headers: { 'content-type': 'application/json' }, body: '{"openapi": "3.1.0", ' }) }, [`${ORIGIN}/spec`]),
      status: 'partial',
      code: 'A8/unusable',
    },
  ],
});

const a9 = table(a9AuthMd, {
  valid: [{ artifact: text('/auth.md', '# auth.md for Acme\n\nRegister at /oauth/register.\n', 'text/markdown'), code: 'A9/ok' }],
  invalid: [
    { artifact: soft404('/auth.md'), status: 'fail', code: 'A9/soft-404' },
    { artifact: notFound('/auth.md'), status: 'fail', code: 'A9/missing' },
    { artifact: text('/auth.md', '# Authentication\n\nUse OAuth.\n', 'text/markdown'), status: 'partial', code: 'A9/no-heading' },
  ],
});

const AI = '/.well-known/ai-catalog.json';
const a10 = table(a10AiCatalog, {
  valid: [
    {
      artifact: { probes: [json(AI, { specVersion: '1.0', host: { name: 'Shop' }, agents: [{ cardUrl: `${ORIGIN}/.well-known/agent-card.json` }] }, { 'access-control-allow-origin': '*' })] },
      code: 'A10/ok',
    },
  ],
  invalid: [
    { artifact: { probes: [notFound(AI)] }, status: 'fail', code: 'A10/missing' },
    { artifact: { probes: [text(AI, '{ nope', 'application/json')] }, status: 'fail', code: 'A10/not-json' },
    { artifact: { probes: [json(AI, ['a', 'list'])] }, status: 'fail', code: 'A10/not-object' },
    { artifact: { probes: [json(AI, { host: { name: 'Shop' }, entries: [] })] }, status: 'partial', code: 'A10/incomplete' },
  ],
});

export const capabilityTables = [a1, a8, a9, a10];
