import { defineCheck, type SubFinding } from '../types.js';
import {
  openApiDoc,
  openApiOperations,
  OPENAPI_PATHS,
  type OpenApiArtifact,
  type OpenApiDocument,
  type OpenApiIssue,
  type OpenApiProblem,
} from '../../gather/openapi.js';
import { excerpt, isObject, isSoft404 } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { fillTemplate } from '../messages.js';
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

/** What is wrong with one candidate (gather/openapi.ts OpenApiIssue), where it is and how it was found. */
const ISSUES = {
  'A8/unparsable': '{error}',
  'A8/unparsable-truncated': '{error} (body cut at the {capMiB} MiB cap)',
  'A8/not-openapi': 'not an OpenAPI description (no `openapi` or `swagger` field)',
  'A8/unsupported-version': 'unsupported version "{version}" (expected openapi 3.x or swagger 2.0)',
  'A8/no-paths': 'no `paths` object',
  'A8/empty-paths': '`paths` is empty',
  'A8/no-paths-31': 'no `paths` object (valid for OpenAPI 3.1+, but it describes no operation an agent can call)',
  'A8/empty-paths-31': '`paths` is empty (valid for OpenAPI 3.1+, but it describes no operation an agent can call)',
} as const;
type IssueCode = keyof typeof ISSUES;

/** Each issue named with its candidate: sub-findings of A8/unusable (the sources are OpenApiSource tokens). */
const FINDINGS = {
  ...(Object.fromEntries(Object.entries<string>(ISSUES).map(([k, t]) => [k, `{where} (via {source}): ${t}`])) as Record<IssueCode, string>),
  'A8/seen': '{seen:probe}',
  'A8/soft-404s': '{count} HTML page(s): soft 404',
} as const;

/** One issue as a sub-finding, with the candidate it belongs to. */
function issueFinding(p: OpenApiProblem, issue: OpenApiIssue, origin: string): SubFinding<IssueCode> {
  const at = { where: p.url.startsWith(origin) ? p.url.slice(origin.length) : p.url, source: p.source };
  switch (issue.kind) {
    case 'unparsable':
      return issue.capMiB
        ? { code: 'A8/unparsable-truncated', data: { ...at, error: issue.error, capMiB: issue.capMiB } }
        : { code: 'A8/unparsable', data: { ...at, error: issue.error } };
    case 'unsupported-version':
      return { code: 'A8/unsupported-version', data: { ...at, version: excerpt(issue.version, 40) } };
    case 'not-openapi':
      return { code: 'A8/not-openapi', data: at };
    default:
      return { code: `A8/${issue.kind}${issue.optional ? '-31' : ''}`, data: at };
  }
}

/** The issues of one candidate in words (the remediation names them). */
function issuesText(p: OpenApiProblem, origin: string): string {
  return p.issues
    .map((i) => issueFinding(p, i, origin))
    .map((f) => fillTemplate(ISSUES[f.code], f.data, f.code))
    .join('; ');
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A8/content-type': 'served as {contentType} (expected application/json, application/openapi+json or application/yaml)',
  'A8/not-advertised': 'not advertised: add Link: <{path}>; rel="service-desc" to the home page (RFC 8631) or list it in /.well-known/api-catalog',
  'A8/swagger-legacy': 'Swagger 2.0 is legacy; OpenAPI 3.1 (or 3.2) is what current tool generators expect',
  // Another candidate's issues, each a note of its own.
  ...(Object.fromEntries(Object.entries<string>(ISSUES).map(([k, t]) => [`${k}-note`, `{where}: ${t}`])) as Record<`${IssueCode}-note`, string>),
} as const;
type A8Advisory = keyof typeof ADVISORIES;

/** An issue of another candidate as its note. */
function noteOf(f: SubFinding<IssueCode>): SubFinding<A8Advisory> {
  return { code: `${f.code}-note`, data: f.data };
}

/** What the description found says: its probe, family, version, title, format, size and how it was found. */
const FACTS = '{seen:probe}: {family} {version} "{title}" ({format}), {paths} path(s), {operations} operation(s), found via {source}';

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
    summary:
      `An OpenAPI 3.x (3.0, 3.1, 3.2) or Swagger 2.0 description with non-empty paths, found through Link ` +
      `rel="service-desc" or at ${OPENAPI_PATHS.join(', ')} (JSON or YAML).`,
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
    remedies: {
      'A8/serve-parseable': 'Serve a parseable OpenAPI 3.x document (JSON or YAML) with a non-empty `paths` object.',
      'A8/fix-description': 'Fix the OpenAPI description at {where}: {issues}.',
    },
    codes: {
      'A8/missing': 'no OpenAPI description at the advertised or conventional locations',
      'A8/unusable': 'partial: something is published but it is not a usable OpenAPI description',
      'A8/invalid': 'partial: an OpenAPI description with a problem of its own',
      'A8/ok': 'a parseable OpenAPI description with paths',
    },
    messages: {
      'A8/missing': 'No OpenAPI description: {findings}.',
      'A8/unusable': 'Something is published but it is not a usable OpenAPI description: {findings}.',
      'A8/invalid': `${FACTS}; {findings}.`,
      'A8/ok': `${FACTS}.`,
    },
    findings: FINDINGS,
    // The parser's message, and the document's own version and title.
    quoted: ['error', 'version', 'title'],
    advisories: ADVISORIES,
    contentProfile: 'na',
  },
  gather: (ctx) => openApiDoc(ctx),
  evaluate(a, { origin }) {
    const found = a.found;
    const probes = a.probes;
    if (!found && !a.problems.length) {
      const soft = probes.filter(isSoft404).length;
      const seen = probes.map((p) => ({ code: 'A8/seen' as const, data: probeData(p, origin) }));
      return {
        status: 'fail',
        code: 'A8/missing',
        data: {},
        findings: soft ? [...seen, { code: 'A8/soft-404s', data: { count: soft } }] : seen,
        probes,
      };
    }
    const advisories: Array<SubFinding<A8Advisory>> = [];
    if (!found) {
      return {
        status: 'partial',
        code: 'A8/unusable',
        data: {},
        findings: a.problems.flatMap((p) => p.issues.map((i) => issueFinding(p, i, origin))),
        remedy: 'A8/serve-parseable',
        probes,
      };
    }
    const info = isObject(found.doc.info) ? found.doc.info : {};
    const title = typeof info.title === 'string' ? excerpt(info.title, 60) : '';
    const ops = openApiOperations(found.doc).length;
    const where = found.url.startsWith(origin) ? found.url.slice(origin.length) : found.url;
    const facts = {
      ...probeData(found.probe, origin),
      family: found.family === 'unknown' ? 'OpenAPI' : found.family,
      version: excerpt(found.version, 40),
      title,
      format: found.format.toUpperCase(),
      paths: found.pathCount,
      operations: ops,
      source: found.source,
    };
    if (found.probe.contentType && !OPENAPI_TYPES.has(found.probe.contentType))
      advisories.push({ code: 'A8/content-type', data: { contentType: found.probe.contentType } });
    if (found.source === 'well-known-path') advisories.push({ code: 'A8/not-advertised', data: { path: where } });
    if (found.family === 'Swagger 2.0') advisories.push({ code: 'A8/swagger-legacy' });
    const own = a.problems.find((p) => p.url === found.url);
    const others = a.problems.filter((p) => p.url !== found.url);
    for (const p of others) for (const i of p.issues) advisories.push(noteOf(issueFinding(p, i, origin)));
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
        data: facts,
        findings: own.issues.map((i) => issueFinding(own, i, origin)),
        remedy: 'A8/fix-description',
        remedyData: { where, issues: issuesText(own, origin) },
        matched,
        advisories,
        probes,
        details,
      };
    }
    return { status: 'pass', code: 'A8/ok', data: facts, matched, advisories, probes, details };
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
