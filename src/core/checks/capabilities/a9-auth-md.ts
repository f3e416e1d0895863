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
    if (!/\/\.well-known\/oauth-(protected-resource|authorization-server)|openid-configuration|register/i.test(res.text))
      advisories.push('does not point to a registration endpoint or OAuth metadata (/.well-known/oauth-protected-resource, oauth-authorization-server)');
    const h1 = firstH1(res.text);
    if (h1 && /auth\.md/i.test(h1)) {
      return { status: 'pass', code: 'A9/ok', data: { seen, excerpt: excerpt(h1, 80) }, matched: 'Auth.md (WorkOS, 2026)', advisories, probes };
    }
    return {
      status: 'partial',
      code: 'A9/no-heading',
      data: { seen, heading: h1 ? `H1 is "${excerpt(h1, 80)}"` : 'no H1 heading', start: excerpt(res.text, 100) },
      remediation: 'Start /auth.md with a level-1 heading that contains "auth.md" (e.g. "# auth.md for Example") so agents recognise the document.',
      advisories,
      probes,
    };
  },
  fixGuide(fx) {
    const content = `# auth.md for ${new URL(fx.origin).hostname}\n\nThis document tells AI agents how to obtain access to our API on behalf of a user.\n\n## Register\n\nAgents register with OAuth 2.0 Dynamic Client Registration at ${fx.origin}/oauth/register.\n\n## Authorize\n\n- Protected resource metadata: ${fx.origin}/.well-known/oauth-protected-resource\n- Authorization server metadata: ${fx.origin}/.well-known/oauth-authorization-server\n- Use the authorization code flow with PKCE; request only the scopes you need.\n\n## Scopes\n\n- \`orders:read\`: read the user's orders\n\n## Contact\n\nsecurity@${domainOrPlaceholder(fx.origin)}\n`;
    return [
      ...serveFileSteps(fx, { path: AUTH_MD_PATH, contentType: 'text/markdown; charset=utf-8', content, lang: 'markdown' }),
      {
        title: 'Pair it with your OAuth metadata',
        body: 'auth.md complements machine-readable discovery: protected-resource metadata (A3) and authorization-server metadata (A2), which can carry an `agent_auth` block (skill, register_uri, identity_types_supported).',
      },
      verifyStep(`curl -si -H 'Accept: text/markdown' ${fx.origin}${AUTH_MD_PATH} | head -n 12`, 'Expect HTTP 200, Content-Type: text/markdown and a first heading containing "auth.md".'),
      specStep(SPEC),
    ];
  },
});
