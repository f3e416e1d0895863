import { defineCheck, type SubFinding } from '../types.js';
import { isLoopbackUrl } from '../../net/address-guard.js';
import { excerpt } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { fillTemplate } from '../messages.js';
import {
  AS_METADATA_PATH,
  JSON_ACCEPT,
  OIDC_CONFIG_PATH,
  httpUrl,
  issuerMetadataUrls,
  protectedResourceMetadata,
  readJsonDocument,
  type JsonDocument,
  PRM_REQUEST,
  AS_METADATA_REQUEST,
  OIDC_CONFIG_REQUEST,
} from '../../gather/oauth-metadata.js';
import { verifyStep, specStep, serveFileSteps } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin } from '../../fixes/capability.js';

const SPEC = ['https://www.rfc-editor.org/rfc/rfc8414', 'https://openid.net/specs/openid-connect-discovery-1_0.html'];
/** At most this many authorization servers named by the PRM are followed (2 requests each). */
const MAX_LISTED_ISSUERS = 3;

export type AsDocKind = 'rfc8414' | 'oidc';

export interface AsCandidate extends JsonDocument {
  kind: AsDocKind;
  /** The issuer the URL was built from; the document's `issuer` must equal it. */
  expectedIssuer: string;
  /** Where the issuer came from: the scanned origin, or the PRM's authorization_servers. */
  source: 'origin' | 'protected-resource metadata';
}

export interface OauthDiscoveryArtifact {
  candidates: AsCandidate[];
}

const stripSlash = (s: string) => s.replace(/\/+$/, '');

/** What keeps a metadata document from being valid: sub-findings of A2/invalid. */
const METADATA_FINDINGS = {
  'A2/no-issuer': 'no issuer',
  'A2/issuer-not-https': 'issuer {issuer} is not an https URL',
  'A2/issuer-query': 'issuer has a query or fragment',
  'A2/issuer-mismatch': 'issuer {issuer} does not match {expected}',
  'A2/no-member': 'no {member}',
  'A2/url-not-absolute': '{member} is not an absolute URL',
  'A2/url-not-https': '{member} is not https',
} as const;
type MetadataFinding = SubFinding<keyof typeof METADATA_FINDINGS>;

/** What was asked where when no metadata was found (sub-findings of A2/missing). */
const SEEN_FINDINGS = {
  'A2/seen': '{seen:probe}',
  'A2/seen-not-json': '{seen:probe} (not JSON ({error}))',
  'A2/seen-not-object': '{seen:probe} (JSON but not an object)',
} as const;

/** Problems that keep a metadata document from being valid, in words (empty when it is valid). */
export function asMetadataProblems(doc: Record<string, unknown>, kind: AsDocKind, expectedIssuer: string): string[] {
  return asMetadataFindings(doc, kind, expectedIssuer).map((f) => fillTemplate(METADATA_FINDINGS[f.code], f.data, f.code));
}

/** Problems that keep a metadata document from being valid, as sub-findings (empty when it is valid). */
export function asMetadataFindings(doc: Record<string, unknown>, kind: AsDocKind, expectedIssuer: string): MetadataFinding[] {
  const problems: MetadataFinding[] = [];
  const issuer = typeof doc.issuer === 'string' ? doc.issuer : null;
  if (!issuer) problems.push({ code: 'A2/no-issuer' });
  else {
    const u = httpUrl(issuer);
    if (!u || (u.protocol !== 'https:' && !isLoopbackUrl(u))) problems.push({ code: 'A2/issuer-not-https', data: { issuer: excerpt(issuer, 80) } });
    else if (u.search || u.hash) problems.push({ code: 'A2/issuer-query' });
    if (stripSlash(issuer) !== stripSlash(expectedIssuer))
      problems.push({ code: 'A2/issuer-mismatch', data: { issuer: excerpt(issuer, 80), expected: expectedIssuer } });
  }
  const responseTypes = Array.isArray(doc.response_types_supported) ? doc.response_types_supported.filter((x) => typeof x === 'string') : null;
  if (!responseTypes?.length) problems.push({ code: 'A2/no-member', data: { member: 'response_types_supported' } });
  const grants = Array.isArray(doc.grant_types_supported) ? doc.grant_types_supported : null;
  // authorization_endpoint is required unless no advertised grant type uses it (RFC 8414 §2).
  const usesAuthorize = !grants || grants.includes('authorization_code') || grants.includes('implicit');
  const implicitOnly = !!responseTypes?.length && responseTypes.every((t) => t === 'token');
  const required: string[] = [];
  if (usesAuthorize || kind === 'oidc') required.push('authorization_endpoint');
  if (!implicitOnly) required.push('token_endpoint');
  if (kind === 'oidc') required.push('jwks_uri');
  for (const f of required) if (typeof doc[f] !== 'string' || !doc[f]) problems.push({ code: 'A2/no-member', data: { member: f } });
  if (kind === 'oidc') {
    for (const f of ['subject_types_supported', 'id_token_signing_alg_values_supported']) {
      if (!Array.isArray(doc[f]) || !(doc[f] as unknown[]).length) problems.push({ code: 'A2/no-member', data: { member: f } });
    }
  }
  for (const [k, v] of Object.entries(doc)) {
    if ((k.endsWith('_endpoint') || k === 'jwks_uri') && typeof v === 'string') {
      const u = httpUrl(v);
      if (!u) problems.push({ code: 'A2/url-not-absolute', data: { member: k } });
      else if (u.protocol !== 'https:' && !isLoopbackUrl(u)) problems.push({ code: 'A2/url-not-https', data: { member: k } });
    }
  }
  return problems;
}

/** One candidate as asked, with why its answer was not a metadata object. */
function seenFinding(c: AsCandidate, origin: string): SubFinding<keyof typeof SEEN_FINDINGS> {
  const seen = probeData(c.probe, origin);
  if (c.problem?.kind === 'not-json') return { code: 'A2/seen-not-json', data: { ...seen, error: c.problem.error } };
  return c.problem ? { code: 'A2/seen-not-object', data: seen } : { code: 'A2/seen', data: seen };
}

/** What the metadata found says: where, which standard, found where (the origin, or an issuer the PRM names), its issuer. */
const FACTS = '{seen:probe}: {standard} metadata of issuer {at} (found via {source}), issuer {issuer}';

function label(c: AsCandidate): string {
  return c.kind === 'oidc' ? 'OpenID Connect Discovery 1.0' : 'RFC 8414';
}

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A2/no-pkce-s256': 'code_challenge_methods_supported does not list S256: MCP clients require PKCE with S256.',
  'A2/no-grant-types': 'No grant_types_supported: clients assume authorization_code and implicit only.',
  'A2/no-registration-endpoint': 'No registration_endpoint: agents cannot register themselves (RFC 7591 dynamic client registration).',
  'A2/issuer-trailing-slash': 'issuer "{issuer}" differs from {expected} only by a trailing slash; strict clients compare issuers exactly.',
} as const;
type A2Advisory = keyof typeof ADVISORIES;

export const a2OauthDiscovery = defineCheck<OauthDiscoveryArtifact>()({
  meta: {
    id: 'A2',
    name: 'OAuth / OIDC server metadata',
    dimension: 'capabilities',
    requests: [AS_METADATA_REQUEST, OIDC_CONFIG_REQUEST, PRM_REQUEST],
    tier: 'recommended',
    weight: 5,
    level: { arm: 'auth-metadata' },
    anchorKey: 'oauthDiscovery',
    specUrls: SPEC,
    standards: ['rfc8414'],
    offers: { resource: 'oauthServer' },
    summary:
      `Authorization-server metadata at ${AS_METADATA_PATH} (RFC 8414) or ${OIDC_CONFIG_PATH} (OpenID Connect), on ` +
      `the origin or at the issuers named by the protected-resource metadata (A3).`,
    why:
      'Agents (MCP clients among them) discover how to obtain tokens from these documents: endpoints, PKCE support ' +
      "and dynamic client registration. Without them an agent cannot sign in on a user's behalf.",
    remediation:
      `Publish your authorization server's metadata (${OIDC_CONFIG_PATH} or ${AS_METADATA_PATH}) with issuer, ` +
      `authorization_endpoint, token_endpoint and response_types_supported.`,
    profile: {
      appEvidence: 'OAuth/OIDC metadata found',
      naOnPublicMcp: 'public MCP server: its server card declares no authentication, so there is no OAuth-protected resource to discover',
    },
    remedies: {
      'A2/fix-document': 'Fix the {standard} document: {findings}.',
    },
    codes: {
      'A2/missing': 'no OAuth authorization-server or OpenID Connect metadata',
      'A2/invalid': 'partial: metadata found but with problems (issuer mismatch, missing endpoints)',
      'A2/ok': 'valid authorization-server metadata',
    },
    messages: {
      'A2/missing': 'No authorization-server metadata: {findings}.',
      'A2/invalid': `${FACTS}; {findings}.`,
      'A2/ok': `${FACTS}.`,
    },
    findings: { ...METADATA_FINDINGS, ...SEEN_FINDINGS },
    // The document's own issuer and member names, and the parser's message.
    quoted: ['issuer', 'member', 'error'],
    advisories: ADVISORIES,
    contentProfile: 'na',
  },
  async gather(ctx) {
    const [prm, asMeta, oidc] = await Promise.all([
      protectedResourceMetadata(ctx),
      ctx.fetch(AS_METADATA_REQUEST.path, AS_METADATA_REQUEST.options),
      ctx.fetch(OIDC_CONFIG_REQUEST.path, OIDC_CONFIG_REQUEST.options),
    ]);
    const candidates: AsCandidate[] = [
      { kind: 'rfc8414', expectedIssuer: ctx.origin, source: 'origin', ...readJsonDocument(asMeta) },
      { kind: 'oidc', expectedIssuer: ctx.origin, source: 'origin', ...readJsonDocument(oidc) },
    ];
    const listed = prm.chosen.doc?.authorization_servers;
    const issuers = (Array.isArray(listed) ? listed : [])
      .map((s) => httpUrl(s))
      .filter((u): u is URL => !!u && stripSlash(u.href) !== stripSlash(ctx.origin))
      .slice(0, MAX_LISTED_ISSUERS);
    const extra = await Promise.all(
      issuers.map(async (issuer) => {
        const urls = issuerMetadataUrls(issuer);
        const expectedIssuer = stripSlash(issuer.href);
        const [a, o] = await Promise.all([
          ctx.fetch(urls.rfc8414, { accept: JSON_ACCEPT, maxBytes: 1024 * 1024 }),
          ctx.fetch(urls.oidc, { accept: JSON_ACCEPT, maxBytes: 1024 * 1024 }),
        ]);
        const src = 'protected-resource metadata' as const;
        return [
          { kind: 'rfc8414' as const, expectedIssuer, source: src, ...readJsonDocument(a) },
          { kind: 'oidc' as const, expectedIssuer, source: src, ...readJsonDocument(o) },
        ];
      }),
    );
    return { candidates: [...candidates, ...extra.flat()] };
  },
  evaluate({ candidates }, ctx) {
    const judged = candidates.map((c) => ({ c, problems: c.doc ? asMetadataFindings(c.doc, c.kind, c.expectedIssuer) : [] }));
    const found = judged.filter((j) => j.c.doc);
    const valid = found.filter((j) => !j.problems.length);
    if (!found.length) {
      return {
        status: 'fail',
        code: 'A2/missing',
        data: {},
        findings: candidates.map((c) => seenFinding(c, ctx.origin)),
        probes: candidates.filter((c) => c.source === 'origin').map((c) => c.probe),
      };
    }
    const best = valid[0] ?? found[0];
    const doc = best.c.doc!;
    const advisories: Array<SubFinding<A2Advisory>> = [];
    const pkce = Array.isArray(doc.code_challenge_methods_supported) ? doc.code_challenge_methods_supported : [];
    if (!pkce.includes('S256')) advisories.push({ code: 'A2/no-pkce-s256' });
    if (!Array.isArray(doc.grant_types_supported)) advisories.push({ code: 'A2/no-grant-types' });
    if (typeof doc.registration_endpoint !== 'string') advisories.push({ code: 'A2/no-registration-endpoint' });
    if (typeof doc.issuer === 'string' && doc.issuer !== best.c.expectedIssuer && stripSlash(doc.issuer) === stripSlash(best.c.expectedIssuer)) {
      advisories.push({ code: 'A2/issuer-trailing-slash', data: { issuer: doc.issuer, expected: best.c.expectedIssuer } });
    }

    const details = {
      source: best.c.kind === 'oidc' ? 'openid-configuration' : 'oauth-authorization-server',
      issuer: typeof doc.issuer === 'string' ? doc.issuer : null,
      hasAuthorizationEndpoint: typeof doc.authorization_endpoint === 'string',
      hasTokenEndpoint: typeof doc.token_endpoint === 'string',
      hasJwksUri: typeof doc.jwks_uri === 'string',
      grantTypes: Array.isArray(doc.grant_types_supported) ? doc.grant_types_supported : null,
    };
    const facts = {
      ...probeData(best.c.probe, ctx.origin),
      standard: label(best.c),
      at: best.c.expectedIssuer,
      source: best.c.source === 'origin' ? 'origin' : 'protected-resource-metadata',
      issuer: typeof doc.issuer === 'string' ? excerpt(doc.issuer, 80) : 'none',
    };
    if (valid.length) {
      return { status: 'pass', code: 'A2/ok', data: facts, matched: label(best.c), advisories, probes: [best.c.probe], details };
    }
    return {
      status: 'partial',
      code: 'A2/invalid',
      data: facts,
      findings: best.problems,
      remedy: 'A2/fix-document',
      matched: label(best.c),
      advisories,
      probes: [best.c.probe],
      details,
    };
  },
  fixGuide(fx) {
    const content = JSON.stringify(
      {
        issuer: fx.origin,
        authorization_endpoint: `${fx.origin}/oauth/authorize`,
        token_endpoint: `${fx.origin}/oauth/token`,
        registration_endpoint: `${fx.origin}/oauth/register`,
        jwks_uri: `${fx.origin}/.well-known/jwks.json`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        scopes_supported: ['openid', 'read', 'write'],
      },
      null,
      2,
    );
    return [
      {
        title: "Use your identity provider's metadata",
        body:
          'Auth0, Okta, Keycloak, Cognito, Clerk and WorkOS already publish it at their issuer ' +
          '(…/.well-known/openid-configuration). If the issuer is on another host, publish protected-resource metadata ' +
          '(A3) on your API origin naming it in authorization_servers.',
      },
      // Every endpoint in the sample is a placeholder: the owner's identity provider publishes the real document.
      ...serveFileSteps(fx, {
        path: AS_METADATA_PATH,
        contentType: 'application/json',
        content,
        lang: 'json',
        ...capabilityOrigin(fx, null, ['authorizationServer']),
      }),
      verifyStep(
        sh`curl -s ${fx.origin}${AS_METADATA_PATH}; curl -s ${fx.origin}${OIDC_CONFIG_PATH}`,
        'Expect JSON whose issuer equals the URL it was fetched from, with https endpoints and S256 in code_challenge_methods_supported.',
      ),
      specStep(SPEC),
    ];
  },
});
