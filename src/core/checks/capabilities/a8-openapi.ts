import { defineCheck, type SubFinding } from '../types.js';
import { openApiDoc, openApiOperations, OPENAPI_PATHS, type OpenApiArtifact, type OpenApiDocument, type OpenApiSource } from '../../gather/openapi.js';
import { describeProbe, excerpt, isObject, isSoft404 } from '../../gather/classify.js';
import { addHeaderSteps, platformHook, serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { API_CATALOG_REQUEST } from '../../gather/api-catalog.js';

const SPEC = ['https://spec.openapis.org/oas/latest.html', 'https://www.rfc-editor.org/rfc/rfc8631'];
const OPENAPI_TYPES = new Set([
  'application/json',
  'application/openapi+json',
  'application/vnd.oai.openapi+json',
  'application/yaml',
  'application/x-yaml',
  'text/yaml',
  'text/x-yaml',
  'application/openapi+yaml',
  'application/vnd.oai.openapi',
]);

const SOURCE_LABEL: Record<OpenApiSource, string> = {
  'link-header': 'Link rel="service-desc" on the page',
  'api-catalog': 'the API catalog',
  'well-known-path': 'a conventional path',
};

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A8/content-type': 'served as {contentType} (expected application/json, application/openapi+json or application/yaml)',
  'A8/not-advertised': 'not advertised: add Link: <{path}>; rel="service-desc" to the home page (RFC 8631) or list it in /.well-known/api-catalog',
  'A8/swagger-legacy': 'Swagger 2.0 is legacy; OpenAPI 3.1 (or 3.2) is what current tool generators expect',
  'A8/other-problem': '{where}: {problem}',
} as const;
type A8Advisory = keyof typeof ADVISORIES;

/** What A8 tells tools and the fix finder: where the description is (`url`: the resource found) and its size. */
export interface OpenApiDetails {
  url: string;
  source: OpenApiDocument['source'];
  version: string;
  format: 'json' | 'yaml';
  paths: number;
  operations: number;
}

export const a8OpenApi = defineCheck<OpenApiArtifact>()({
  meta: {
    id: 'A8',
    name: 'OpenAPI description',
    dimension: 'capabilities',
    requests: [API_CATALOG_REQUEST],
    tier: 'bonus',
    weight: 2,
    specUrls: SPEC,
    standards: ['openapi'],
    summary: `An OpenAPI 3.x (3.0, 3.1, 3.2) or Swagger 2.0 description with non-empty paths, found through Link rel="service-desc" or at ${OPENAPI_PATHS.join(', ')} (JSON or YAML).`,
    why: 'Agents and tool generators turn an OpenAPI description into callable tools; without it they scrape docs or guess endpoints.',
    remediation: 'Publish your API\'s OpenAPI description at /openapi.json and advertise it with Link: </openapi.json>; rel="service-desc".',
    offers: {
      resource: 'openapi',
      absentCodes: ['A8/unusable'],
      link: {
        rel: 'service-desc',
        type: (href) => (/\.ya?ml(?:$|[?#])/i.test(href) ? 'application/openapi+yaml' : 'application/openapi+json'),
        defaultHref: '/openapi.json',
        label: 'the OpenAPI description',
      },
    },
    profile: {
      appEvidence: 'OpenAPI description found',
      naOnPublicMcp: 'public MCP server: its tools are described by MCP (tools/list), and no API catalog or OpenAPI evidence suggests a REST API to describe',
    },
    codes: {
      'A8/missing': 'no OpenAPI description at the advertised or conventional locations',
      'A8/unusable': 'partial: something is published but it is not a usable OpenAPI description',
      'A8/invalid': 'partial: an OpenAPI description with a problem of its own',
      'A8/ok': 'a parseable OpenAPI description with paths',
    },
    messages: {
      'A8/missing': 'No OpenAPI description: {probes}{soft404}.',
      'A8/unusable': 'Something is published but it is not a usable OpenAPI description: {problems}.',
      'A8/invalid': '{facts}; {problem}.',
      'A8/ok': '{facts}.',
    },
    advisories: ADVISORIES,
    contentProfile: 'na',
  },
  gather: (ctx) => openApiDoc(ctx),
  evaluate(a, { origin }) {
    const found = a.found;
    const probes = a.probes;
    if (!found && !a.problems.length) {
      const soft = probes.filter(isSoft404).length;
      return {
        status: 'fail',
        code: 'A8/missing',
        data: { probes: probes.map((p) => describeProbe(p, origin)).join('; '), soft404: soft ? ` (${soft} HTML page(s): soft 404)` : '' },
        probes,
      };
    }
    const advisories: Array<SubFinding<A8Advisory>> = [];
    if (!found) {
      return {
        status: 'partial',
        code: 'A8/unusable',
        data: {
          problems: a.problems
            .map((p) => `${p.url.startsWith(origin) ? p.url.slice(origin.length) : p.url} (${SOURCE_LABEL[p.source]}): ${p.problem}`)
            .join('; '),
        },
        remediation: 'Serve a parseable OpenAPI 3.x document (JSON or YAML) with a non-empty `paths` object.',
        probes,
      };
    }
    const info = isObject(found.doc.info) ? found.doc.info : {};
    const title = typeof info.title === 'string' ? ` "${excerpt(info.title, 60)}"` : '';
    const ops = openApiOperations(found.doc).length;
    const where = found.url.startsWith(origin) ? found.url.slice(origin.length) : found.url;
    const facts = `${describeProbe(found.probe, origin)}: ${found.family === 'unknown' ? 'OpenAPI' : found.family} ${found.version}${title} (${found.format.toUpperCase()}), ${found.pathCount} path(s), ${ops} operation(s), found via ${SOURCE_LABEL[found.source]}`;
    if (found.probe.contentType && !OPENAPI_TYPES.has(found.probe.contentType))
      advisories.push({ code: 'A8/content-type', data: { contentType: found.probe.contentType } });
    if (found.source === 'well-known-path') advisories.push({ code: 'A8/not-advertised', data: { path: where } });
    if (found.family === 'Swagger 2.0') advisories.push({ code: 'A8/swagger-legacy' });
    const own = a.problems.find((p) => p.url === found.url);
    const others = a.problems.filter((p) => p.url !== found.url);
    for (const p of others)
      advisories.push({ code: 'A8/other-problem', data: { where: p.url.startsWith(origin) ? p.url.slice(origin.length) : p.url, problem: p.problem } });
    const matched = `${found.family === 'unknown' ? 'OpenAPI' : found.family} (${found.version})`;
    const details: OpenApiDetails = {
      url: found.url,
      source: found.source,
      version: found.version,
      format: found.format,
      paths: found.pathCount,
      operations: ops,
    };
    if (own) {
      return {
        status: 'partial',
        code: 'A8/invalid',
        data: { facts, problem: own.problem },
        remediation: `Fix the OpenAPI description at ${where}: ${own.problem}.`,
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'A8/ok', data: { facts }, matched, advisories, probes, details };
  },
  fixGuide(fx) {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Example API', version: '1.0.0' },
      servers: [{ url: `${fx.origin}/api` }],
      paths: {
        '/orders/{id}': {
          get: {
            operationId: 'getOrder',
            summary: 'Get an order by id',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { '200': { description: 'The order' } },
          },
        },
      },
    };
    const generate = platformHook(fx, 'openApiGeneration')?.(fx) ?? [];
    return [
      ...generate,
      // A sample API: the owner's own description is the only true one.
      ...serveFileSteps(fx, {
        path: '/openapi.json',
        contentType: 'application/json',
        content: JSON.stringify(doc, null, 2) + '\n',
        lang: 'json',
        source: 'example',
      }),
      ...addHeaderSteps(fx, { name: 'Link', value: '</openapi.json>; rel="service-desc"; type="application/openapi+json"', source: 'example' }),
      verifyStep(
        sh`curl -s ${fx.origin}/openapi.json | head -c 300\ncurl -sI ${fx.origin}/ | grep -i '^link'`,
        'Expect an "openapi": "3.x" document with paths, and a Link header with rel="service-desc".',
      ),
      specStep(SPEC),
    ];
  },
});
