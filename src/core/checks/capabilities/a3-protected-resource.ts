import { defineCheck, type SubFinding } from '../types.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import {
  PRM_REQUEST,
  PRM_PATH,
  httpUrl,
  protectedResourceMetadata,
  resourceMetadataParam,
  type JsonDocument,
  type PrmArtifact,
} from '../../gather/oauth-metadata.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin } from '../../fixes/capability.js';
import { probeProtectedResource, type ResourceChallenge } from '../../gather/resource-challenge.js';

export interface A3Artifact extends PrmArtifact {
  /** The one unauthenticated request to the protected resource (the MCP endpoint's 401, or a GET of "resource"). */
  challenge?: ResourceChallenge | null;
  /** The metadata a 401's resource_metadata pointed at, when it was not fetched already. */
  followed?: JsonDocument | null;
}
import { domainOrPlaceholder } from '../../fixes/site.js';
import { givenValue } from '../../fixes/owner-value-parse.js';
import { MCP_CARD_REQUESTS } from '../../gather/mcp-card.js';
import { CATALOG_REQUESTS } from '../../gather/ai-catalog.js';
import { ROBOTS_REQUEST } from '../../gather/robots.js';

/** Same URL once parsed (so "https://a.example" and "https://a.example/" match); false for null or unparseable input. */
function sameUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = httpUrl(a);
  const y = httpUrl(b);
  return !!x && !!y && x.href === y.href;
}

const SPEC = ['https://www.rfc-editor.org/rfc/rfc9728', 'https://modelcontextprotocol.io/specification/2025-06-18/basic/authorization'];

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A3/resource-has-path':
    `resource has a path ({path}): a client that looks up ${PRM_PATH} for {origin} MUST NOT use a document naming ` +
    `another resource (RFC 9728 §3.3); publish it at ${PRM_PATH}{path} as well, or have the 401 of {resource} point ` +
    `here with resource_metadata.`,
  'A3/resource-not-challenged-url':
    'resource {resource} is not the URL that answered 401 ({url}); a client that followed resource_metadata MUST NOT use the metadata then (RFC 9728 §3.3).',
  'A3/server-not-https': 'An authorization server URL is not https.',
  'A3/no-scopes': 'No scopes_supported: agents cannot tell which scopes to ask for.',
  'A3/empty-arrays': '{members}: {emptyArrays}, which RFC 9728 §3.2 says to omit ("Parameters with zero values MUST be omitted").',
  'A3/empty-authorization-servers': 'authorization_servers is empty: a resource that takes no token needs no protected-resource metadata at all.',
  'A3/linked-not-metadata': "The page's resource_metadata URL ({url}) did not answer with metadata; the well-known document was used.",
  'A3/unprotected':
    '{url} answered {status} without a token: if it is protected, answer 401 with WWW-Authenticate resource_metadata so agents find this metadata.',
  'A3/challenge-not-401': '{url} answered {answer} to an unauthenticated request, not 401.',
} as const;
type A3Advisory = keyof typeof ADVISORIES;

/**
 * The parts of an outcome's text: what was asked, what the metadata lacks, what the page and an
 * unauthenticated request to the protected URL answered.
 */
const FINDINGS = {
  'A3/seen': '{seen:probe}',
  'A3/not-json': 'not JSON ({error})',
  'A3/not-object': 'JSON but not an object',
  'A3/no-resource': 'no "resource"',
  'A3/resource-not-url': 'resource "{resource}" is not an absolute URL',
  'A3/resource-other-origin': 'resource {resource} is not on {origin}, where the metadata was fetched',
  'A3/no-servers': 'no authorization_servers, so agents cannot find where to obtain a token',
  'A3/page-www-authenticate': 'the page sent WWW-Authenticate: {wwwAuthenticate}',
  'A3/page-www-authenticate-no-param': 'the page sent WWW-Authenticate: {wwwAuthenticate} (no resource_metadata parameter)',
  'A3/challenge': 'unauthenticated {method} {url} ({target}) → {answer}',
  'A3/challenge-www-authenticate': 'unauthenticated {method} {url} ({target}) → {answer}, WWW-Authenticate: {wwwAuthenticate}',
  'A3/challenge-401-bare': 'unauthenticated {method} {url} ({target}) → 401 without WWW-Authenticate',
  'A3/not-challenged': 'no protected URL was asked without a token',
  'A3/followed': 'followed resource_metadata to {seen:probe}',
  'A3/challenge-no-param': 'the 401 does not point to the metadata (no resource_metadata parameter)',
} as const;
type A3Finding = SubFinding<keyof typeof FINDINGS>;

/** What the metadata names: the document's probe, its resource and authorization servers. */
const FACTS = '{seen:probe}: resource {resource}, {servers} authorization server(s) ({serverList})';

/** What the page and the unauthenticated request said, closing every outcome's text. */
function challengeNotes(prm: A3Artifact, challenge: ResourceChallenge | null, origin: string): A3Finding[] {
  const out: A3Finding[] = [];
  const pageWww = prm.pageWwwAuthenticate;
  if (pageWww) {
    const wwwAuthenticate = excerpt(pageWww, 120);
    out.push({ code: resourceMetadataParam(pageWww) ? 'A3/page-www-authenticate' : 'A3/page-www-authenticate-no-param', data: { wwwAuthenticate } });
  }
  if (!challenge) return [...out, { code: 'A3/not-challenged' }];
  const www = challenge.probe.headers['www-authenticate'];
  const at = {
    method: challenge.probe.method,
    url: excerpt(challenge.url, 80),
    target: challenge.source === 'mcp' ? 'MCP endpoint' : 'resource',
    answer: challenge.probe.status ?? challenge.probe.error?.code ?? 'none',
  };
  if (www) out.push({ code: 'A3/challenge-www-authenticate', data: { ...at, wwwAuthenticate: excerpt(www, 120) } });
  else out.push(challenge.probe.status === 401 ? { code: 'A3/challenge-401-bare', data: at } : { code: 'A3/challenge', data: at });
  if (prm.followed) out.push({ code: 'A3/followed', data: probeData(prm.followed.probe, origin) });
  return out;
}

export const a3ProtectedResource = defineCheck<A3Artifact>()({
  meta: {
    id: 'A3',
    name: 'OAuth protected-resource metadata (RFC 9728)',
    dimension: 'capabilities',
    requests: [PRM_REQUEST, ...MCP_CARD_REQUESTS, ...CATALOG_REQUESTS, ROBOTS_REQUEST],
    mcpProbe: true,
    tier: 'recommended',
    weight: 5,
    level: { arm: 'auth-metadata' },
    anchorKey: 'oauthProtectedResource',
    specUrls: SPEC,
    standards: ['rfc9728'],
    offers: { resource: 'protectedResource' },
    summary:
      `JSON at ${PRM_PATH} naming the protected resource and the authorization servers that issue tokens for it (RFC ` +
      `9728); a 401 may point to it with WWW-Authenticate resource_metadata.`,
    why: 'An agent that meets a protected API or MCP server learns from this document where to get a token; MCP servers must publish it.',
    remediation: `Publish ${PRM_PATH} with "resource" (your API's URL) and "authorization_servers" (your issuer URLs).`,
    profile: {
      appEvidence: 'protected-resource metadata found',
      naOnPublicMcp: 'public MCP server: its server card declares no authentication, so there is no OAuth-protected resource to discover',
    },
    remedies: {
      'A3/set-resource': 'Set "resource" to the exact URL of the protected resource the metadata is published for (same origin).',
      'A3/add-authorization-servers': 'Add "authorization_servers": ["https://your-issuer"] to the protected-resource metadata.',
      'A3/answer-challenge':
        `Answer unauthenticated requests with 401 and WWW-Authenticate: Bearer resource_metadata="<URL of ${PRM_PATH}>" ` +
        '(RFC 9728 §5.1; required by MCP authorization).',
    },
    codes: {
      'A3/missing': 'no protected-resource metadata (RFC 9728)',
      'A3/bad-resource': 'partial: "resource" missing, not an absolute URL, or on another origin',
      'A3/no-authorization-servers': 'partial: no authorization_servers',
      'A3/no-resource-metadata-challenge':
        'partial: valid metadata, but the protected endpoint answers 401 without WWW-Authenticate resource_metadata (RFC 9728 §5.1)',
      'A3/ok': 'valid protected-resource metadata',
    },
    messages: {
      'A3/missing': 'No protected-resource metadata: {findings}.',
      'A3/bad-resource': `${FACTS}; {findings}.`,
      'A3/no-authorization-servers': `${FACTS}; {findings}.`,
      'A3/no-resource-metadata-challenge': `${FACTS}; {findings}.`,
      'A3/ok': `${FACTS}; {findings}.`,
    },
    findings: FINDINGS,
    // Values the metadata and the servers sent (resource, issuers, headers) and the parser's or network's message.
    quoted: ['resource', 'serverList', 'wwwAuthenticate', 'error', 'answer'],
    advisories: ADVISORIES,
    contentProfile: 'na',
  },
  async gather(ctx) {
    const prm = await protectedResourceMetadata(ctx);
    return { ...prm, ...(await probeProtectedResource(ctx, prm)) };
  },
  evaluate(prm, ctx) {
    const chosen = !prm.chosen.doc && prm.followed?.doc ? prm.followed : prm.chosen;
    const challenge = prm.challenge ?? null;
    const challengeParam = resourceMetadataParam(challenge?.probe.headers['www-authenticate']);
    const pointed = resourceMetadataParam(prm.pageWwwAuthenticate ?? undefined);
    const notes = challengeNotes(prm, challenge, ctx.origin);
    const probes = [
      prm.wellKnown.probe,
      ...(prm.linked ? [prm.linked.probe] : []),
      ...(prm.followed ? [prm.followed.probe] : []),
      ...(challenge ? [challenge.probe] : []),
    ];
    if (!chosen.doc) {
      const why = [prm.wellKnown.problem, prm.linked?.problem].flatMap((p): A3Finding[] =>
        !p ? [] : p.kind === 'not-json' ? [{ code: 'A3/not-json', data: { error: p.error } }] : [{ code: 'A3/not-object' }],
      );
      const seen = probes.map((p): A3Finding => ({ code: 'A3/seen', data: probeData(p, ctx.origin) }));
      return { status: 'fail', code: 'A3/missing', data: {}, findings: [...seen, ...why, ...notes], probes };
    }
    const doc = chosen.doc;
    const advisories: Array<SubFinding<A3Advisory>> = [];
    const problems: A3Finding[] = [];
    const resource = httpUrl(doc.resource);
    const docOrigin = new URL(chosen.probe.url).origin;
    if (!resource) {
      problems.push(
        typeof doc.resource === 'string' ? { code: 'A3/resource-not-url', data: { resource: excerpt(doc.resource, 80) } } : { code: 'A3/no-resource' },
      );
    } else if (resource.origin !== docOrigin) {
      problems.push({ code: 'A3/resource-other-origin', data: { resource: excerpt(resource.href, 80), origin: docOrigin } });
    } else if (chosen === prm.wellKnown && resource.pathname !== '/' && resource.pathname !== '') {
      // RFC 9728 §3.3: looked up at the origin's well-known URL, "resource" must be the origin, else
      // the client MUST NOT use it; reached from the 401 of that very resource, it is valid.
      const path = resource.pathname.replace(/\/$/, '');
      const confirmed = challenge?.probe.status === 401 && sameUrl(challengeParam, prm.wellKnown.probe.requestedUrl) && sameUrl(challenge.url, resource.href);
      if (!confirmed) {
        advisories.push({ code: 'A3/resource-has-path', data: { path, origin: docOrigin, resource: excerpt(resource.href, 80) } });
      }
    }
    if (
      resource &&
      chosen !== prm.wellKnown &&
      challenge &&
      challengeParam &&
      sameUrl(challengeParam, chosen.probe.requestedUrl) &&
      !sameUrl(challenge.url, resource.href)
    ) {
      advisories.push({ code: 'A3/resource-not-challenged-url', data: { resource: excerpt(resource.href, 80), url: excerpt(challenge.url, 80) } });
    }
    const servers = Array.isArray(doc.authorization_servers) ? doc.authorization_servers.filter((s) => httpUrl(s)) : [];
    if (servers.some((s) => httpUrl(s)!.protocol !== 'https:')) advisories.push({ code: 'A3/server-not-https' });
    if (!Array.isArray(doc.scopes_supported)) advisories.push({ code: 'A3/no-scopes' });
    // RFC 9728 §3.2: "Parameters with zero values MUST be omitted from the response"; §2 makes one
    // exception, bearer_methods_supported: [] ("no Bearer methods are supported").
    const empty = Object.entries(doc)
      .filter(([k, v]) => Array.isArray(v) && v.length === 0 && k !== 'bearer_methods_supported')
      .map(([k]) => k);
    if (empty.length) {
      advisories.push({
        code: 'A3/empty-arrays',
        data: { members: empty.slice(0, 6).join(', '), emptyArrays: empty.length > 1 ? 'empty arrays' : 'empty array' },
      });
      if (empty.includes('authorization_servers')) advisories.push({ code: 'A3/empty-authorization-servers' });
    }
    if (prm.linked && !prm.linked.doc && prm.wellKnown.doc) advisories.push({ code: 'A3/linked-not-metadata', data: { url: excerpt(pointed ?? '', 100) } });
    const facts = {
      ...probeData(chosen.probe, ctx.origin),
      resource: resource ? excerpt(resource.href, 80) : 'none',
      servers: servers.length,
      serverList:
        servers
          .slice(0, 3)
          .map((s) => excerpt(String(s), 60))
          .join(', ') || 'none',
    };
    const details = {
      resource: resource?.href ?? null,
      authorizationServers: servers,
      fromWwwAuthenticate: chosen === prm.linked || chosen === prm.followed,
      ...(challenge ? { challenge: { url: challenge.url, source: challenge.source, status: challenge.probe.status, resourceMetadata: challengeParam } } : {}),
    };
    const used = [chosen.probe, ...(challenge ? [challenge.probe] : [])];
    if (challenge && challenge.probe.status !== null && challenge.probe.status >= 200 && challenge.probe.status < 300) {
      advisories.push({ code: 'A3/unprotected', data: { url: excerpt(challenge.url, 80), status: challenge.probe.status } });
    } else if (challenge && challenge.probe.status !== 401) {
      advisories.push({
        code: 'A3/challenge-not-401',
        data: { url: excerpt(challenge.url, 80), answer: challenge.probe.status ?? challenge.probe.error?.message ?? 'nothing' },
      });
    }
    if (problems.length) {
      return {
        status: 'partial',
        code: 'A3/bad-resource',
        data: facts,
        findings: [...problems, ...notes],
        remedy: 'A3/set-resource',
        matched: 'RFC 9728',
        advisories,
        probes: used,
        details,
      };
    }
    if (!servers.length) {
      return {
        status: 'partial',
        code: 'A3/no-authorization-servers',
        data: facts,
        findings: [{ code: 'A3/no-servers' }, ...notes],
        remedy: 'A3/add-authorization-servers',
        matched: 'RFC 9728',
        advisories,
        probes: used,
        details,
      };
    }
    if (challenge?.probe.status === 401 && !challengeParam) {
      return {
        status: 'partial',
        code: 'A3/no-resource-metadata-challenge',
        data: facts,
        findings: [...notes, { code: 'A3/challenge-no-param' }],
        remedy: 'A3/answer-challenge',
        matched: 'RFC 9728',
        advisories,
        probes: used,
        details,
      };
    }
    return { status: 'pass', code: 'A3/ok', data: facts, findings: notes, matched: 'RFC 9728', advisories, probes: used, details };
  },
  fixGuide(fx) {
    const content = JSON.stringify(
      {
        resource: fx.origin,
        // The owner's issuer (validated http(s)) when given.
        authorization_servers: [
          givenValue(fx, 'authorizationServer')?.replace(/\/$/, '') ?? `https://auth.${domainOrPlaceholder(fx.origin).replace(/^www\./, '')}`,
        ],
        scopes_supported: ['read', 'write'],
        bearer_methods_supported: ['header'],
        resource_documentation: `${fx.origin}/docs/api`,
      },
      null,
      2,
    );
    return [
      // The scopes and documentation URL are samples even with the owner's issuer: an example to adapt, asking for the issuer.
      ...serveFileSteps(fx, {
        path: PRM_PATH,
        contentType: 'application/json',
        content,
        lang: 'json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        ...capabilityOrigin(fx, null, givenValue(fx, 'authorizationServer') ? [] : ['authorizationServer']),
      }),
      {
        title: 'Point 401 responses at it',
        body: 'Protected endpoints (your API, your MCP server) should answer unauthenticated requests with 401 and:',
        code: `WWW-Authenticate: Bearer resource_metadata="${fx.origin}${PRM_PATH}"`,
        lang: 'http',
      },
      verifyStep(sh`curl -s ${fx.origin}${PRM_PATH}`, 'Expect JSON with "resource" equal to your resource URL and a non-empty "authorization_servers" array.'),
      specStep(SPEC),
    ];
  },
});
