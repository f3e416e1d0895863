import { defineCheck, type SubFinding } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { excerpt, isFound, isSoft404 } from '../../gather/classify.js';
import { probeData } from '../../gather/probe-facts.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { sh } from '../../fixes/shell.js';
import { capabilityOrigin, showsApp } from '../../fixes/capability.js';
import type { FixStep } from '../../schema.js';
import { domainOrPlaceholder } from '../../fixes/site.js';

const SPEC = ['https://workos.com/auth-md/docs/auth-md', 'https://isitagentready.com/.well-known/agent-skills/auth-md/SKILL.md'];
export const AUTH_MD_PATH = '/auth.md';
const ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.1';
const MAX_BYTES = 512 * 1024;
/** auth.md as gather asks for it (declared: it goes out with the page). */
const AUTH_MD_REQUEST = { path: AUTH_MD_PATH, options: { accept: ACCEPT, maxBytes: MAX_BYTES } };

/** The first level-1 heading outside fenced code: ATX (`# Title`) or setext (`Title` over `===`). */
export function firstH1(markdown: string): string | null {
  const lines = markdown.replace(/^\uFEFF/, '').split(/\r?\n/);
  let fence: string | null = null;
  for (let i = 0; i < lines.length && i < 5000; i++) {
    const line = lines[i];
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const atx = /^\s{0,3}#(?!#)[ \t]*(.*?)[ \t]*#*[ \t]*$/.exec(line);
    if (atx && (line.trimStart().length === 1 || /^\s{0,3}#[ \t]/.test(line))) return atx[1].trim();
    if (line.trim() && i + 1 < lines.length && /^\s{0,3}=+\s*$/.test(lines[i + 1])) return line.trim();
  }
  return null;
}

/**
 * What an auth.md points at, as WorkOS's "The auth.md file" page (read 2026-11-25) lays it out: the
 * Protected Resource Metadata stays the authoritative source and auth.md is its prose companion,
 * with a two-hop Discover section (PRM, then the authorization server's `agent_auth` block) and a
 * Register step that posts to the block's `identity_endpoint` (`register_uri` before workos/auth.md
 * v0.2.0 of 2026-06-03; both are read).
 */
export interface AuthMdPointers {
  protectedResourceMetadata: boolean;
  authorizationServerMetadata: boolean;
  agentAuthBlock: boolean;
  registration: boolean;
}

export function authMdPointers(text: string): AuthMdPointers {
  const t = text.slice(0, MAX_BYTES);
  return {
    protectedResourceMetadata: /\/\.well-known\/oauth-protected-resource|resource_metadata/i.test(t),
    authorizationServerMetadata: /\/\.well-known\/(oauth-authorization-server|openid-configuration)/i.test(t),
    agentAuthBlock: /\bagent_auth\b/.test(t),
    registration: /identity_endpoint|register_uri|\/agent[-/]auth\b|\/agent\/identity\b|register/i.test(t),
  };
}

/** The metadata and steps a document points at, as a list of names. */
function pointerNames(p: AuthMdPointers): string {
  const names = [
    p.protectedResourceMetadata && 'protected-resource metadata',
    p.authorizationServerMetadata && 'authorization-server metadata',
    p.agentAuthBlock && 'agent_auth block',
    p.registration && 'registration step',
  ].filter(Boolean);
  return names.join(', ');
}

/** The parts of an outcome's text: the H1, what the guide points at, what it lacks. */
const FINDINGS = {
  'A9/h1': 'H1 "{h1}"',
  'A9/no-h1': 'no H1 heading',
  'A9/guide': 'a registration guide (points at {pointers})',
  'A9/no-metadata-pointer': 'no pointer to the OAuth metadata',
  'A9/no-registration': 'no registration step',
} as const;
type A9Finding = SubFinding<keyof typeof FINDINGS>;

/** Non-scoring notes (meta.advisories): a declared list, so a push of an undeclared code does not compile. */
const ADVISORIES = {
  'A9/content-type': 'served as {contentType} (text/markdown expected)',
  'A9/no-content-type': 'served without a content type (text/markdown expected)',
  'A9/no-pointers': 'does not point to a registration endpoint or OAuth metadata (/.well-known/oauth-protected-resource, oauth-authorization-server)',
} as const;
type A9Advisory = keyof typeof ADVISORIES;

export const a9AuthMd = defineCheck<FetchResult>()({
  meta: {
    id: 'A9',
    name: 'auth.md',
    dimension: 'capabilities',
    requests: [AUTH_MD_REQUEST],
    tier: 'bonus',
    weight: 2,
    // A content site is not marked down for an agent capability it does not run (not offered).
    contentProfile: 'offered',
    level: { arm: 'auth-metadata' },
    anchorKey: 'authMd',
    specUrls: SPEC,
    standards: ['authMd'],
    summary:
      'GET /auth.md answers Markdown that is the agent-registration guide of the Auth.md protocol: it points at the ' +
      'OAuth metadata (protected-resource or authorization-server metadata, or the agent_auth block) and describes ' +
      'registration, as the workos/auth.md template does; an H1 naming "auth.md" is enough on its own, but not required.',
    why: 'auth.md tells an agent, in plain language, how to register and obtain credentials for your service instead of stopping at a login form.',
    remediation:
      'Publish /auth.md as text/markdown with an "# auth.md" heading that explains how agents register and authenticate, linking your OAuth metadata.',
    remedies: {
      'A9/follow-template':
        'Make /auth.md the registration guide the workos/auth.md template lays out: point at your protected-resource ' +
        "metadata and the authorization server's agent_auth block, then walk through register, claim, use and " +
        'revocation (an "# auth.md" H1 also identifies it).',
    },
    codes: {
      'A9/soft-404': 'an HTML page answered instead of auth.md',
      'A9/missing': 'no /auth.md',
      'A9/not-a-guide':
        "partial: auth.md found, but it neither names itself auth.md in its H1 nor reads as the template's registration " +
        'guide (no pointer to the OAuth metadata, or no registration step)',
      'A9/ok': 'an auth.md document',
    },
    messages: {
      'A9/soft-404': '{seen:probe}: an HTML page, not Markdown (soft 404).',
      'A9/missing': '{seen:probe}: no auth.md.',
      'A9/not-a-guide': '{seen:probe}; {findings}: neither an H1 naming "auth.md" nor a registration guide. Starts: "{start}"',
      'A9/ok': '{seen:probe}; {findings}.',
    },
    findings: FINDINGS,
    // The document's own heading and opening.
    quoted: ['h1', 'start'],
    advisories: ADVISORIES,
  },
  gather: (ctx) => ctx.fetch(AUTH_MD_REQUEST.path, AUTH_MD_REQUEST.options),
  evaluate(res, { origin }) {
    const seen = probeData(res, origin);
    const probes = [res];
    if (isSoft404(res)) return { status: 'fail', code: 'A9/soft-404', data: seen, probes };
    if (!isFound(res)) return { status: 'fail', code: 'A9/missing', data: seen, probes };
    const advisories: Array<SubFinding<A9Advisory>> = [];
    if (!res.contentType) advisories.push({ code: 'A9/no-content-type' });
    else if (res.contentType !== 'text/markdown') advisories.push({ code: 'A9/content-type', data: { contentType: res.contentType } });
    const pointers = authMdPointers(res.text);
    if (!pointers.protectedResourceMetadata && !pointers.authorizationServerMetadata && !pointers.registration) advisories.push({ code: 'A9/no-pointers' });
    const details = { pointers };
    const h1 = firstH1(res.text);
    const heading: A9Finding = h1 ? { code: 'A9/h1', data: { h1: excerpt(h1, 80) } } : { code: 'A9/no-h1' };
    // The workos/auth.md README and template (AUTH.md) do not require a heading: a document that points
    // at the metadata and walks through registration is the guide, whatever its title.
    const pointsAtMetadata = pointers.protectedResourceMetadata || pointers.authorizationServerMetadata || pointers.agentAuthBlock;
    const guide = pointsAtMetadata && pointers.registration;
    if ((h1 && /auth\.md/i.test(h1)) || guide) {
      const named = h1 && /auth\.md/i.test(h1);
      const recognised: A9Finding[] = named ? [heading] : [heading, { code: 'A9/guide', data: { pointers: pointerNames(pointers) } }];
      return {
        status: 'pass',
        code: 'A9/ok',
        data: seen,
        findings: recognised,
        matched: 'Auth.md (workos/auth.md AUTH.md template)',
        advisories,
        probes,
        details,
      };
    }
    const missing: A9Finding[] = [
      ...(pointsAtMetadata ? [] : [{ code: 'A9/no-metadata-pointer' as const }]),
      ...(pointers.registration ? [] : [{ code: 'A9/no-registration' as const }]),
    ];
    return {
      status: 'partial',
      code: 'A9/not-a-guide',
      data: { ...seen, start: excerpt(res.text, 100) },
      findings: [heading, ...missing],
      remedy: 'A9/follow-template',
      advisories,
      probes,
      details,
    };
  },
  fixGuide(fx) {
    const o = fx.origin;
    const metadataStep: FixStep = {
      title: 'Publish the metadata it points at',
      body:
        'auth.md is the prose companion of your OAuth metadata, which stays the authoritative source: ' +
        'protected-resource metadata (A3) naming your authorization server, and authorization-server metadata (A2) ' +
        'carrying an `agent_auth` block. Then implement the endpoints it names (identity, claim, token, events); keep ' +
        'only the identity types you accept.',
      code: agentAuthBlock(o),
      lang: 'json',
      // Merged into the authorization-server metadata A2's guide publishes; the endpoints are the owner's.
      publish: { kind: 'merge', path: '/.well-known/oauth-authorization-server', content: agentAuthBlock(o) },
      ...capabilityOrigin(fx, null, ['authorizationServer']),
    };
    const verify = verifyStep(
      sh`curl -si -H 'Accept: text/markdown' ${o}${AUTH_MD_PATH} | head -n 12`,
      'Expect HTTP 200, Content-Type: text/markdown and a first heading containing "auth.md".',
    );
    // The scan looked for OAuth metadata (A2, A3) and found none: auth.md would describe endpoints
    // the site does not have. The registration comes first; the document describes it afterwards.
    if (fx.found?.oauthServer === null && fx.found?.protectedResource === null) {
      return [
        {
          title: 'First build the registration it describes',
          body:
            'auth.md tells agents how to register with your authorization server, and this scan found neither ' +
            'authorization-server metadata (A2, /.well-known/oauth-authorization-server) nor protected-resource metadata ' +
            '(A3). A site without an API or a sign-in has nothing for auth.md to describe: this bonus check can stay unmet. ' +
            'Otherwise publish the metadata and implement the identity and claim endpoints it names, as below (`ai-ready ' +
            'explain A2` and `ai-ready explain A3` show how).',
          code: agentAuthBlock(o),
          lang: 'json',
          ...(showsApp(fx) ? { needs: ['authorizationServer' as const] } : {}),
        },
        {
          title: `Then publish ${AUTH_MD_PATH}`,
          body:
            `Describe those endpoints at ${AUTH_MD_PATH} (text/markdown, a first heading "# auth.md"): discover, pick a ` +
            `method, register, claim, use the credential, revocation. \`ai-ready explain A9\` prints a template to adapt; ` +
            `scan again once the metadata answers for one that names your own URLs.`,
          ...(showsApp(fx) ? { needs: ['authorizationServer' as const, 'contact' as const] } : {}),
        },
        verify,
        specStep(SPEC),
      ];
    }
    const content = authMdTemplate(o, domainOrPlaceholder(o), {
      authServer: fx.found?.oauthServer ?? undefined,
      protectedResource: fx.found?.protectedResource ?? undefined,
    });
    const serve = serveFileSteps(fx, {
      path: AUTH_MD_PATH,
      contentType: 'text/markdown; charset=utf-8',
      content,
      lang: 'markdown',
      ...capabilityOrigin(fx, null, ['authorizationServer', 'contact']),
    });
    // A platform step that embeds the file (WordPress's mu-plugin) already shows it: print it once.
    const once = serve.length > 1 && serve.some((st) => st.code !== content && st.code?.includes(content)) ? serve.filter((st) => st.code !== content) : serve;
    return [...once, metadataStep, verify, specStep(SPEC)];
  },
});

/**
 * The authorization-server metadata auth.md points at, in the shape of workos/auth.md v0.2.0-v0.7.0
 * (CHANGELOG.md at 11fa014, 2026-06-12): RFC 8414 top-level fields (issuer, token_endpoint,
 * revocation_endpoint, grant_types_supported) beside the `agent_auth` block, whose endpoints are
 * `identity_endpoint`, `claim_endpoint` and `events_endpoint` (were register_uri, claim_uri,
 * revocation_uri), identity types `anonymous`, `identity_assertion` (ID-JAG only) and `service_auth`.
 */
function agentAuthBlock(o: string): string {
  const block = {
    issuer: o,
    token_endpoint: `${o}/oauth2/token`,
    revocation_endpoint: `${o}/oauth2/revoke`,
    grant_types_supported: ['urn:ietf:params:oauth:grant-type:jwt-bearer', 'urn:workos:agent-auth:grant-type:claim'],
    agent_auth: {
      skill: `${o}/auth.md`,
      identity_endpoint: `${o}/agent/identity`,
      claim_endpoint: `${o}/agent/identity/claim`,
      events_endpoint: `${o}/agent/event/notify`,
      identity_types_supported: ['anonymous', 'identity_assertion', 'service_auth'],
      identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag'] },
      events_supported: ['https://schemas.workos.com/events/agent/auth/identity/assertion/revoked'],
    },
  };
  return JSON.stringify(block, null, 2);
}

/**
 * The document in the order of the workos/auth.md walkthrough: title and preamble naming the hosts,
 * Discover (two hops), pick a method, Register at the identity endpoint (which returns an
 * `identity_assertion`, exchanged at the token endpoint since v0.2.0), Claim (RFC 8628-shaped
 * `user_code` ceremony since v0.4.0), Use the credential, Revocation.
 */
export function authMdTemplate(o: string, domain: string, found: { authServer?: string; protectedResource?: string } = {}): string {
  const fence = '```';
  // The metadata URLs the scan found; otherwise their well-known place on the origin.
  const protectedResource = found.protectedResource ?? `${o}/.well-known/oauth-protected-resource`;
  const authServer = found.authServer ?? `${o}/.well-known/oauth-authorization-server`;
  return [
    '# auth.md',
    '',
    `You are an agent. This service supports agentic registration. Resource server (the API): ${o}. Authorization ` +
      `server (registration and tokens): ${o}. Follow the steps in order.`,
    '',
    '## 1. Discover',
    '',
    `On a 401, read the Protected Resource Metadata URL from \`WWW-Authenticate: Bearer resource_metadata="…"\`; ` +
      `without one, fetch ${protectedResource} and read \`resource\`, \`resource_name\`, \`authorization_servers\`, ` +
      `\`scopes_supported\` and \`bearer_methods_supported\`.`,
    '',
    `Then fetch ${authServer}: read \`issuer\`, \`token_endpoint\`, \`grant_types_supported\` and its ` +
      `\`agent_auth\` block in full (\`identity_endpoint\`, \`claim_endpoint\`, \`events_endpoint\`, \`identity_types_supported\`).`,
    '',
    '## 2. Pick a method',
    '',
    '- `identity_assertion` with an ID-JAG from your provider, if this service lists it in `identity_assertion.assertion_types_supported`.',
    "- `service_auth` with the user's email as `login_hint` (a claim ceremony follows).",
    '- `anonymous`: pre-claim scopes now, a claim later.',
    '',
    '## 3. Register',
    '',
    `${fence}http`,
    `POST ${o}/agent/identity`,
    'Content-Type: application/json',
    '',
    '{"type": "anonymous"}',
    fence,
    '',
    `The answer carries an \`identity_assertion\` (anonymous, ID-JAG) to exchange at ${o}/oauth2/token (grant type ` +
      `urn:ietf:params:oauth:grant-type:jwt-bearer) for an access token, or a \`claim_token\` and a \`claim\` block (service_auth).`,
    '',
    '## 4. Claim',
    '',
    `Anonymous registrations start a claim at ${o}/agent/identity/claim with the \`claim_token\`. Show the user the ` +
      `\`user_code\` and \`verification_uri\`; they sign in there and type the code. Poll ${o}/oauth2/token with the ` +
      `claim grant (urn:workos:agent-auth:grant-type:claim) until it answers with the token.`,
    '',
    '## 5. Use the credential',
    '',
    'Send `Authorization: Bearer <access_token>`. On a 401 with a token that used to work, drop it and start again at step 1.',
    '',
    '## Revocation',
    '',
    'You do not revoke credentials yourself; providers send revocation events to the `events_endpoint`, and a revoked credential answers 401.',
    '',
    '## Contact',
    '',
    `security@${domain}`,
    '',
  ].join('\n');
}
