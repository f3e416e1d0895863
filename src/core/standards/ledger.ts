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
    version: 'agentdocsspec.com (unversioned)',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://agentdocsspec.com/',
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
    version: 'Cloudflare docs; RFC 9110 §12 negotiation; RFC 7763 media type',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
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
    version: 'robots.json, 166 entries (2026-08-22)',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://github.com/ai-robots-txt/ai.robots.txt',
    olderShapes: ['retired Anthropic tokens (anthropic-ai, Claude-Web): read, with a note that the current crawlers do not obey them'],
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
    version: 'Cloudflare challenge detection docs',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/',
  },
  rfc9727: {
    name: 'api-catalog well-known URI',
    version: 'RFC 9727 (with RFC 9264 linkset)',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc9727',
  },
  rfc8414: {
    name: 'OAuth 2.0 Authorization Server Metadata',
    version: 'RFC 8414; OpenID Connect Discovery 1.0',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc8414',
  },
  rfc9728: {
    name: 'OAuth 2.0 Protected Resource Metadata',
    version: 'RFC 9728; MCP authorization 2025-06-18',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc9728',
  },
  mcpServerCard: {
    name: 'MCP server cards and discovery',
    version: 'experimental-ext-server-card docs/discovery.md (draft) + SEP-2127 (draft, 2026-01-21)',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    note: 'docs/discovery.md read on 2026-11-25 at commit 08674227f9fa: the catalog at /.well-known/mcp/catalog.json (specVersion, entries[] of identifier/displayName/type/url), cards fetched as application/mcp-server-card+json, default card location <streamable-http-url>/server-card, a .well-known card location "not recommended". SEP-2127 text read the same day (Draft, created 2026-01-21).',
    olderShapes: ['`/.well-known/mcp/server-card.json` and `/.well-known/mcp.json` card locations'],
  },
  a2a: {
    name: 'A2A agent card',
    version: 'A2A 0.3 and 1.0 (supportedInterfaces)',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://a2a-protocol.org/latest/specification/',
    note: 'The 0.3 required members (protocolVersion, url, modes as media types) were read on 2026-11-25 from the AgentCard types of @a2a-js/sdk 0.3.9, the official SDK (it ships types, no JSON schema); the 1.0 specification was not re-read.',
    olderShapes: ['A2A 0.2/0.3 cards with a top-level `url`'],
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
    version: 'OpenAPI 3.x (and Swagger 2.0); RFC 8631 service-desc',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://spec.openapis.org/oas/latest.html',
  },
  authMd: {
    name: 'auth.md',
    version: 'WorkOS auth.md docs',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://workos.com/auth-md/docs/auth-md',
  },
  aiCatalog: {
    name: 'AI catalog / Agentic Resource Discovery',
    version: 'ARD v0.91 (2026-08-26): /.well-known/ard.json and rel="ard" (manifest specVersion 1.0); AI Card catalogs still read',
    kind: 'draft',
    checked: TODAY,
    checkedHow: 'read',
    url: 'https://github.com/ards-project/ard-spec/blob/main/spec/ard.md',
    olderShapes: [
      '`/.well-known/ai-catalog.json` and `rel="ai-catalog"` (ARD v0.9 and the AI Card catalog): found after the current names, `A10/legacy-location` (pass, with an advisory to move)',
    ],
    note:
      'Read on 2026-11-25. ards-project/ard-spec spec/ard.md v0.91 (commit 04afa6cb0301, dated 2026-08-26) §5.1: the manifest lives at /.well-known/ard.json; mechanisms are the well-known URI, in-page markup, a robots.txt Agentmap line, <link rel="ard"> and DNS; a consumer MUST fetch ard.json and MUST honour rel="ard", MAY also consult the predecessor names /.well-known/ai-catalog.json and rel="ai-catalog"; a publisher only on the predecessor path "may not be found" and SHOULD move. v0.9 (commit 99519e0bfa3b, 2026-05-28) named ai-catalog.json. ' +
      'An entry\'s `type` is a media type (§3.3: application/mcp-server-card+json, application/a2a-agent-card+json). ' +
      'Lighthouse disagrees with itself: its docs page (developer.chrome.com/docs/lighthouse/agentic-browsing/ard, read the same day) says the audit tries Agentmap, rel="ard", Link rel="ard", ard.json, then the legacy rel="ai-catalog"/ai-catalog.json with a warning, and that specVersion does not affect the score; the source read (core/gather/gatherers/agentic/ard.js at 85cfccd98f93 and 892edb13e1bb, core/audits/agentic/ard-schema.js and third-party/ard/ard.js at 0a1d9e0c0190) fetches one URL, Agentmap || rel="ai-catalog" || Link rel=ai-catalog || /.well-known/ai-catalog.json, knows neither ard.json nor rel="ard", and errors on a missing specVersion; the schema that port validates with (spec/schemas/ai-catalog.schema.json, commit 8fff974404a0) requires specVersion and entries and allows no other top-level member, where v0.91 §5.1 calls other top-level members transport-defined and ignored (so the fix guide writes specVersion, host and entries only). ' +
      'A10 follows the draft\'s names first, still counts the predecessor (pass, A10/legacy-location: the draft makes reading it optional, not wrong, and the shipped Lighthouse reads nothing else), and says in the evidence when the shipped gatherer would miss a catalog; the fix guide\'s robots.txt Agentmap line is what both Lighthouses and ARD readers find.',
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
    version: 'ucp.dev specification',
    kind: 'draft',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://ucp.dev/specification/overview/',
  },
  acp: {
    name: 'Agentic Commerce Protocol',
    version: 'ACP discovery RFC',
    kind: 'draft',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://agenticcommerce.dev',
  },
  x402: {
    name: 'x402 payments',
    version: 'x402 (coinbase/x402)',
    kind: 'convention',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://x402.org',
  },
  ap2: {
    name: 'Agent Payments Protocol (AP2)',
    version: 'AP2 A2A extension',
    kind: 'draft',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://ap2-protocol.org',
  },
  mpp: {
    name: 'Machine Payments Protocol',
    version: 'mpp.dev discovery',
    kind: 'draft',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://mpp.dev',
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
