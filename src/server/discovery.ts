/**
 * The service's own agent-readiness: every discovery document in one module (robots.txt with
 * content signals, sitemap, llms.txt, the RFC 9727 API catalog, server.json, Link headers, the
 * agent skills index generated from the checks' fix guides). What they list comes from the routes
 * the app mounts: a route says where it is announced (`announce` in route-info.ts: a line of
 * llms.txt, a sitemap URL, a Link of every page, an entry of the API catalog, an MCP remote), so
 * adding a surface is its route alone.
 */
import { createHash } from 'node:crypto';
import { CHECKS } from '../core/checks/index.js';
import type { CheckModule } from '../core/checks/types.js';
import { PROJECT_URL, VERSION } from '../version.js';
import { PROBLEM_TYPES } from './problems.js';
import { V1, openApiPath, type Announcement, type CatalogApi, type CatalogRel, type RouteInfo } from './route-info.js';
import { fixStepsMarkdown } from '../format/fix-steps.js';

/** A public surface of the service as llms.txt, server.json and the home page list it. */
export interface Surface {
  /** Path on this service (OpenAPI style: `/api/public/v1/report/{id}`). */
  path: string;
  title: string;
  /** Media type of what the path returns. */
  type: string;
  /** One line for llms.txt. */
  note: string;
  /** The llms.txt section that lists it. */
  section: 'API' | 'Docs';
}

type Place = keyof Announcement;

/** The routes announced in one place, in the order of their rank there. */
function announcedIn<P extends Place>(routes: readonly RouteInfo[], place: P): Array<{ path: string; at: NonNullable<Announcement[P]> }> {
  return routes
    .filter((r) => r.announce?.[place])
    .map((r) => ({ path: openApiPath(r.path), at: r.announce![place]! }))
    .sort((a, b) => rankOf(a.at) - rankOf(b.at));
}
/** A place's rank (the catalog's links carry one each: sorted per relation in apiCatalog). */
const rankOf = (at: unknown): number => (at as { rank?: number }).rank ?? 0;

/** Every public surface the routes announce (llms.txt, server.json, the home page), in rank order. */
export function surfaces(routes: readonly RouteInfo[]): Surface[] {
  return announcedIn(routes, 'surface').map(({ path, at }) => ({ path, title: at.title, type: at.type, note: at.note, section: at.section }));
}

/** The MCP endpoints the routes announce for server.json's `remotes`. */
export function mcpRemotes(routes: readonly RouteInfo[]): Array<{ type: 'streamable-http' | 'sse'; url: string }> {
  return announcedIn(routes, 'mcpRemote').map(({ path, at }) => ({ type: at.type, url: path }));
}

const CONTENT_SIGNAL = 'Content-Signal: search=yes, ai-input=yes, ai-train=no';
// The IETF AIPREF vocabulary says the same with y/n values.
const CONTENT_USAGE = 'Content-Usage: train-ai=n, search=y';
const ANSWER_AGENTS = ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot', 'Claude-User', 'PerplexityBot', 'Perplexity-User', 'Google-Extended'];

export function robotsTxt(base: string): string {
  return [
    `# ai-ready service at ${base}. Pages and discovery files are open; the scan API is for callers, not crawlers.`,
    'User-agent: *',
    CONTENT_SIGNAL,
    CONTENT_USAGE,
    'Allow: /',
    'Disallow: /api/',
    '',
    '# Answer engines and user-requested agent fetches',
    ...ANSWER_AGENTS.map((a) => `User-agent: ${a}`),
    CONTENT_SIGNAL,
    CONTENT_USAGE,
    'Allow: /',
    'Disallow: /api/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    // ARD v0.91's manifest, named where every reader of it looks first (A10).
    `Agentmap: ${base}/.well-known/ard.json`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function sitemapXml(base: string, routes: readonly RouteInfo[]): string {
  const paths = announcedIn(routes, 'sitemap').flatMap(({ path, at }) => at.paths?.() ?? [path]);
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(base + p)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function llmsTxt(base: string, routes: readonly RouteInfo[]): string {
  const line = (s: Surface) => `- [${s.title}](${base}${s.path}): ${s.note}`;
  const listed = surfaces(routes);
  return [
    '# ai-ready',
    '',
    '> A scanning service that audits a website for the standards AI agents rely on (robots.txt AI rules, ' +
      'sitemaps, llms.txt, Markdown negotiation, MCP server cards, agent skills, OAuth discovery, commerce ' +
      'protocols) and returns a 0-100 score, a grade, a level and exact fix steps.',
    '',
    'Scan with `GET /api/public/v1/scan?url=<site>`; anonymous callers get 5 scans per minute, results are cached ' +
      'for 5 minutes (`fresh=1` bypasses the cache), and every scan gets a shareable report at `/r/<id>` (also ' +
      'Markdown with `Accept: text/markdown`). Follow the pattern scan, fix, re-scan; do not loop scans.',
    '',
    '## API',
    ...listed.filter((s) => s.section === 'API').map(line),
    '',
    '## Docs',
    ...listed.filter((s) => s.section === 'Docs').map(line),
    ...Object.entries(PROBLEM_TYPES).map(([name, t]) => `- [Error: ${t.title}](${base}/problems/${name}): ${t.status} \`${name}\``),
    '',
    '## Optional',
    `- [Source code and CLI](${PROJECT_URL}): run the same scanner locally with \`npx ai-ready scan <site>\``,
    '',
  ].join('\n');
}

/**
 * llms-full.txt: llms.txt, then each page it lists under its own title with its source URL and
 * what it says (an error page: its status and description), then every skill (how to fix each
 * check), in one file. The pages' sections are what makes the file hold every page the index
 * lists (D5 judges coverage: agent-docs-spec fb2d03df).
 */
export function llmsFullTxt(base: string, routes: readonly RouteInfo[]): string {
  const pages = [
    ...surfaces(routes).map((s) => ({ title: s.title, url: `${base}${s.path}`, text: s.note })),
    ...Object.entries(PROBLEM_TYPES).map(([name, t]) => ({
      title: `Error: ${t.title}`,
      url: `${base}/problems/${name}`,
      text: `HTTP ${t.status}, problem type \`${name}\`. ${t.description}`,
    })),
  ];
  return [
    llmsTxt(base, routes),
    '# Pages',
    '',
    ...pages.flatMap((p) => [`## ${p.title}`, '', `Source: ${p.url}`, '', p.text, '']),
    '# Fix guides',
    '',
    ...skills(base).map((s) => s.body.replace(/^---\n[\s\S]*?\n---\n/, '').replace(/^# /m, '## ')),
  ].join('\n');
}

/**
 * auth.md: how agents get access, in the order of the reference AUTH.md (workos/auth.md 0910d0930ba6:
 * discover, pick a method, register, claim, use, errors, revocation), describing what this service
 * really offers. It runs no `/agent/auth` registration endpoint, so its `agent_auth` block
 * (src/oauth/metadata.ts) lists no identity types and the walkthrough says which doors exist instead.
 */
export function authMd(base: string): string {
  const fence = '```';
  const as = `${base}/.well-known/oauth-authorization-server`;
  return [
    '# auth.md',
    '',
    `You are an agent. This is the ai-ready service at ${new URL(base).host}: it audits websites for AI-agent ` +
      `readiness. Resource server (the scan API and the MCP endpoints): ${base}. Authorization server (OAuth ` +
      `2.1): ${base}. Follow the steps in order.`,
    '',
    '## Step 1: Discover',
    '',
    `A call to ${base}/mcp without a token answers 401 with \`WWW-Authenticate: Bearer ` +
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"\`. Fetch that Protected Resource ` +
      `Metadata (RFC 9728) and read \`resource\` (${base}/mcp, the audience of your token), ` +
      `\`authorization_servers\`, \`scopes_supported\` (\`mcp\`) and \`bearer_methods_supported\` (\`header\`). The ` +
      `whole service is described at ${base}/.well-known/oauth-protected-resource.`,
    '',
    `Then fetch ${as} (RFC 8414). Its \`agent_auth\` block names this document as \`skill\` and lists no ` +
      `\`identity_types_supported\`: this service has no \`/agent/auth\` registration endpoint and issues no ` +
      `credential to an unclaimed registration. Use one of the methods below instead.`,
    '',
    '## Step 2: Pick a method',
    '',
    '1. **You act for a user who has an account on this instance and want the MCP tools** (saved reports, history, ' +
      'monitors): OAuth 2.1 with dynamic client registration and PKCE, for /mcp. The user approves you once.',
    '2. **The operator of this instance gave you an API key**: use it as a bearer token on the scan API and on /api/mcp. Agents cannot create keys themselves.',
    '3. **You have neither**: call the scan API and the read-only scan tools of /api/mcp anonymously, within the anonymous limits.',
    '',
    '## Step 3: Register',
    '',
    '### OAuth (for /mcp)',
    '',
    `Register a client (RFC 7591) at the \`registration_endpoint\`; public clients use \`token_endpoint_auth_method\` \`none\`:`,
    '',
    `${fence}http`,
    `POST ${base}/oauth/register`,
    'Content-Type: application/json',
    '',
    '{"client_name": "<your agent>", "redirect_uris": ["http://127.0.0.1:<port>/callback"], "grant_types": ' +
      '["authorization_code", "refresh_token"], "token_endpoint_auth_method": "none"}',
    fence,
    '',
    `Then run the authorization code flow: open ${base}/oauth/authorize with \`response_type=code\`, your ` +
      `\`client_id\` and \`redirect_uri\`, \`code_challenge\` with \`code_challenge_method=S256\` (PKCE), ` +
      `\`scope=mcp\` and \`resource=${base}/mcp\` (RFC 8707). Exchange the code at ${base}/oauth/token with your ` +
      `\`code_verifier\`. Registrations are limited per IP address; a registration that never gets a token expires after a day.`,
    '',
    '### API key',
    '',
    'There is no self-service registration: the operator creates a key for an account with `ai-ready keys create --account <name>` and gives it to you.',
    '',
    '### Anonymous',
    '',
    'Nothing to register.',
    '',
    '## Step 4: Claim',
    '',
    'The claim is the OAuth consent page: the authorization request shows the user which client asks for access, ' +
      "and they approve it by signing in with one of their account's API keys. Only then does the redirect carry a " +
      'code. API keys are claimed by construction (the operator made them for an account); anonymous use is never claimed.',
    '',
    '## Step 5: Use the credential',
    '',
    `Send \`Authorization: Bearer <credential>\`:`,
    '',
    `- OAuth access token: on ${base}/mcp only. It lasts one hour;` +
      ` refresh it at ${base}/oauth/token with the refresh token, which rotates on every use (an old one is refused).`,
    `- API key: on ${base}/api/public/v1/* and ${base}/api/mcp. It lifts the anonymous rate limit and records ` +
      `scans in the account history. Keys do not expire.`,
    `- Anonymous: no header. \`GET ${base}/api/public/v1/scan?url=<site>` +
      `\` allows 5 scan requests per minute per IP address and a few scans in progress at once;` +
      ` reports and discovery files are not limited.`,
    '',
    'If a credential that used to work answers 401, drop it and start again at Step 1. Do not retry it.',
    '',
    '## Errors',
    '',
    `API errors are problem documents (RFC 9457) whose \`type\` is a page under ${base}/problems/.`,
    '',
    '| Code | Where | What to do |',
    '| --- | --- | --- |',
    '| 401 `unauthorized` (API) or `invalid_token` (/mcp, in `WWW-Authenticate`) | any endpoint given a credential ' +
      '| The key or token is unknown, expired or revoked. Restart at Step 1. |',
    '| 429 `rate-limited` | scan API | Wait the seconds in `Retry-After`, or use an API key. Do not loop scans. |',
    '| `invalid_grant` | /oauth/token | Code or refresh token used, expired or revoked. Run the authorization flow again. |',
    '| `invalid_client_metadata`, `invalid_redirect_uri` | /oauth/register | Fix the registration request: ' +
      'redirect URIs are https, http on 127.0.0.1 or [::1], or a reverse-domain app scheme. |',
    '',
    '## Revocation',
    '',
    `Revoke your own OAuth tokens when done: \`POST ${base}/oauth/revoke\` with \`token\` and \`client_id\` ` +
      `(RFC 7009). The operator revokes API keys with \`ai-ready keys revoke <prefix>` +
      `\`, which also ends every OAuth grant approved with that key;` +
      ` you learn of it from a 401 on the next call. There is no revocation event feed.`,
    '',
    '## Descriptions',
    '',
    `- OpenAPI: ${base}/openapi.json (security scheme \`bearer\`)`,
    `- API catalog: ${base}/.well-known/api-catalog`,
    `- MCP server card: ${base}/.well-known/mcp/server-card.json`,
    '',
  ].join('\n');
}

export const API_CATALOG_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"';

/** The catalog's v1 items: every v1 route the OpenAPI document describes, titled by its GET summary. */
function v1Items(base: string, routes: readonly RouteInfo[]) {
  return routes
    .filter((r) => r.api && r.path.startsWith('/api/public/v1/') && r.openapi?.get)
    .map((r) => ({ href: `${base}${openApiPath(r.path)}`, type: 'application/json', title: String(r.openapi?.get?.summary) }));
}

/** The anchor of each API the catalog describes, in the catalog's order. */
const CATALOG_ANCHORS: Record<CatalogApi, string> = { v1: V1, mcp: '/mcp', stream: '/api/scan' };
const CATALOG_RELS: CatalogRel[] = ['service-desc', 'service-doc', 'status', 'item'];

/** The RFC 9727 catalog of the routes the app mounts: each API's links, as its routes declare them. */
export function apiCatalog(base: string, routes: readonly RouteInfo[]) {
  const links = announcedIn(routes, 'catalog').flatMap(({ path, at }) => at.map((l) => ({ path, ...l })));
  const linkset = (Object.keys(CATALOG_ANCHORS) as CatalogApi[]).map((api) => {
    const entry: Record<string, unknown> = { anchor: `${base}${CATALOG_ANCHORS[api]}` };
    for (const rel of CATALOG_RELS) {
      const declared = links
        .filter((l) => l.api === api && l.rel === rel)
        .sort((a, b) => a.rank - b.rank)
        .map((l) => ({ href: `${base}${l.path}`, type: l.type, ...(l.title ? { title: l.title } : {}) }));
      // The v1 API's items are its operations: every v1 route the OpenAPI document describes.
      const all = api === 'v1' && rel === 'item' ? [...declared, ...v1Items(base, routes)] : declared;
      if (all.length) entry[rel] = all;
    }
    return entry;
  });
  // An API is listed when the app mounts it (one of its routes is an item).
  return { linkset: linkset.filter((e) => e.item) };
}

export function serverJson(base: string, routes: readonly RouteInfo[]) {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name: 'io.github.ai-ready/ai-ready',
    title: 'ai-ready',
    description: 'Audit a website for the standards AI agents rely on, and get exact fixes.',
    version: VERSION,
    websiteUrl: `${base}/`,
    repository: { url: PROJECT_URL, source: 'github' },
    remotes: mcpRemotes(routes).map((r) => ({ type: r.type, url: base + r.url })),
    _meta: { 'io.github.ai-ready/surfaces': surfaces(routes).map((s) => ({ url: base + s.path, title: s.title, type: s.type })) },
  };
}

/** Link header for HTML pages (RFC 8288): the routes announced there (the catalog, the API description, llms.txt) and the Markdown twin. */
export function pageLinkHeader(base: string, path: string, routes: readonly RouteInfo[]): string {
  return [
    ...announcedIn(routes, 'pageLink').map(({ path: to, at }) => `<${base}${to}>; rel="${at.rel}"${at.type ? `; type="${at.type}"` : ''}`),
    `<${base}${path}>; rel="alternate"; type="text/markdown"`,
  ].join(', ');
}

// ---- Agent skills (Agent Skills Discovery v0.2.0), one per check, from its fix guide ----

export const SKILLS_SCHEMA = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

export interface Skill {
  name: string;
  description: string;
  body: string;
  digest: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

function skillName(check: CheckModule<any>): string {
  return `fix-${slug(`${check.meta.id}-${check.meta.name}`)}`.slice(0, 64).replace(/-+$/, '');
}

const yamlString = (s: string) => JSON.stringify(s.replace(/\s+/g, ' ').trim());

function checkSkill(check: CheckModule<any>, base: string): Omit<Skill, 'digest'> {
  const { meta } = check;
  const name = skillName(check);
  const description = `Fix ai-ready check ${meta.id} (${meta.name}) on a website: ${meta.remediation}`.slice(0, 1024);
  const steps = check.fixGuide({ origin: 'https://example.com', platform: null, hosting: [] });
  const lines = [
    '---',
    `name: ${name}`,
    `description: ${yamlString(description)}`,
    '---',
    '',
    `# ${meta.id} ${meta.name}`,
    '',
    meta.summary,
    '',
    '## Why it matters',
    '',
    meta.why,
    '',
    '## Check it',
    '',
    `Scan the site with \`GET ${base}/api/public/v1/scan?url=<site>\` (or \`npx ai-ready scan <site>` +
      ` --only ${meta.id}\`) and read check ${meta.id}: its evidence says what was observed, and a scan result ` +
      `carries fix steps adapted to the detected platform.`,
    '',
    '## Fix (generic steps; replace example.com with your origin)',
    '',
    ...fixStepsMarkdown(steps),
    '',
    '## Specifications',
    '',
    ...meta.specUrls.map((u) => `- ${u}`),
    '',
  ];
  return { name, description, body: lines.join('\n') };
}

function scanSkill(base: string): Omit<Skill, 'digest'> {
  const name = 'ai-readiness-scan';
  const description = 'Audit a website for AI-agent readiness with the ai-ready service and read its fixes.';
  const body = [
    '---',
    `name: ${name}`,
    `description: ${yamlString(description)}`,
    '---',
    '',
    '# Scan a site for AI-agent readiness',
    '',
    `1. \`GET ${base}/api/public/v1/scan?url=<site>\` returns score, grade, level and every check with evidence.`,
    '2. For each check with status `fail` or `partial`, follow its `fixGuide` steps in order (the `fix-*` skills explain each check).',
    '3. Re-scan with `fresh=1` after deploying the fix. Do not loop scans: anonymous callers get 5 per minute.',
    `4. Share the \`shareUrl\` of the result; \`GET ${base}/api/public/v1/report/<id>\` reads it back.`,
    '',
  ].join('\n');
  return { name, description, body };
}

const skillCache = new Map<string, Skill[]>();

/** Every skill with its sha256 digest, computed once per base URL. */
export function skills(base: string): Skill[] {
  let list = skillCache.get(base);
  if (!list) {
    list = [scanSkill(base), ...CHECKS.map((c) => checkSkill(c, base))].map((s) => ({
      ...s,
      digest: `sha256:${createHash('sha256').update(s.body, 'utf8').digest('hex')}`,
    }));
    skillCache.set(base, list);
  }
  return list;
}

export function skillsIndex(base: string) {
  return {
    $schema: SKILLS_SCHEMA,
    skills: skills(base).map((s) => ({
      name: s.name,
      type: 'skill-md',
      description: s.description,
      url: `/.well-known/agent-skills/${s.name}/SKILL.md`,
      digest: s.digest,
    })),
  };
}
