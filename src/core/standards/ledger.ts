/**
 * The standards ledger: every standard, draft or convention the rubric reads, with the version we
 * judge against, when its text was last read and how. Check metas point here (`meta.standards`,
 * typed by StandardId, so a wrong id does not compile) and the checks that read an entry are
 * derived from those pointers, never listed twice. Moving to a new draft is one visible change
 * here (plus the check's own code), and `ai-ready rubric --standards` and docs/standards.md show it.
 */

/**
 * How `checked` was established: `read` = the source text itself was read on that date;
 * `catalog` = not re-read in the last update; the date is when the project's research catalog
 * (shared/research/check-catalog.md, compiled November 2026) recorded it.
 */
export type CheckedHow = 'read' | 'catalog';

/**
 * One text a reading followed, pinned to the newest commit the reader could find. `newestBy` says how
 * that was established (e.g. "snapshot log 2026-11-27: no later commit touches the path; index holds
 * 12 versions, none newer"), so the next reader knows what to compare.
 */
export interface SourceReading {
  /** owner/name on GitHub, or a host for texts published outside a repository (RFC Editor, a vendor site). */
  repo: string;
  /** The file inside the repository (or the page's path). */
  path: string;
  /** The commit read (at least 7 hex digits), or for an unversioned page its publication id (e.g. RFC number). */
  commit: string;
  /** ISO date of that commit (or of the publication). */
  commitDate: string;
  /** ISO date the text was read. */
  readOn: string;
  /** How the reader knows this is the newest text (snapshot log, index versions compared). */
  newestBy: string;
}

export interface Standard {
  name: string;
  /** The draft revision or version the checks follow. */
  version: string;
  /** Whether this is a draft, a published standard or a vendor/community convention. */
  kind: 'draft' | 'standard' | 'convention';
  /** ISO date (or month) the text was last checked. */
  checked: string;
  checkedHow: CheckedHow;
  url: string;
  /** Older shapes or earlier spellings still accepted (said in the evidence where they matter). */
  olderShapes?: string[];
  note?: string;
  /** The texts behind this entry, each pinned to the commit read (see docs/standards.md, "Re-reading a source"). */
  sources?: SourceReading[];
}

const TODAY = '2026-11-25';
const CATALOG = '2026-11';
/** The catalog's "Updates read on 2026-11-25" section (read by the session that filed issue 20, not re-read here). */
const CATALOG_UPDATE = '2026-11-25';

export const STANDARDS = {
  rfc9309: {
    name: 'Robots Exclusion Protocol',
    version: 'RFC 9309',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc9309',
  },
  sitemaps: {
    name: 'Sitemaps protocol',
    version: 'sitemaps.org 0.9',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.sitemaps.org/protocol.html',
  },
  rfc8288: {
    name: 'Web Linking (Link header)',
    version: 'RFC 8288',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc8288',
  },
  llmstxt: {
    name: 'llms.txt',
    version: 'llmstxt.org proposal (2024-09)',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://llmstxt.org/',
    note: 'Read today: the site source (AnswerDotAI/llms-txt nbs/index.qmd) and the reference parser (llms_txt/miniparse.py): file lists live under H2 sections, one `- [name](url): notes` per line.',
    olderShapes: ['`Title — notes` link lines (em dash instead of `:`): read as links, notes kept, advisory only'],
  },
  agentDocsSpec: {
    name: 'Agent docs spec',
    version: 'Agent-Friendly Documentation Spec 0.4.0 (Draft, 2026-04-21)',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://agentdocsspec.com/',
    note:
      'Read on 2026-11-25: agent-ecosystem/agent-docs-spec SPEC.md at commit 00f719e3beef (v0.4.0, 2026-04-21; the stored 0e70b93a128e copy is an earlier 21-check draft) for what it says about llms.txt, llms-full.txt, the in-page directive, .md URLs, content negotiation and rendering. ' +
      'Location discovery: {base_url}/llms.txt, {origin}/llms.txt, {origin}/docs/llms.txt; a cross-host redirect is a warn. D4 now asks the last two only when the page directory and root hold none, and marks a cross-host llms.txt partial (D4/cross-host). Size: pass < 50,000, warn 50,000-100,000, fail > 100,000 characters (D4 already: advisory, then partial). ' +
      'llms-txt-valid accepts section headings at any level (MongoDB uses H1) where llmstxt.org and its reference parser read H2 only: D4 keeps the H2 rule and says so in an advisory (details.otherLevelLinks). llms-full.txt appears only as the optional companion file (D5 unchanged). ' +
      'llms-txt-directive: near the top, visually hidden allowed, display:none discouraged, not JS-injected only; past 50% of the content is a warn: D6 is partial (D6/buried-directive) when such a directive is its only hint, and advises on display:none. markdown-url-support (.md appended) and content-negotiation (text/markdown; wrong type = warn; HTML = fail) match C2 and C1; rendering-strategy matches C3 (server HTML must hold the content).',
  },
  dnsAid: {
    name: 'DNS for AI discovery (DNS-AID)',
    version: 'draft-mozleywilliams-dnsop-dnsaid-02 (2026-05-27)',
    kind: 'draft',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://datatracker.ietf.org/doc/draft-mozleywilliams-dnsop-dnsaid/',
    note:
      'Looked for on 2026-11-25: -02 (27 May 2026, expires 28 November 2026) is the current revision per its datatracker page, whose abstract was read (SVCB records for connectivity and key metadata, a well-known DNS-SD entry point into an organisation\'s agent index, optional DNSSEC and DANE); its body is not in the stored material, so the date stays the catalog\'s. The D7 fix guide follows the shape deployments cite from -02 §3.1/§3.2 (the agent at its own name with alpn naming the agent protocol, `_<protocol>._agents` as an AliasMode alias to it, `_index._agents` ServiceMode with an underscore-free target); the reference implementations (infobloxopen/dns-aid-core README commit 008e91c8, haruotsu/dns-aid-go internal/record/index.go commit 88f2b6cf, "conforms to -02") also publish `_index._agents` as a TXT "agents=name:proto" list, and isitagentready queries SVCB/HTTPS at _index/_a2a/_mcp under _agents plus that TXT: the guide offers both. D7 stays info: it makes no DNS query.',
  },
  markdownForAgents: {
    name: 'Markdown for agents (Accept: text/markdown)',
    version: 'Cloudflare docs (beta page, example response dated 2026-02-11); RFC 9110 §12 negotiation; RFC 7763 media type',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
    note:
      'Read on 2026-11-25: cloudflare-docs src/content/docs/fundamentals/reference/markdown-for-agents.mdx at commits 059a1e41bd27 and c7752be6d296 (same text) and the partial src/content/partials/fundamentals/markdown-for-agents.mdx at 13b7c00a0972 (which carries an unresolved merge-conflict marker around its SSL for SaaS tab). ' +
      'Text: conversion happens when Accept has text/markdown "as one of the options"; the response carries content-type: text/markdown; charset=utf-8, vary: accept, x-markdown-tokens, and by default Content-Signal: ai-train=yes, search=yes, ai-input=yes (custom policies "in the future"); Pro, Business, Enterprise and SSL for SaaS; dashboard Quick Actions toggle or PATCH zones/{zone}/settings/content_converter {"value":"on"}; HTML only, no compressed origin responses, zone-level. ' +
      'C1 already asked with text/markdown alone and among other types; it now reports the Markdown response headers as details, flags the edge default Content-Signal (AI training yes) in its advisory, and the fix guide names plans, toggle, API setting and limits.',
  },
  jsonLd: {
    name: 'JSON-LD with schema.org',
    version: 'JSON-LD 1.1; schema.org current',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://json-ld.org/spec/latest/json-ld/',
  },
  aiRobotsTxt: {
    name: 'AI crawler list (ai.robots.txt)',
    version: 'robots.json at commit 0037a9e2c5ff (166 keys); token list 2026-11-25',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://github.com/ai-robots-txt/ai.robots.txt',
    olderShapes: ['retired Anthropic tokens (anthropic-ai, Claude-Web): read, with a note that the current crawlers do not obey them'],
    note:
      'Read on 2026-11-25: ai-robots-txt/ai.robots.txt robots.json at commit 0037a9e2c5ff (166 keys, knownagents.com links; newer than the stored 83485effdb4a and the robots.txt/table at 000552c2df1f, which still link darkvisitors.com; the store holds 199 versions and this is the newest found, not proven the newest). ' +
      'Every key of ours was still there; 97 new keys were added (B1 now lists 164 tokens: keys differing only in case, Meta-ExternalAgent/meta-externalagent, or by a /version suffix, MistralAI-User/1.0, iaskspider/2.0, are one robots.txt token). Categories follow its `function` field; enterprise crawlers a customer points at its own sites (amazon-kendra, bedrockbot, AzureAI-SearchBot, Google-Firebase) are `other` so they do not count as answer engines. ' +
      'IbouBot, listed at 000552c2df1f, is gone from 0037a9e2c5ff (we never listed it). robots.json still lists anthropic-ai and Claude-Web (Claude-Web as "Undocumented AI Agents"); B1 keeps them retired, as Anthropic documents only ClaudeBot, Claude-SearchBot and Claude-User (catalog §5, not re-read today), and its advisory says both.',
  },
  contentSignals: {
    name: 'Content Signals (Cloudflare)',
    version: 'draft-romm-aipref-contentsignals-00 / contentsignals.org',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-romm-aipref-contentsignals/',
    note: 'Read today: the -00 text\'s front matter and abstract (datatracker). robots.txt `Content-Signal: search=yes, ai-input=yes, ai-train=no` (yes/no); read by B2, distinct from the IETF Content-Usage vocabulary (B5).',
  },
  aiprefVocab: {
    name: 'AI preferences vocabulary',
    version: 'draft-ietf-aipref-vocab-08 (2026-09-14): train-ai, ai-use, search; values y/n',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
    note: 'Read today: the editor\'s copy (ietf-wg-aipref/drafts draft-ietf-aipref-vocab.md, commit 008bd890): labels table and processing algorithm.',
    olderShapes: ['labels of earlier revisions (bots, train-genai): recognised, not counted as a current preference'],
  },
  aiprefAttach: {
    name: 'AI preferences attachment (robots.txt and Content-Usage header)',
    version: 'draft-ietf-aipref-attach-05 (2026-08-19)',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
    note: 'Only the datatracker record and abstract of -05 were read today; the header is parsed as an RFC 9651 Dictionary as the vocabulary draft\'s format section says.',
  },
  webBotAuth: {
    name: 'Web Bot Auth (HTTP message signatures directory)',
    version: 'draft-ietf-webbotauth-httpsig-protocol (editor\'s copy of 2026-10-09, §5.5 directory, §6.8 test keys, App. B directory signature); RFC 9421; RFC 7517; RFC 7638',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
    note:
      'Read 2026-11-25: webbotauth/draft-ietf-webbotauth-httpsig-protocol draft-ietf-webbotauth-httpsig-protocol.md (commit 5a71ee1f5955) and its .txt (commit 154867dd52ad, dated 9 October 2026; the catalog names the -01 of 2026-10-29, not stored here). The WG draft now holds the key directory that draft-meunier-webbotauth-httpsig-directory-00 defined: a JWKS, `alg` restricted to the HTTP Signature Algorithms registry, served over HTTPS and at the well-known URI with media type application/http-message-signatures-directory+json (MUST); a `kid` there MUST be the JWK SHA-256 thumbprint; verifiers MUST NOT follow redirects and treat any status but 200 as a discovery failure; test keys MUST NOT be used in production and verifiers SHOULD reject them; the directory response signature (tag "http-message-signatures-directory", covering "@authority";req and content-digest) is RECOMMENDED. B3 makes partial what verifiers act on (redirects, test keys, kid/thumbprint mismatch, non-signing curves, shared secrets), verifies an Ed25519 directory response signature (tested on the draft\'s Appendix E.2.3 vector) and advises on the rest (media type, alg names, a missing or failing response signature, http).',
    olderShapes: ['`alg` given as a JOSE name (e.g. EdDSA): accepted with an advisory', 'directories served as application/json: accepted with an advisory'],
  },
  challengePages: {
    name: 'Bot challenge pages (detection)',
    version: 'Cloudflare "Detect a Challenge Page response" (cf-mitigated: challenge)',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/',
    note:
      'Read on 2026-11-25: cloudflare-docs src/content/docs/cloudflare-challenges/challenge-types/challenge-pages/detect-response.mdx at 2678ac4c8e0a (and the earlier 54e1de881cdd, same rule) and the section index.mdx at 0ef698fc3cfe. The `cf-mitigated` header is present on every Challenge Page type, `challenge` is its only valid value, and a challenge is text/html whatever resource was requested; the types are Non-Interactive, Managed (recommended) and Interactive. ' +
      'B4 already read the header at any status before its heuristics (body markers, bot-management cookies, other vendors); no verdict changed. Tests now pin the header on a 200 and on robots.txt, and that another value is no challenge.',
  },
  rfc9727: {
    name: 'api-catalog well-known URI',
    version: 'RFC 9727 (with RFC 9264 linkset)',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc9727',
    note:
      'Looked for on 2026-11-25: the RFC text and its errata are not in the stored material (only its front matter and abstract; datatracker says -08 became the RFC in June 2025, -08 changed per the link-relations expert). Read instead: ietf-wg-httpapi/api-catalog draft-ietf-httpapi-api-catalog-latest.md at 05f0e654 (-07): GET /.well-known/api-catalog SHALL return the catalog; HEAD SHALL answer with a Link header carrying rel="api-catalog"; the catalog MUST be application/linkset+json (RFC 9264 §4.2) and SHOULD carry profile="<RFC URL>"; it MUST hyperlink to API endpoints (item, or anchors with service-desc/service-doc/service-meta/status); nesting uses rel="api-catalog". ' +
      'A1 matches that text: missing profile and a HEAD without the Link are advisories (the HEAD rule is a SHALL, kept advisory as A1 judges the GET document agents read). No change; stays catalog until the RFC text itself is read.',
  },
  rfc8414: {
    name: 'OAuth 2.0 Authorization Server Metadata',
    version: 'RFC 8414; OpenID Connect Discovery 1.0',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc8414',
    note: 'Not re-read on 2026-11-25 (the session spent its time on A2A 1.0, OpenAPI 3.2 and RFC 9728 §3.3); stays catalog.',
  },
  rfc9728: {
    name: 'OAuth 2.0 Protected Resource Metadata',
    version: 'RFC 9728; MCP authorization 2025-06-18',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc9728',
    note:
      'Looked for on 2026-11-25: the RFC text and its errata are not in the stored material. Read instead: oauth-wg/draft-ietf-oauth-resource-metadata draft-ietf-oauth-resource-metadata.txt at 043e0f49 (editor\'s copy of 26 April 2024): §2 resource REQUIRED (https, no query or fragment), scopes_supported RECOMMENDED; §3 metadata at the well-known string inserted between host and path (terminating / removed); §3.2 200 + application/json, empty claims omitted; §3.3 resource MUST be identical to the identifier the lookup came from, or to the URL that answered 401 when reached via resource_metadata, else the data MUST NOT be used; §5.1 WWW-Authenticate resource_metadata. ' +
      'A3 followed this except §3.3 was only hinted at: its advisory now says a root document naming a path resource MUST NOT be used by a client that looked the origin up (silent when the 401 of that resource points at it), and a followed document naming another resource than the one that answered 401 gets the same advisory. Verdicts unchanged (advisories: A3 cannot tell which lookup a client makes, and the MCP authorization text was not re-read). Stays catalog until the RFC text itself is read.',
  },
  mcpServerCard: {
    name: 'MCP server cards and discovery',
    version: 'experimental-ext-server-card at 8924e08 (2026-07-24): AI Catalog discovery (/.well-known/ai-catalog.json, entries of type application/mcp-server-card+json by url or inline data); v1 Server Card schema',
    kind: 'draft',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    note:
      'Read on 2026-11-27 at 8924e08, the newest commit (the one read before, 08674227f9fa, is the copy a plain read_file returned and is not in the repository\'s history; the index\'s default copy of docs/discovery.md, 8fc395b2, is the May MCP Catalog text). docs/discovery.md: clients fetch /.well-known/ai-catalog.json (SHOULD be application/ai-catalog+json), select entries whose type is application/mcp-server-card+json, each with identifier, type and exactly one of url or data (inline card); an entry need not repeat the card\'s human-readable fields (displayName optional); the card MAY live at any URI, <streamable-http-url>/server-card reserved, fetched with Accept: application/mcp-server-card+json; CORS (incl. If-None-Match, Expose ETag), Cache-Control and ETag. Commit 1491bd2 (2026-07-20) removed the MCP Catalog and /.well-known/mcp/catalog.json. ' +
      'schema.ts/schema.json (last changed 92999cb, 2026-06-26): $schema required, exactly https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json (date-versioned URLs invalid); name reverse-DNS with exactly one "/" (^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$, 3-200); version (no ranges, <=255); description (1-100); optional title, websiteUrl, repository {url, source}, icons[{src}], remotes[] {type streamable-http|sse, url (http(s) or {variable} template), headers, variables, supportedProtocolVersions}, _meta; objects open; cards do not enumerate primitives. ' +
      'Where the drafts disagree: displayName is optional in the MCP draft and the AI Catalog, required by ARD v0.91 §4.2 (A4 says so in an advisory, A10 follows ARD); specVersion is required by the AI Catalog, not by ARD v0.91 (A4 requires it only outside ard.json). ' +
      'Moved verdicts: cards are judged against the v1 schema (A4/schema-invalid), a card without remotes or declaring itself documentation-only is A4/no-remotes, a card found only through /.well-known/mcp/catalog.json is A4/removed-location (pass, with a finding naming ai-catalog.json); the fix guide publishes /.well-known/ai-catalog.json and a v1 card (no capabilities, no remotes[].authentication).',
    olderShapes: [
      '`/.well-known/mcp/catalog.json` (the MCP Catalog, removed by 1491bd2): read last, A4/removed-location (pass with a finding)',
      'entries naming their type in `mediaType` (before 3b2d974) and the older media type application/mcp-server+json: read, with a finding',
      '`/.well-known/mcp/server-card.json`, `/.well-known/mcp/server-card`, `server-cards.json` and `/.well-known/mcp.json` card locations (the draft calls a well-known card "not recommended")',
      'SEP-1649 `serverInfo` cards, `capabilities`/`tools` members and `remotes[].authentication`: read, named in advisories; the card is judged against the v1 schema',
    ],
    sources: [
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'docs/discovery.md',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy: 'fetch snapshot: HEAD is 8924e08 (2026-07-24), the last of the file\'s commits in git log; the index holds 37 versions, none at a later commit found (its default copy 8fc395b2 is the May text)',
      },
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'schema.ts',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy: 'fetch snapshot HEAD; the file last changed in 92999cb (2026-06-26); schema.json read at the same commit; the index\'s copies (56ab90b) are older',
      },
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'examples/ServerCard/valid/*.json, examples/ServerCard/invalid/*.json',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy: 'git ls-tree of the snapshot HEAD: valid/minimal, valid/templated-remote, invalid/bad-name-pattern, date-versioned-schema, missing-name, missing-schema, wrong-schema-name (invalid/with-packages.json, in the index, was removed by 56ab90b); each is a corpus variant (test/corpus/sites/newest-discovery.ts)',
      },
    ],
  },
  a2a: {
    name: 'A2A agent card',
    version: 'A2A 1.0.0: supportedInterfaces[] {url, protocolBinding, protocolVersion}; 0.3 cards still read',
    kind: 'standard',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://a2a-protocol.org/latest/specification/',
    note:
      'Read on 2026-11-25: a2aproject/A2A docs/specification.md, the stored version headed "Latest Released Version 1.0.0" (§3.6 versioning, §4.4 discovery objects, §5.3 method mapping, §5.7 field presence, §5.8 custom bindings, §8 discovery, §9 JSON-RPC binding); CHANGELOG.md at 0611557e (1.0.0 of 2026-01-08 in the changelog; the GitHub release is dated 2026-03-12 per stored third-party notes); docs/whats-new-v1.md at 0135ef4b; specification/a2a.proto at 045a968f (a later revision with an unreleased QuerySkill/skill_query from open PR #1655, ignored). No release after 1.0.0 was found. ' +
      'Text: the card is at https://{domain}/.well-known/agent-card.json; AgentCard REQUIRED name, description, supportedInterfaces, version, capabilities, defaultInputModes, defaultOutputModes, skills; "arrays marked as required MUST contain at least one element" (§5.7; the §8.4.1 canonicalization example shows `"skills": []`, the normative text wins); AgentInterface REQUIRED url, protocolBinding (open string: JSONRPC, GRPC, HTTP+JSON, or a URI for a custom binding, §5.8), protocolVersion (Major.Minor); protocolVersion, url, preferredTransport, additionalInterfaces and supportsAuthenticatedExtendedCard left the card top level (the last is capabilities.extendedAgentCard); AgentSkill REQUIRED id, name, description, tags. ' +
      'JSON-RPC methods are PascalCase (SendMessage, GetTask, ListTasks, CancelTask, SubscribeToTask, *TaskPushNotificationConfig*, GetExtendedAgentCard), Content-Type application/json; clients MUST send A2A-Version (Major.Minor) and agents read a request without it as 0.3 (§3.6). ' +
      'A5 now accepts custom-binding URIs (and ws(s) URLs for them), makes empty required lists of a 1.0 card partial (A5/empty-member), sends A2A-Version on the live probe of a 1.x JSONRPC interface, and its guide no longer declares streaming. Its probe method stays an unknown one (ai-ready/probe), answered -32601 by a conforming server. M4 reads capabilities.extensions[].uri, unchanged in 1.0.',
    olderShapes: ['A2A 0.2/0.3 cards with a top-level `url` (0.3: pass with an advisory; ≤0.2 or /.well-known/agent.json: partial)', 'empty skills or default modes in a 0.3 card (the 0.3.0 schema allowed them)'],
  },
  agentSkills: {
    name: 'Agent skills discovery',
    version: 'Agent Skills Discovery v0.2.0 (cloudflare/agent-skills-discovery-rfc README updated 2026-03-12; agentskills.io Well-Known URI page): `$schema` + type/url/digest entries; agentskills.io SKILL.md',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://agentskills.io/well-known-uri',
    note:
      'Read 2026-11-25: agentskills/agentskills docs/well-known-uri.mdx (commit 08cd5a4720e7), agentskills.io/well-known-uri, added by commit e582259c as "distilled from Cloudflare\'s Agent Skills Discovery RFC" and since extended (per-entry `version`, versioned index paths): `$schema` (exact URI, opaque) and `skills[]` of name/type/description/url/digest, optional per-entry `version`; clients warn and do not process an unrecognised or absent `$schema`, and skip entries of an unrecognised `type`. The Cloudflare README itself was read only in part (its v0.2.0 changelog, updated 2026-03-12, from a stored copy of github.com/cloudflare/agent-skills-discovery-rfc/blob/main/README.md); the repository copy stored here (commit 366ad374) is the February draft. The two texts differ on an absent `$schema`: agentskills.io says do not process, the RFC README (as summarised in a stored transcription) says read it as v0.1.0; A6 is partial either way.',
    olderShapes: [
      'the February 2026 draft (`version` + `files[]` of {path, digest})',
      'v0.1.0 at /.well-known/skills/index.json (partial)',
      'indexes with an unknown `$schema` URL: declared url/type/digest (or a bare `sha256`) still read to show what is there, but partial (`A6/unknown-schema`), since clients stop at such an index',
    ],
  },
  webmcp: {
    name: 'WebMCP',
    version: 'W3C WebML CG draft, index.bs (commit 0023abdadad2): document.modelContext',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://webmachinelearning.github.io/webmcp/',
    olderShapes: ['navigator.modelContext (deprecated in Chrome 150, removed in 152): partial, with a deprecation finding', 'provideContext({tools}): read as a registration'],
  },
  openapi: {
    name: 'OpenAPI description',
    version: 'OpenAPI 3.2 (3.2.0 of 2025, text of 3.2.1 read; 3.0 and 3.1 still read) and Swagger 2.0; RFC 8631 service-desc',
    kind: 'standard',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://spec.openapis.org/oas/latest.html',
    note:
      'Read on 2026-11-25: OAI/OpenAPI-Specification versions/3.2.1.md at 0dabe3fd (the 3.2 line; patch versions do not change the feature set and tooling SHOULD NOT distinguish them): OpenAPI Object (`openapi` REQUIRED, at least one of components, paths or webhooks; new `$self`), Path Item Object (new fixed field `query` for RFC 10008 QUERY and the `additionalOperations` map keyed by the method as sent, which MUST NOT repeat a fixed field), entry document RECOMMENDED to be named openapi.json or openapi.yaml; the stored versions/3.2.0.md at 009c5c92 is an early draft, not the release. ' +
      'Media types: draft-ietf-httpapi-rest-api-mediatypes-09 (23 May 2026) registers application/openapi+json and application/openapi+yaml (abstract read). RFC 8631 was not re-read (service-desc). ' +
      'A8 already accepted any 3.x `openapi`; its operation count (and M3/M5, which read operations) now includes `query` and `additionalOperations`, its Accept names application/openapi+yaml, and a 3.1+ document without paths is said to be valid but to describe no callable operation (still partial). The fix guide keeps writing 3.1.0, which current generators read widely.',
    olderShapes: ['OpenAPI 3.0 and 3.1 documents (pass)', 'Swagger 2.0 (pass, with an advisory)', 'documents served as application/json, application/vnd.oai.openapi(+json) or YAML types'],
  },
  authMd: {
    name: 'auth.md',
    version: 'WorkOS auth.md docs ("The auth.md file"); reference AUTH.md at workos/auth.md 0910d0930ba6',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://workos.com/auth-md/docs/auth-md',
    note:
      'Read on 2026-11-25: the stored copy of workos.com/auth-md/docs/auth-md (its "Where to host it" and "Sections in order" up to Discover; the rest of the page was not in the store) and the reference workos/auth.md AUTH.md at commit 0910d0930ba6 (discover → pick a method → register at POST /agent/auth → claim → use → errors → revocation; agent_auth members skill, register_uri, claim_uri, revocation_uri, identity_types_supported, anonymous/identity_assertion *_supported, events_supported). ' +
      'The docs give the title as exactly `# auth.md`; isitagentready\'s skill (catalog) accepts any H1 containing "auth.md", and A9 keeps that. The fix guide wrote an OAuth dynamic-client-registration + PKCE document, which is not the auth.md protocol: it now writes the walkthrough. Endpoint paths differ between WorkOS\'s blog (/agent-auth), the reference repo (/agent/auth) and implementers (/agent/identity): A9 reads any of them as a registration pointer.',
  },
  aiCatalog: {
    name: 'AI catalog / Agentic Resource Discovery',
    version: 'ARD v0.91 (ard.md dated 2026-08-26, commit 04afa6cb0301): /.well-known/ard.json and rel="ard"; a manifest needs only entries[] of identifier, displayName, type, url or data; AI Card catalogs still read',
    kind: 'draft',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://github.com/ards-project/ard-spec/blob/main/spec/ard.md',
    olderShapes: [
      '`/.well-known/ai-catalog.json` and `rel="ai-catalog"` (ARD v0.9 and the AI Catalog): found after the current names, `A10/legacy-location` (pass, with an advisory to move)',
      'manifests with `specVersion` and `host` (ARD v0.9, the AI Catalog, ai-catalog.schema.json): read; neither is required any more',
    ],
    note:
      'Re-read on 2026-11-27. ards-project/ard-spec spec/ard.md v0.91 (commit 04afa6cb0301, its text dated 2026-08-26): §4.2 an ARD entry MUST carry identifier (urn:air, Appendix C), displayName, type (a media type) and exactly one of url or data (§4.3); representativeQueries SHOULD (2-5, a conformance warning); §5.1 the manifest at /.well-known/ard.json "is a JSON document with an entries array", "any other top-level members are transport-defined and ignored"; consumers MUST fetch ard.json and honour rel="ard", MAY consult the predecessor /.well-known/ai-catalog.json and rel="ai-catalog"; Agentmap and <link rel="ard"> are publishing mechanisms. Appendix D names spec/schemas/ard-entry.schema.json (ArdEntry, ArdManifest), which the index does not hold; a third-party copy vendored at b76f235a asserts ArdManifest.required == ["entries"] and ArdEntry.required == identifier, displayName, type. ' +
      'So A10 no longer requires specVersion or host (host.identifier never was required: issue 28.5); a missing specVersion is an advisory naming who requires it (the AI Catalog, Agent-Card/ai-catalog specification/ai-catalog.md, and Lighthouse\'s ARD port with ai-catalog.schema.json). The AI Catalog makes entry displayName optional where ARD requires it: A10 follows ARD and says so. ' +
      'Lighthouse disagrees with itself (read 2026-11-25: docs page vs shipped core/gather/gatherers/agentic/ard.js reading only Agentmap, rel="ai-catalog" and ai-catalog.json) and with ARD\'s Agentmap: its SEO robots-txt audit (core/audits/seo/robots-txt.js, main f8eac39 of 2026-08-20, unchanged since 83f1c6f of 2026-06-18) throws "Unknown directive" for agentmap (the safelist has content-signal; a branch commit b0bb2d9 adds license, not agentmap). A10 says so whenever a robots.txt names an Agentmap, and its guide names the catalog with <link rel="ard"> or a Link header and serves the same file at ai-catalog.json (where MCP clients and the shipped gatherer look) instead of an Agentmap line.',
    sources: [
      {
        repo: 'ards-project/ard-spec',
        path: 'spec/ard.md',
        commit: '04afa6cb03012020afc89a41d51b891bc5c5e7b6',
        commitDate: '2026-08-26',
        readOn: '2026-11-27',
        newestBy: 'the fetch snapshot ends at 5fa2f5a (2026-07-15, text v0.91 of July 23 not yet in it); the index holds 18 versions: find_string on the title finds v0.5, v0.9 (2026-05-28), v0.91 dated July 23 and this v0.91 dated August 26, the newest header found (commitDate is the text\'s own date)',
      },
      {
        repo: 'ards-project/ard-spec',
        path: 'conformance/examples/{basic,fda-ndc,local-business,noaa-weather}/*.json',
        commit: '5fa2f5a',
        commitDate: '2026-07-15',
        readOn: '2026-11-27',
        newestBy: 'snapshot HEAD; each is a corpus variant (test/corpus/sites/newest-discovery.ts, ard-example-*); the index lists more examples (gentech-x402, nevermined, scan-attestation) whose place at the newest commit could not be established',
      },
      {
        repo: 'Agent-Card/ai-catalog',
        path: 'specification/ai-catalog.md',
        commit: 'be6803f6fb60a57417364c05a452ab5ef53a1d8d',
        commitDate: '2026-04-30',
        readOn: '2026-11-27',
        newestBy: 'the index\'s listed version (14 stored); the fetch snapshot ends 2026-04-30 and does not hold it, so commitDate is a lower bound: the commit is later than that date',
      },
      {
        repo: 'GoogleChrome/lighthouse',
        path: 'core/audits/seo/robots-txt.js',
        commit: 'f8eac394a68b90109078bba44cafbec7ceb9026a',
        commitDate: '2026-08-20',
        readOn: '2026-11-27',
        newestBy: 'fetch snapshot: main HEAD f8eac39; git log of the file on main ends at 83f1c6f (2026-06-18); git log --all shows b0bb2d9 (2026-08-07, adds license, off main); the index holds 5 versions',
      },
    ],
  },
  aria: {
    name: 'WAI-ARIA and accessible names (axe-core rules)',
    version: 'WAI-ARIA 1.2; AccName 1.2',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.w3.org/TR/wai-aria-1.2/',
  },
  ucp: {
    name: 'Universal Commerce Protocol',
    version: 'UCP 2026-04-08 (latest; 2026-01-23 and 2026-01-11 still read)',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://ucp.dev/latest/specification/overview/',
    note:
      'Read today: Universal-Commerce-Protocol/ucp versions.json (commit 90a8c87; latest = 2026-04-08, then 2026-01-23, 2026-01-11, plus "draft") and 2026-04-08/specification/overview/index.md (commit 3476400; draft/ at 090ebe7 has the same profile shape). ' +
      'The business profile at /.well-known/ucp nests `version`, `services`, `capabilities`, `payment_handlers` under `ucp`; each service is an array of bindings {version, spec, transport (rest|mcp|a2a|embedded), endpoint, schema}; ' +
      'each capability an array of {version, spec, schema, extends?}; `services` and `payment_handlers` MUST be present even when empty, `capabilities` MAY be omitted. Hosting: HTTPS, no redirects, Cache-Control public with max-age >= 60 (MUSTs, reported as advisories). ' +
      'M1 keeps "capabilities" as required for a pass (the text calls profiles without one unusual; agents have nothing to negotiate).',
    olderShapes: [
      '2026-01-11 nested profile with one object per service (`rest`/`mcp` sub-objects) and per capability: read, advisory only',
      'top-level `protocol_version`/`services`/`capabilities`/`endpoints` (pre-launch drafts, the reference scanner\'s prompt): read, advisory only',
    ],
  },
  acp: {
    name: 'Agentic Commerce Protocol',
    version: 'ACP discovery RFC (proposal, unreleased; change log 2026-02-23); API versions up to 2026-04-17',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://agenticcommerce.dev',
    note:
      'Read today: agentic-commerce-protocol/agentic-commerce-protocol rfcs/rfc.discovery.md (commit bc4d5d0; status Proposal, still unreleased) and the spec/ listing (released API versions 2025-09-29, 2025-12-12, 2026-01-16, 2026-01-30, 2026-04-17). ' +
      'Conformance checklist now held: transports include "rest"; supported_versions oldest first with protocol.version the last; extensions[] entries have a name; intervention_types in the closed enum (3ds, biometric, address_verification).',
  },
  x402: {
    name: 'x402 payments',
    version: 'x402 v2 (x402-foundation/x402, HTTP transport v2); v1 still read',
    kind: 'convention',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://x402.org',
    note:
      'Read today: x402-foundation/x402 specs/transports-v2/http.md (commit 03f722f; the repository moved from coinbase/x402): 402 with a PAYMENT-REQUIRED header carrying base64 JSON {x402Version: 2, error, resource, accepts[{scheme, network, amount, asset, payTo, maxTimeoutSeconds, extra}]}; ' +
      'response bodies are a server concern. Matches M3. Also read: specs/extensions/well-known-discovery.md (commit 268f071, status Draft): a per-origin manifest at /.well-known/x402.json {x402Version, lastUpdated, items[{resource{url}, type http|mcp, accepts, input{method, routeTemplate}}]}, served by the x402 middleware by default; ' +
      'M3 knocks on the resources it lists. Not adopted: bazaar discovery through a facilitator (third-party registry).',
    olderShapes: ['x402 v1: 402 JSON body {x402Version: 1, accepts[{maxAmountRequired, resource, ...}]}, paid with X-PAYMENT'],
  },
  ap2: {
    name: 'Agent Payments Protocol (AP2)',
    version: 'AP2 A2A extension v0.1 (v0.1-alpha)',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://ap2-protocol.org',
    note:
      'Read today: google-agentic-commerce/AP2 docs/a2a-extension.md (commits 1561fd7 and 8bfb3e6): extension URI https://github.com/google-agentic-commerce/ap2/tree/v0.1 (MUST), params.roles with at least one of merchant, shopper, credentials-provider, payment-processor; merchants SHOULD mark it required. Unchanged, M4 matches. ' +
      'M4 also accepts micropayment-provider and streaming-payment-consumer: another stored version of the same file (repository not named by the index; it adds "Micropayment Channel Capabilities" with payment_channels/payment_streams params) lists those six roles, the two commits above list four. The drafts disagree; M4 accepts all six.',
  },
  mpp: {
    name: 'Machine Payments Protocol',
    version: 'draft-payment-discovery-01 (tempoxyz/mpp-specs)',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://mpp.dev',
    note:
      'Read today: tempoxyz/mpp-specs specs/extensions/draft-payment-discovery-01.md (commit ad01e43): GET /openapi.json (HTTPS, application/json); each payable operation MUST carry x-payment-info, one offer {intent charge|session, method, amount, currency?, description?} or {offers: [...]} (new documents SHOULD use offers; clients MUST read both), ' +
      'amount a base-unit integer string or null (dynamic pricing), and MUST declare a 402 response. The x402scan/MPPscan `{price, protocols}` object seen in public code is not the draft\'s shape: M5 names it and stays partial.',
    olderShapes: ['single-offer shorthand `x-payment-info: {intent, method, amount}` (still valid per the draft)', 'decimal or numeric amounts ("0.50", 50): read, advisory'],
  },
  schemaProduct: {
    name: 'schema.org Product / Offer',
    version: 'schema.org current; Google product structured data',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://schema.org/Product',
  },
} as const satisfies Record<string, Standard>;

export type StandardId = keyof typeof STANDARDS;
