import { defineCheck } from '../types.js';
import type { FetchResult } from '../../net/http.js';
import { describeProbe, excerpt, isFound, isSoft404 } from '../../gather/classify.js';
import { serveFileSteps, verifyStep, specStep } from '../../fixes/platform-steps.js';
import { domainOrPlaceholder } from '../../fixes/site.js';

const SPEC = ['https://workos.com/auth-md/docs/auth-md', 'https://isitagentready.com/.well-known/agent-skills/auth-md/SKILL.md'];
export const AUTH_MD_PATH = '/auth.md';
const ACCEPT = 'text/markdown, text/plain;q=0.9, */*;q=0.1';
const MAX_BYTES = 512 * 1024;

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
 * Register step that posts to the block's `register_uri`.
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
    registration: /register_uri|\/agent[-/]auth\b|\/agent\/identity\b|register/i.test(t),
  };
}

export const a9AuthMd = defineCheck<FetchResult>()({
  meta: {
    id: 'A9',
    name: 'auth.md',
    dimension: 'capabilities',
    tier: 'bonus',
    weight: 2,
    level: { arm: 'auth-metadata' },
    anchorKey: 'authMd',
    specUrls: SPEC,
    standards: ['authMd'],
    summary: 'GET /auth.md answers Markdown whose H1 names "auth.md": the agent-registration guide of the Auth.md protocol.',
    why: 'auth.md tells an agent, in plain language, how to register and obtain credentials for your service instead of stopping at a login form.',
    remediation: 'Publish /auth.md as text/markdown with an "# auth.md" heading that explains how agents register and authenticate, linking your OAuth metadata.',
    codes: {
      'A9/soft-404': 'an HTML page answered instead of auth.md',
      'A9/missing': 'no /auth.md',
      'A9/no-heading': 'partial: auth.md found but its H1 does not name "auth.md"',
      'A9/ok': 'an auth.md document',
    },
    messages: {
      'A9/soft-404': '{seen}: an HTML page, not Markdown (soft 404).',
      'A9/missing': '{seen}: no auth.md.',
      'A9/no-heading': '{seen}; {heading}, expected one naming "auth.md". Starts: "{start}"',
      'A9/ok': '{seen}; H1 "{excerpt}".',
    },
  },
  gather: (ctx) => ctx.fetch(AUTH_MD_PATH, { accept: ACCEPT, maxBytes: MAX_BYTES }),
  evaluate(res, { origin }) {
    const seen = describeProbe(res, origin);
    const probes = [res];
    if (isSoft404(res)) return { status: 'fail', code: 'A9/soft-404', data: { seen }, probes };
    if (!isFound(res)) return { status: 'fail', code: 'A9/missing', data: { seen }, probes };
    const advisories: string[] = [];
    if (res.contentType !== 'text/markdown') advisories.push(`served as ${res.contentType ?? 'no content type'} (text/markdown expected)`);
    const pointers = authMdPointers(res.text);
    if (!pointers.protectedResourceMetadata && !pointers.authorizationServerMetadata && !pointers.registration)
      advisories.push('does not point to a registration endpoint or OAuth metadata (/.well-known/oauth-protected-resource, oauth-authorization-server)');
    const details = { pointers };
    const h1 = firstH1(res.text);
    if (h1 && /auth\.md/i.test(h1)) {
      return { status: 'pass', code: 'A9/ok', data: { seen, excerpt: excerpt(h1, 80) }, matched: 'Auth.md (WorkOS, 2026)', advisories, probes, details };
    }
    return {
      status: 'partial',
      code: 'A9/no-heading',
      data: { seen, heading: h1 ? `H1 is "${excerpt(h1, 80)}"` : 'no H1 heading', start: excerpt(res.text, 100) },
      remediation: 'Start /auth.md with a level-1 heading that contains "auth.md" (e.g. "# auth.md for Example") so agents recognise the document.',
      advisories,
      probes,
      details,
    };
  },
  fixGuide(fx) {
    const o = fx.origin;
    const content = authMdTemplate(o, domainOrPlaceholder(o));
    return [
      ...serveFileSteps(fx, { path: AUTH_MD_PATH, contentType: 'text/markdown; charset=utf-8', content, lang: 'markdown', needs: ['authorizationServer', 'contact'] }),
      {
        title: 'Publish the metadata it points at',
        body:
          'auth.md is the prose companion of your OAuth metadata, which stays the authoritative source: protected-resource metadata (A3) naming your authorization server, and authorization-server metadata (A2) carrying an `agent_auth` block. Then implement the endpoints it names (register, claim, claim/complete); keep only the identity types you accept.',
        code: agentAuthBlock(o),
        lang: 'json',
      },
      verifyStep(`curl -si -H 'Accept: text/markdown' ${o}${AUTH_MD_PATH} | head -n 12`, 'Expect HTTP 200, Content-Type: text/markdown and a first heading containing "auth.md".'),
      specStep(SPEC),
    ];
  },
});

/** The `agent_auth` block of the authorization-server metadata, as the workos/auth.md AUTH.md shows it. */
function agentAuthBlock(o: string): string {
  const block = {
    agent_auth: {
      skill: `${o}/auth.md`,
      register_uri: `${o}/agent/auth`,
      claim_uri: `${o}/agent/auth/claim`,
      identity_types_supported: ['anonymous', 'identity_assertion'],
      anonymous: { credential_types_supported: ['api_key'] },
      identity_assertion: { assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'], credential_types_supported: ['access_token', 'api_key'] },
    },
  };
  return JSON.stringify(block, null, 2);
}

/**
 * The document in the order WorkOS's anatomy page gives (read 2026-11-25): title and preamble naming
 * the hosts, Discover (two hops), pick a method, Register, Claim, Use the credential, Revocation.
 */
export function authMdTemplate(o: string, domain: string): string {
  const fence = '```';
  return [
    '# auth.md',
    '',
    `You are an agent. This service supports agentic registration. Resource server (the API): ${o}. Authorization server (registration and claim): ${o}. Follow the steps in order.`,
    '',
    '## 1. Discover',
    '',
    `On a 401, read the Protected Resource Metadata URL from \`WWW-Authenticate: Bearer resource_metadata="…"\`; without one, fetch ${o}/.well-known/oauth-protected-resource and read \`resource\`, \`resource_name\`, \`authorization_servers\`, \`scopes_supported\` and \`bearer_methods_supported\`.`,
    '',
    `Then fetch ${o}/.well-known/oauth-authorization-server and read its \`agent_auth\` block in full: \`register_uri\`, \`claim_uri\`, \`identity_types_supported\` and the credential types of each.`,
    '',
    '## 2. Pick a method',
    '',
    '- `identity_assertion` with an ID-JAG from your provider, if this service trusts it.',
    "- `identity_assertion` with the user's verified email (a claim ceremony follows).",
    '- `anonymous`: a credential at pre-claim scopes now, a claim later.',
    '',
    '## 3. Register',
    '',
    `${fence}http`,
    `POST ${o}/agent/auth`,
    'Content-Type: application/json',
    '',
    '{"type": "anonymous", "requested_credential_type": "api_key"}',
    fence,
    '',
    'The answer carries `credential` (anonymous, ID-JAG) or a `claim_token` (email).',
    '',
    '## 4. Claim',
    '',
    `POST the \`claim_token\` and the user's email to ${o}/agent/auth/claim (anonymous only; email registrations already sent it). The user reads back a 6-digit code; POST \`claim_token\` and \`otp\` to ${o}/agent/auth/claim/complete.`,
    '',
    '## 5. Use the credential',
    '',
    'Send `Authorization: Bearer <credential>`. On a 401 with a credential that used to work, drop it and start again at step 1.',
    '',
    '## Revocation',
    '',
    'You do not revoke credentials yourself; a revoked credential answers 401.',
    '',
    '## Contact',
    '',
    `security@${domain}`,
    '',
  ].join('\n');
}
