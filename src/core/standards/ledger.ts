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
  /**
   * The revision that commit is, by name: a draft (`draft-ietf-aipref-vocab-08`), a release tag
   * (`v0.6.0`, `v2026-08-25`), or an unordered name (`main`, `docs site`). A commit date is not a
   * revision order: test/core/standards checks these names against each other and the snapshots' tags
   * (revision-order.ts).
   */
  revision: string;
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
/** The day of the readings that pin each source to its newest commit (issue 27). */
const READ = '2026-11-27';
const CATALOG = '2026-11';
/** The day of the readings of issue 37 (aipref -08, Content Signals `use`, UCP 2026-08-25, auth.md, Lighthouse ARD). */
const READ_37 = '2026-11-29';

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
    note:
      "Not re-read on 2026-11-27 (the RFC text is not in the stored material; stays catalog). What moved around it is tools: Lighthouse's SEO " +
      'audit robots-txt (GoogleChrome/lighthouse core/audits/seo/robots-txt.js at 83f1c6fd0d, 2026-06-18, read 2026-11-27) fails a robots.txt ' +
      'with any directive outside its safelist, which has content-signal but not content-usage or agentmap. D1 and B5 name the lines it flags ' +
      '(advisory; RFC 9309 lets crawlers ignore records they do not know).',
    sources: [
      {
        repo: 'GoogleChrome/lighthouse',
        path: 'core/audits/seo/robots-txt.js',
        commit: '83f1c6fd0d',
        revision: 'v13.4.1',
        commitDate: '2026-06-18',
        readOn: READ,
        newestBy:
          'snapshot log 2026-11-27 (HEAD f8eac394a6 of 2026-08-20): no later commit touches the file; the one before, 1ddd51bfdd (2026-01-12), ' +
          'added content-signal to the safelist',
      },
    ],
  },
  sitemaps: {
    name: 'Sitemaps protocol',
    version: 'sitemaps.org 0.9 (schema of 2008-03-26)',
    kind: 'convention',
    checked: READ,
    checkedHow: 'read',
    url: 'https://www.sitemaps.org/protocol.html',
    note:
      'Read on 2026-11-27: the stored sitemaps.org protocol page (English and translations: urlset with the 0.9 namespace, url/loc required, ' +
      'lastmod W3C Datetime, loc under 2,048 characters, one host per sitemap, index files, 50,000 URLs) and the XML schema sitemap.xsd ("Last ' +
      'Modifed 2008-03-26"). The protocol has no repository and no later version; D2 matches it. No verdict moved.',
    sources: [
      {
        repo: 'sitemaps.org',
        path: '/schemas/sitemap/0.9/sitemap.xsd (and /protocol.php)',
        commit: 'sitemap-0.9',
        revision: '0.9',
        commitDate: '2008-03-26',
        readOn: READ,
        newestBy:
          'no repository; the schema names 0.9 as the current namespace and carries its last-modified date; the stored protocol pages (English, ' +
          'de, es, pt_BR, ro, ko) describe the same 0.9 format, and no later protocol version was found in the store',
      },
    ],
  },
  rfc8288: {
    name: 'Web Linking (Link header)',
    version: 'RFC 8288',
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://www.rfc-editor.org/rfc/rfc8288',
    note:
      'Looked for on 2026-11-27: RFC 8288 (October 2017, obsoletes RFC 5988) is still the current Web Linking text; no rfc8288bis and no ' +
      'obsoleting RFC was found in the store (only the rfc5988bis drafts that became it, and draft-ietf-httpapi-link-hint, which annotates links ' +
      'without changing the header). D3 parses link-values as RFC 8288 §3 says. No verdict moved.',
    sources: [
      {
        repo: 'rfc-editor.org',
        path: '/rfc/rfc8288',
        commit: 'RFC 8288',
        revision: 'RFC 8288',
        commitDate: '2017-10',
        readOn: READ,
        newestBy: 'searched the store for an rfc8288bis, an obsoleting RFC or errata: none found; the rfc5988bis drafts (2015-2016) are its predecessors',
      },
    ],
  },
  llmstxt: {
    name: 'llms.txt',
    version: 'llmstxt.org v2 (nbs/index.qmd date-modified 2026-08-10)',
    kind: 'convention',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://llmstxt.org/',
    note:
      'Read on 2026-11-27: AnswerDotAI/llms-txt nbs/index.qmd and nbs/changes.qmd at 61bbcf9957f5 ("The /llms.txt file, v2"), and the reference ' +
      'parser llms_txt/core.py (parse_llms_file) at d65b4d0c54ab and llms_txt/miniparse.py at b39ea2130418. ' +
      'v2 moved: a file at any path covers the pages under it and the most specific applies (D4, D5 and the page-level checks read the most ' +
      'specific llms.txt for the page); Markdown twins at page.html.md or page.md (index.html.md or index.md) (C2 accepts both); discovery ' +
      'through rel="alternate" type="text/markdown" and rel="describedby" as HTML <link> or Link: header (D3 counts describedby to an llms.txt, ' +
      'D6 reads it and checks it is the file covering the page); an optional BOM (read); "Optional" is a convention without mechanical meaning ' +
      '(no longer said to be skipped). ' +
      'Kept: the H1 is the only required section; H2 sections hold "file lists", each a Markdown list with a required [name](url) hyperlink then ' +
      'optionally ":" and notes. The reference parser raises on any non-blank line inside an H2 section that is not a "- [name](url)" item, so ' +
      'such a file yields nothing to it: D4 is partial there (D4/off-format-lines), see docs/checks-discoverability-and-content.md. ' +
      'llms-full.txt is not in v2 (v1 named llms-ctx-full.txt, a generated context file): D5 follows agent-docs-spec for it and judges it by the ' +
      'pages llms.txt lists.',
    olderShapes: [
      '`Title — notes` link lines (em dash instead of `:`): read as links, notes kept, advisory only',
      'v1 twin form page.html.md only: v2 also allows page.md',
    ],
    sources: [
      {
        repo: 'AnswerDotAI/llms-txt',
        path: 'nbs/index.qmd',
        commit: '61bbcf9957f5c08b11825691759deac0d31c0e8b',
        revision: 'v2',
        commitDate: '2026-08-10',
        readOn: '2026-11-27',
        newestBy:
          'snapshot log ends 2026-04-29 (b6ba990 touches index.qmd last on 2025-10-28); the index holds 97 versions and serves 61bbcf99, front ' +
          'matter "date-modified: 2026-08-10", title "v2": the newest seen (commit date taken from date-modified)',
      },
      {
        repo: 'AnswerDotAI/llms-txt',
        path: 'nbs/changes.qmd',
        commit: '61bbcf9957f5c08b11825691759deac0d31c0e8b',
        revision: 'v2',
        commitDate: '2026-08-10',
        readOn: '2026-11-27',
        newestBy: 'absent from the snapshot (ends 2026-04-29); the index holds 3 versions and returns 61bbcf99 ("v2 (August 2026)")',
      },
      {
        repo: 'AnswerDotAI/llms-txt',
        path: 'llms_txt/core.py',
        commit: 'd65b4d0c54ab704839e2eeaaef4bcb2dae069fb2',
        revision: 'main',
        commitDate: '2026-01-29',
        readOn: '2026-11-27',
        newestBy: 'snapshot log (newest commit touching the path); the index holds 20 versions, none at 61bbcf99',
      },
      {
        repo: 'AnswerDotAI/llms-txt',
        path: 'llms_txt/miniparse.py',
        commit: 'b39ea21304188a2663b0dd6b8277670bcc4cf375',
        revision: 'main',
        commitDate: '2024-09-03',
        readOn: '2026-11-27',
        newestBy: 'snapshot log: the only commit touching the path; the index holds 2 versions',
      },
    ],
  },
  agentDocsSpec: {
    name: 'Agent docs spec',
    version: 'Agent-Friendly Documentation Spec 0.6.0 (Draft, 2026-09-13)',
    kind: 'convention',
    checked: '2026-11-29',
    checkedHow: 'read',
    url: 'https://agentdocsspec.com/',
    note:
      'Read on 2026-11-29: SPEC.md v0.6.0 (2026-09-13, 28 checks; the site serves it as per-category pages under /spec/web/), the stored copy in the ' +
      'code index (file id 69419395529; no repository or commit named): the snapshot and the index rows of agent-ecosystem/agent-docs-spec end at ' +
      '0.5.0, so 0.6.0 is not read by commit. Its five new checks are advisories of the checks that read the same response (docs/agent-docs-spec.md ' +
      'maps all 28): markdown-link-portability in C2 and C1 (the .md twin, the negotiated Markdown) and single-fetch-completeness in C2 (root-relative ' +
      'links warn, path-relative fail; a paginated Markdown continuation declared past the top, relative or only in a header warns, missing or broken ' +
      'fails), page-size-transfer and embedded-data-serialization in C3 (served HTML 1,000,000 / 10,000,000 bytes; bulk over half of a 50,000-100,000 /' +
      ' over 100,000 character page), bot-protection-interference in B4 (B4/challenge-success: a challenge page served as 2xx; a stalled body stops the' +
      ' scan with an error naming it). ' +
      'Re-read on 2026-11-27 at fb2d03df25a1 (v0.5.0, 2026-05-03): v0.5.0 splits llms-txt-directive into llms-txt-directive-html (D6 reads the HTML ' +
      'directive) and llms-txt-directive-md (a directive inside the Markdown twin; not judged), and says incidental mentions of llms.txt do not count; ' +
      'llms-txt-coverage keeps its default thresholds (>=95% pass, 80-95% warn, <80% fail), which D5 applies to the pages llms.txt lists that ' +
      'llms-full.txt holds. Nothing else that D4/D5/D6/C1/C2 read moved. ' +
      'Read on 2026-11-25: agent-ecosystem/agent-docs-spec SPEC.md at commit 00f719e3beef (v0.4.0, 2026-04-21; the stored 0e70b93a128e copy is an ' +
      'earlier 21-check draft) for what it says about llms.txt, llms-full.txt, the in-page directive, .md URLs, content negotiation and rendering. ' +
      'Location discovery: {base_url}/llms.txt, {origin}/llms.txt, {origin}/docs/llms.txt; a cross-host redirect is a warn. D4 now asks the last two ' +
      'only when the page directory and root hold none, and marks a cross-host llms.txt partial (D4/cross-host). Size: pass < 50,000, warn ' +
      '50,000-100,000, fail > 100,000 characters (D4 already: advisory, then partial). ' +
      'llms-txt-valid accepts section headings at any level (MongoDB uses H1) where llmstxt.org and its reference parser read H2 only: D4 keeps the H2 ' +
      'rule and says so in an advisory (details.otherLevelLinks). llms-full.txt appears only as the optional companion file (D5 unchanged). ' +
      'llms-txt-directive: near the top, visually hidden allowed, display:none discouraged, not JS-injected only; past 50% of the content is a warn: D6' +
      ' is partial (D6/buried-directive) when such a directive is its only hint, and advises on display:none. markdown-url-support (.md appended) and ' +
      'content-negotiation (text/markdown; wrong type = warn; HTML = fail) match C2 and C1; rendering-strategy matches C3 (server HTML must hold the ' +
      'content).',
    sources: [
      {
        repo: 'agent-ecosystem/agent-docs-spec',
        path: 'SPEC.md',
        commit: 'v0.6.0',
        revision: 'v0.6.0',
        commitDate: '2026-09-13',
        readOn: '2026-11-29',
        newestBy:
          'the version and date in the file (Version 0.6.0, 2026-09-13; changelog v0.6.0 over v0.5.1 2026-05-08), read from the code index copy (file ' +
          'id 69419395529), whose commit is not stored: the snapshot (head 0e758f8, 2026-05-03) and index rows stop at v0.5.0 (fb2d03df25a1)',
      },
    ],
  },
  dnsAid: {
    name: 'DNS for AI discovery (DNS-AID)',
    version: 'draft-mozleywilliams-dnsop-dnsaid-02 (2026-05-27, expires 2026-11-28)',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-mozleywilliams-dnsop-dnsaid/',
    note:
      'Read on 2026-11-27: the -02 front matter and abstract from a stored mirror of the draft (HTML and XML; five authors, Amazon added): SVCB ' +
      "records for connectivity and key metadata, a DNS-SD entry point into an organisation's agent index, optional DNSSEC and DANE; no new " +
      'record types. Earlier revisions stored: -00 (2026-02-23), -01 (2026-03-02). No -03 and no WG-adopted draft-ietf-dnsop-dnsaid was found. ' +
      'The D7 fix guide follows the shape deployments cite from -02 §3.1/§3.2 (agent at its own name with alpn naming the protocol, ' +
      "`_<protocol>._agents` AliasMode, `_index._agents` ServiceMode) and the reference implementations' TXT index (infobloxopen/dns-aid-core " +
      'README 008e91c8, haruotsu/dns-aid-go index.go 88f2b6cf, read 2026-11-25). D7 stays info: it makes no DNS query; its guide now names the ' +
      'DNS zone, domain and MCP endpoint it needs (FixStep.needs).',
    sources: [
      {
        repo: 'datatracker.ietf.org',
        path: 'draft-mozleywilliams-dnsop-dnsaid',
        commit: 'draft-mozleywilliams-dnsop-dnsaid-02',
        revision: 'draft-mozleywilliams-dnsop-dnsaid-02',
        commitDate: '2026-05-27',
        readOn: READ,
        newestBy: 'stored mirrors hold -00 (2026-02-23), -01 (2026-03-02) and -02 (2026-05-27); no -03 or WG draft found in the store; -02 expires 2026-11-28',
      },
    ],
  },
  markdownForAgents: {
    name: 'Markdown for agents (Accept: text/markdown)',
    version: 'Cloudflare docs (beta page, example response dated 2026-02-11); RFC 9110 §12 negotiation; RFC 7763 media type',
    kind: 'convention',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://developers.cloudflare.com/fundamentals/reference/markdown-for-agents/',
    note:
      'Read on 2026-11-25: cloudflare-docs src/content/docs/fundamentals/reference/markdown-for-agents.mdx at commits 059a1e41bd27 and ' +
      'c7752be6d296 (same text) and the partial src/content/partials/fundamentals/markdown-for-agents.mdx at 13b7c00a0972 (which carries an ' +
      'unresolved merge-conflict marker around its SSL for SaaS tab). ' +
      'Text: conversion happens when Accept has text/markdown "as one of the options"; the response carries content-type: text/markdown; ' +
      'charset=utf-8, vary: accept, x-markdown-tokens, and by default Content-Signal: ai-train=yes, search=yes, ai-input=yes (custom policies ' +
      '"in the future"); Pro, Business, Enterprise and SSL for SaaS; dashboard Quick Actions toggle or PATCH ' +
      'zones/{zone}/settings/content_converter {"value":"on"}; HTML only, no compressed origin responses, zone-level. ' +
      'C1 already asked with text/markdown alone and among other types; it now reports the Markdown response headers as details, flags the edge ' +
      'default Content-Signal (AI training yes) in its advisory, and the fix guide names plans, toggle, API setting and limits.',
    sources: [
      {
        repo: 'cloudflare/cloudflare-docs',
        path: 'src/content/docs/fundamentals/reference/markdown-for-agents.mdx',
        commit: 'c7752be6d296146f9f630583ee899cf30ab21330',
        revision: 'docs site (unversioned)',
        commitDate: '2026-02-11',
        readOn: '2026-11-27',
        newestBy:
          'index: 20 stored versions, the row names c7752be6 (the text read on 2026-11-25, unchanged from 059a1e41); no snapshot (repository too ' +
          'large to fetch in the session), so not proven the newest; commit date is the example response date on the page',
      },
    ],
  },
  jsonLd: {
    name: 'JSON-LD with schema.org',
    version: "JSON-LD 1.1 (W3C Recommendation; editor's draft of 2026-02-04); schema.org 30.0",
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://json-ld.org/spec/latest/json-ld/',
    note:
      "Read on 2026-11-27: w3c/json-ld-syntax index.html at 029777cf (2026-02-04), the editor's draft of JSON-LD 1.1 (shortName json-ld11): its " +
      'last commits are editorial (issues 471, 477, example wording); there is no JSON-LD 1.2 text. C4 reads script type="application/ld+json" ' +
      'blocks as JSON and their @type, which the changes do not touch. No verdict moved.',
    sources: [
      {
        repo: 'w3c/json-ld-syntax',
        path: 'index.html',
        commit: '029777cff904bfa59cfdfc19e2c6c6098e33ef60',
        revision: "JSON-LD 1.1 editor's draft",
        commitDate: '2026-02-04',
        readOn: READ,
        newestBy: 'snapshot log of index.html: 029777c (2026-02-04) is the newest commit touching it; specStatus ED, shortName json-ld11',
      },
      {
        repo: 'schemaorg/schemaorg',
        path: 'versions.json',
        commit: '44fff47292b71cda8b5da75dce733c29fd0218e6',
        revision: '30.0',
        commitDate: '2026-03-19',
        readOn: READ,
        newestBy: 'snapshot log: release 30.0 (2026-03-19) is the newest entry of versions.json; main continues to 2026-08-20 (unreleased)',
      },
    ],
  },
  aiRobotsTxt: {
    name: 'AI crawler list (ai.robots.txt)',
    version: 'robots.json at commit cfd62dbc (2026-08-22, 166 keys); token list 2026-11-25',
    kind: 'convention',
    checked: READ,
    checkedHow: 'read',
    url: 'https://github.com/ai-robots-txt/ai.robots.txt',
    olderShapes: ['retired Anthropic tokens (anthropic-ai, Claude-Web): read, with a note that the current crawlers do not obey them'],
    note:
      'Read on 2026-11-27: ai-robots-txt/ai.robots.txt robots.json at cfd62dbc (2026-08-22, "Add Reflectionbot"), the newest commit of the file ' +
      'in the repository snapshot (whose head, 738c80d, is the merge of the same change). Its 166 keys are exactly the ones B1 lists (164 ' +
      'robots.txt tokens once keys differing only in case or by a /version suffix are merged; B1 adds Googlebot, Bingbot and OAI-AdsBot from the ' +
      "vendors' pages). The 0037a9e2c5ff cited on 2026-11-25 is not in the snapshot's history; the index holds 199 versions, its find_files " +
      'row being the older 83485eff (2025-12-20). ' +
      'Categories follow the `function` field; enterprise crawlers a customer points at its own sites are `other`. robots.json still lists ' +
      'anthropic-ai and Claude-Web; B1 keeps them retired (Anthropic documents ClaudeBot, Claude-SearchBot and Claude-User). B1 unchanged.',
    sources: [
      {
        repo: 'ai-robots-txt/ai.robots.txt',
        path: 'robots.json',
        commit: 'cfd62dbc3b81e8957a4acac122837404cff058e2',
        revision: 'main',
        commitDate: '2026-08-22',
        readOn: READ,
        newestBy:
          'snapshot log of robots.json: cfd62db (2026-08-22) is the newest of its commits and the snapshot head 738c80d (2026-08-22) merges it; ' +
          "index: 199 versions, row commit 83485eff (2025-12-20, older); the key set equals B1's list",
      },
    ],
  },
  contentSignals: {
    name: 'Content Signals (Cloudflare)',
    version:
      'contentsignals.org policy: search, ai-input, ai-train (yes/no) and the use directive (immediate, reference, full; Cloudflare changelog ' +
      '2026-08-31); draft-romm-aipref-contentsignals-00',
    kind: 'draft',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://contentsignals.org',
    note:
      'Re-read 2026-11-29. The individual draft (thibmeu/draft-romm-aipref-vocab-contentsignals at 86ab092, draft-romm-aipref-contentsignals-00 ' +
      'of 2025-10-01, expired 2026-04-04) defines search, ai-input and ai-train only. ' +
      'Newer than it: Cloudflare\'s changelog of 2026-08-31 ("Crawl endpoint now respects the Content Signals use directive": "the use directive ' +
      'of the Content Signals standard", the maximum level at which content may be used; /crawl accepts contentUse reference or full) ' +
      'and the managed robots.txt Cloudflare writes, whose comment block defines "use: how AI systems may consume the content (immediate, ' +
      'reference, or full)" above `Content-Signal: search=yes,ai-train=no,use=reference`. ' +
      'contentsignals.org itself is not in the store. Moved for B2: use= is a Content Signal (no advisory calls it experimental); a line whose ' +
      'only signal is use= passes with B2/missing-keys naming the three purposes as unstated ' +
      '(the policy: a missing signal neither grants nor restricts); a use value outside immediate/reference/full is ignored; two levels in one ' +
      'group are a contradiction. The Content-Usage check compares ai-use with ai-input.',
    sources: [
      {
        repo: 'developers.cloudflare.com',
        path: '/changelog/post/2026-08-31-crawl-content-use/',
        commit: 'changelog-2026-08-31',
        revision: 'changelog 2026-08-31',
        commitDate: '2026-08-31',
        readOn: READ_37,
        newestBy:
          'the newest Cloudflare text on Content Signals found in the index (docs corpus); managed robots.txt files in the stored pages carry ' +
          'the same use comment; contentsignals.org and cloudflare/contentsignals are not stored',
      },
      {
        repo: 'thibmeu/draft-romm-aipref-vocab-contentsignals',
        path: 'draft-romm-aipref-contentsignals.md',
        commit: '86ab092',
        revision: 'draft-romm-aipref-contentsignals-00',
        commitDate: '2025-09-26',
        readOn: READ,
        newestBy:
          'snapshot log 2026-11-27: HEAD, no later commit; the IETF archive holds -00 only (expired 2026-04-04); the index holds 3 versions of ' +
          'the repository, none newer',
      },
    ],
  },
  aiprefVocab: {
    name: 'AI preferences vocabulary',
    version:
      'draft-ietf-aipref-vocab-08 (2026-09-14): train-ai (generative AI training), ai-use, search (overrides the other two); values y/n; unknown ' +
      'labels ignored',
    kind: 'draft',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-vocab/',
    note:
      'Re-read on 2026-11-29 by revision, not by commit date (issue 37). The snapshot of ietf-wg-aipref/drafts is tagged up to ' +
      'draft-ietf-aipref-vocab-07 (= 7ca0afc, 2026-08-19); ' +
      'draft-ietf-aipref-vocab-08 (dated 14 September 2026, submitted 2026-09-13) is in no snapshot: read in the IETF archive copies the index stores ' +
      '(www.ietf.org/archive/id/draft-ietf-aipref-vocab-08.txt and .xml, datatracker bibxml3 record, the aipref WG documents page listing -08 as current) ' +
      'and in this project on 2026-11-25 (ietf-wg-aipref/drafts 008bd890, ledger commit 9c73063). ' +
      '-08 brings back the AI Use category (section 4.2, label ai-use: input to a generative AI model where the asset is not directly provided by the user), ' +
      'narrows train-ai to generative models, and makes search apply to search applications whatever the other categories say (section 4.3); ' +
      'a Dictionary (RFC 9651), case-sensitive keys, Tokens y/n, unknown labels and parameters ignored, a failed parse states nothing. ' +
      'Moved for B5: `Content-Usage: ai-use=n` passes again (it was B5/header-invalid or B5/invalid under the 2026-11-27 reading, which took ' +
      "-07's 7ca0afc for the editor's newest text because its commit was the newest on main); " +
      'B5/search-overrides says when search differs from train-ai/ai-use; ai-use is compared with Content-Signal ai-input. ' +
      'The -08 text says its contents do not reflect working-group consensus; open PR branches (AI System Inference / AI User Input, ' +
      '2026-07-30..08-20) stay unread.',
    olderShapes: ['labels of earlier revisions (bots, train-genai): named in an advisory, ignored as the draft requires (no preference)'],
    sources: [
      {
        repo: 'www.ietf.org',
        path: '/archive/id/draft-ietf-aipref-vocab-08.txt (and .xml)',
        commit: 'draft-ietf-aipref-vocab-08',
        revision: 'draft-ietf-aipref-vocab-08',
        commitDate: '2026-09-14',
        readOn: READ_37,
        newestBy:
          'IETF archive copy stored in the index (docs corpus), dated 14 September 2026; the aipref WG documents page lists -08 as the current ' +
          'revision; the snapshot tags stop at -07 (7ca0afc); the 2026-11-25 reading was ietf-wg-aipref/drafts 008bd890',
      },
    ],
  },
  aiprefAttach: {
    name: 'AI preferences attachment (robots.txt and Content-Usage header)',
    version: 'draft-ietf-aipref-attach-05 (2026-08-19, tag draft-ietf-aipref-attach-05 = 7ca0afc)',
    kind: 'draft',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-aipref-attach/',
    note:
      'Read 2026-11-27 at 7ca0afc, confirmed by revision on 2026-11-29: the snapshot tag draft-ietf-aipref-attach-05 points at 7ca0afc (the file ' +
      'last changed in 9adba85, 2026-08-19, which `git tag --contains` places in -05), and the aipref WG documents page lists -05 as current. ' +
      "The Content-Usage header is an RFC 9651 Dictionary following the vocabulary's processing; the robots.txt rule is `content-usage: [path] " +
      'usage-pref`, a value starting with "/" carrying a path up to the first SP/HTAB, the rest processed as the vocabulary says (bytes, case ' +
      'sensitive), path matching as Allow/Disallow. ' +
      'B5 reads robots.txt lines with the same Dictionary parse as the header; the fix guide leads with the header, which no tool flags, and ' +
      'gives the robots.txt line with its cost (Lighthouse robots-txt, see rfc9309). Nothing moved on 2026-11-29.',
    sources: [
      {
        repo: 'ietf-wg-aipref/drafts',
        path: 'draft-ietf-aipref-attach.md',
        commit: '7ca0afc',
        revision: 'draft-ietf-aipref-attach-05',
        commitDate: '2026-08-19',
        readOn: READ_37,
        newestBy:
          "snapshot tags: draft-ietf-aipref-attach-05 is the newest attach tag and points at 7ca0afc; the file's last commit 9adba85 " +
          '(2026-08-19) is contained in it; no -06 in the index',
      },
    ],
  },
  webBotAuth: {
    name: 'Web Bot Auth (HTTP message signatures directory)',
    version:
      "draft-ietf-webbotauth-httpsig-protocol (editor's copy of 2026-10-09, §5.5 directory, §6.8 test keys, App. B directory signature); RFC " +
      '9421; RFC 7517; RFC 7638',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://datatracker.ietf.org/doc/draft-ietf-webbotauth-httpsig-protocol/',
    note:
      "Re-read 2026-11-27 at be12662f (editor's copy heading -01; see sources): the directory rules B3 judges hold (JWKS, HTTPS, the media type " +
      'at the well-known URI, 200 only and no redirects, kid = thumbprint at the well-known URI, test keys, no shared secrets); -01 makes every ' +
      'Signature-Agent value a direct JWK Set URI (a client-side change). Moved: "A JWK `alg` member, when present, follows Section 4.4 of ' +
      "JWK\" (JOSE names); the HTTP Signature Algorithms names are for the signature's alg parameter. B3's advisory is reversed (an HTTP name in " +
      "the JWK is now the one named; EdDSA/Ed25519 pass silently) and ai-ready's own bot key publishes alg Ed25519. No verdict changed. " +
      'Read 2026-11-25: webbotauth/draft-ietf-webbotauth-httpsig-protocol draft-ietf-webbotauth-httpsig-protocol.md (commit 5a71ee1f5955) and ' +
      'its .txt (commit 154867dd52ad, dated 9 October 2026; the catalog names the -01 of 2026-10-29, not stored here). The WG draft now holds ' +
      'the key directory that draft-meunier-webbotauth-httpsig-directory-00 defined: a JWKS, `alg` restricted to the HTTP Signature Algorithms ' +
      'registry, served over HTTPS and at the well-known URI with media type application/http-message-signatures-directory+json (MUST); a `kid` ' +
      'there MUST be the JWK SHA-256 thumbprint; verifiers MUST NOT follow redirects and treat any status but 200 as a discovery failure; test ' +
      'keys MUST NOT be used in production and verifiers SHOULD reject them; the directory response signature (tag ' +
      '"http-message-signatures-directory", covering "@authority";req and content-digest) is RECOMMENDED. B3 makes partial what verifiers act on ' +
      '(redirects, test keys, kid/thumbprint mismatch, non-signing curves, shared secrets), verifies an Ed25519 directory response signature ' +
      "(tested on the draft's Appendix E.2.3 vector) and advises on the rest (media type, alg names, a missing or failing response signature, " +
      'http).',
    olderShapes: [
      'a JWK `alg` member given as an HTTP Signature Algorithms name (e.g. ed25519), as the 2026-10-09 copy asked: accepted with an advisory ' +
        'naming the JOSE name',
      'directories served as application/json: accepted with an advisory',
    ],
    sources: [
      {
        repo: 'webbotauth/draft-ietf-webbotauth-httpsig-protocol',
        path: 'draft-ietf-webbotauth-httpsig-protocol.md',
        commit: 'be12662f3c5c',
        revision: "editor's copy (2026-10-09)",
        commitDate: '2026-10',
        readOn: READ,
        newestBy:
          'not proven: no snapshot can be had (fetch refused, 2026-11-27); the index lists this commit for the .md (7 versions stored) while a ' +
          'plain read_file returns 5a71ee1f (read 2026-11-25); be12662f is newer, its changelog heading ' +
          'draft-ietf-webbotauth-httpsig-protocol-01 (datatracker: 2026-10-29), so commitDate is the month of -01. Sections read: Key ' +
          'Distribution and Discovery, Directory Format, Security Considerations, Changelog.',
      },
    ],
  },
  challengePages: {
    name: 'Bot challenge pages (detection)',
    version: 'Cloudflare "Detect a Challenge Page response" (cf-mitigated: challenge)',
    kind: 'convention',
    checked: READ,
    checkedHow: 'read',
    url: 'https://developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response/',
    note:
      'Read on 2026-11-27: cloudflare-docs src/content/docs/cloudflare-challenges/challenge-types/challenge-pages/detect-response.mdx at ' +
      '54e1de881cdd (the index row; 10 versions stored) and the published page (dated 2025-06-24), plus two stored copies of the current site ' +
      '(with its llms.txt index and tags): all say the `cf-mitigated` header is present on every Challenge Page type, `challenge` is its only ' +
      'valid value, and a challenge is text/html whatever was requested. B4 reads the header at any status before its heuristics; no verdict ' +
      'moved.',
    sources: [
      {
        repo: 'cloudflare/cloudflare-docs',
        path: 'src/content/docs/cloudflare-challenges/challenge-types/challenge-pages/detect-response.mdx',
        commit: '54e1de881cddb55e4dc9641b0cd26da1fb2c4eab',
        revision: 'docs site (unversioned)',
        commitDate: '2025-06-24',
        readOn: READ,
        newestBy:
          'no snapshot (the repository is 1.1 GB, over the fetch limit); the index holds 10 versions, and the stored published page (date ' +
          "2025-06-24) and two later copies of the live site carry the same rule; the commit date is the published page's date",
      },
    ],
  },
  rfc9727: {
    name: 'api-catalog well-known URI',
    version: 'RFC 9727 (draft-ietf-httpapi-api-catalog-08, with RFC 9264 linkset; RFC 8288 relation types)',
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://www.rfc-editor.org/rfc/rfc9727',
    note:
      'Read 2026-11-27: ietf-wg-httpapi/api-catalog draft-ietf-httpapi-api-catalog-latest.md at 5601ec5 ("version increment to 08", 2024-12-20), ' +
      'the -08 that became RFC 9727 (the RFC text itself is not stored): §2 GET /.well-known/api-catalog SHALL return the catalog and HEAD SHALL ' +
      'carry Link rel="api-catalog"; §3.1 "item" identifies an API, other relations carry metadata; §4.1 the catalog "MUST include hyperlinks to ' +
      'API endpoints"; §4.2 application/linkset+json, profile SHOULD; Appendix A uses service-desc, service-doc, service-meta and status (the ' +
      "API's own health). RFC 8288 §2.1 (from memory of the RFC, not re-read): a relation type is registered or, as an extension, a URI; RFC " +
      '3986 §3 URIs hold no braces. ' +
      "Moved for A1 (issue 28.8): an entry anchored at a site's home page whose only link is a service-doc on that site describes a website, not " +
      'an API, and a URI-template anchor is not a URI: neither counts as an API entry (partial when nothing else is; an advisory beside real ' +
      'APIs); a relation neither registered nor a URI, and a status link back at the catalog, are named.',
    sources: [
      {
        repo: 'ietf-wg-httpapi/api-catalog',
        path: 'draft-ietf-httpapi-api-catalog-latest.md',
        commit: '5601ec5',
        revision: 'draft-ietf-httpapi-api-catalog-08',
        commitDate: '2024-12-20',
        readOn: READ,
        newestBy:
          'snapshot log 2026-11-27: HEAD 5601ec5 is the -08 increment, no later commit (the draft became RFC 9727 in June 2025); the 2026-11-25 ' +
          'reading (05f0e654, -07) was older',
      },
    ],
  },
  rfc8414: {
    name: 'OAuth 2.0 Authorization Server Metadata',
    version: 'RFC 8414; OpenID Connect Discovery 1.0',
    kind: 'standard',
    checked: CATALOG,
    checkedHow: 'catalog',
    url: 'https://www.rfc-editor.org/rfc/rfc8414',
    note:
      'Not re-read on 2026-11-25 nor 2026-11-27 beyond its front matter (a published RFC of June 2018, stored as ietf.org/rfc/rfc8414; the ' +
      '2026-11-27 session spent its time on the drafts that moved); stays catalog. No verdict rests on a change here.',
    sources: [
      {
        repo: 'www.rfc-editor.org',
        path: '/rfc/rfc8414',
        commit: 'RFC 8414',
        revision: 'RFC 8414',
        commitDate: '2018-06',
        readOn: READ,
        newestBy:
          'a published RFC, not obsoleted (datatracker record: Proposed Standard, errata exist); only its front matter was read on 2026-11-27, ' +
          'A2 follows §2, §3 and §3.3 as the catalog recorded them',
      },
    ],
  },
  rfc9728: {
    name: 'OAuth 2.0 Protected Resource Metadata',
    version: "RFC 9728 (draft-ietf-oauth-resource-metadata, final editor's copy of 2024-10-15); MCP authorization 2025-06-18",
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://www.rfc-editor.org/rfc/rfc9728',
    note:
      'Read 2026-11-27: oauth-wg/draft-ietf-oauth-resource-metadata draft-ietf-oauth-resource-metadata.xml at 57f292a ("15-Oct-24"; repository ' +
      'HEAD d578057 of 2024-10-16 merges only IANA wording), the text that became RFC 9728 (the RFC itself is not stored): §2 resource REQUIRED, ' +
      'bearer_methods_supported "The empty array [] can be used to indicate that no Bearer methods are supported"; §3.2 "Parameters with zero ' +
      'values MUST be omitted from the response"; §3.3 resource identical to the identifier looked up. ' +
      'Moved for A3 (issue 28.9): empty arrays other than bearer_methods_supported are named in an advisory (verdict unchanged: an empty ' +
      'authorization_servers was already partial). The earlier §3.3 advisories hold.',
    sources: [
      {
        repo: 'oauth-wg/draft-ietf-oauth-resource-metadata',
        path: 'draft-ietf-oauth-resource-metadata.xml',
        commit: '57f292a',
        revision: 'RFC 9728 text (main)',
        commitDate: '2024-10-15',
        readOn: READ,
        newestBy: 'snapshot log 2026-11-27: the last commit touching the file; HEAD d578057 (2024-10-16) is a merge of IANA wording already in it',
      },
    ],
  },
  mcpServerCard: {
    name: 'MCP server cards and discovery',
    version:
      'experimental-ext-server-card at 8924e08 (2026-07-24): AI Catalog discovery (/.well-known/ai-catalog.json, entries of type ' +
      'application/mcp-server-card+json by url or inline data); v1 Server Card schema',
    kind: 'draft',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://github.com/modelcontextprotocol/experimental-ext-server-card/blob/main/docs/discovery.md',
    note:
      'Read on 2026-11-27 at 8924e08, the newest commit (the one read before, 08674227f9fa, is the copy a plain read_file returned and is not in ' +
      "the repository's history; the index's default copy of docs/discovery.md, 8fc395b2, is the May MCP Catalog text). docs/discovery.md: " +
      'clients fetch /.well-known/ai-catalog.json (SHOULD be application/ai-catalog+json), select entries whose type is ' +
      'application/mcp-server-card+json, each with identifier, type and exactly one of url or data (inline card); an entry need not repeat the ' +
      "card's human-readable fields (displayName optional); the card MAY live at any URI, <streamable-http-url>/server-card reserved, fetched " +
      'with Accept: application/mcp-server-card+json; CORS (incl. If-None-Match, Expose ETag), Cache-Control and ETag. Commit 1491bd2 ' +
      '(2026-07-20) removed the MCP Catalog and /.well-known/mcp/catalog.json. ' +
      'schema.ts/schema.json (last changed 92999cb, 2026-06-26): $schema required, exactly ' +
      'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json (date-versioned URLs invalid); name reverse-DNS with exactly ' +
      'one "/" (^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$, 3-200); version (no ranges, <=255); description (1-100); optional title, websiteUrl, ' +
      'repository {url, source}, icons[{src}], remotes[] {type streamable-http|sse, url (http(s) or {variable} template), headers, variables, ' +
      'supportedProtocolVersions}, _meta; objects open; cards do not enumerate primitives. ' +
      'Where the drafts disagree: displayName is optional in the MCP draft and the AI Catalog, required by ARD v0.91 §4.2 (A4 says so in an ' +
      'advisory; the AI catalog check follows ARD); specVersion is required by the AI Catalog, not by ARD v0.91 (A4 requires it only outside ' +
      'ard.json). ' +
      'Moved verdicts: cards are judged against the v1 schema (A4/schema-invalid), a card without remotes or declaring itself documentation-only ' +
      'is A4/no-remotes, a card found only through /.well-known/mcp/catalog.json is A4/removed-location (pass, with a finding naming ' +
      'ai-catalog.json); the fix guide publishes /.well-known/ai-catalog.json and a v1 card (no capabilities, no remotes[].authentication).',
    olderShapes: [
      '`/.well-known/mcp/catalog.json` (the MCP Catalog, removed by 1491bd2): read last, A4/removed-location (pass with a finding)',
      'entries naming their type in `mediaType` (before 3b2d974) and the older media type application/mcp-server+json: read, with a finding',
      '`/.well-known/mcp/server-card.json`, `/.well-known/mcp/server-card`, `server-cards.json` and `/.well-known/mcp.json` card locations (the ' +
        'draft calls a well-known card "not recommended")',
      'SEP-1649 `serverInfo` cards, `capabilities`/`tools` members and `remotes[].authentication`: read, named in advisories; the card is judged ' +
        'against the v1 schema',
    ],
    sources: [
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'docs/discovery.md',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        revision: 'main (untagged draft)',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy:
          "fetch snapshot: HEAD is 8924e08 (2026-07-24), the last of the file's commits in git log; the index holds 37 versions, none at a later " +
          'commit found (its default copy 8fc395b2 is the May text)',
      },
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'schema.ts',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        revision: 'main (untagged draft)',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy:
          "fetch snapshot HEAD; the file last changed in 92999cb (2026-06-26); schema.json read at the same commit; the index's copies (56ab90b) are older",
      },
      {
        repo: 'modelcontextprotocol/experimental-ext-server-card',
        path: 'examples/ServerCard/valid/*.json, examples/ServerCard/invalid/*.json',
        commit: '8924e08682b4a936e6464b57845ec2ff17dc8776',
        revision: 'main (untagged draft)',
        commitDate: '2026-07-24',
        readOn: '2026-11-27',
        newestBy:
          'git ls-tree of the snapshot HEAD: valid/minimal, valid/templated-remote, invalid/bad-name-pattern, date-versioned-schema, ' +
          'missing-name, missing-schema, wrong-schema-name (invalid/with-packages.json, in the index, was removed by 56ab90b); each is a corpus ' +
          'variant (test/corpus/sites/newest-discovery.ts)',
      },
    ],
  },
  a2a: {
    name: 'A2A agent card',
    version: 'A2A 1.0.1 (release of 2026-05-28; a2a.proto at cfc9d34b): supportedInterfaces[] {url, protocolBinding, protocolVersion}; 0.3 cards still read',
    kind: 'standard',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://a2a-protocol.org/latest/specification/',
    note:
      "Re-read 2026-11-27 at the newest commits (snapshot of a2aproject/A2A, HEAD 16ba5269 of 2026-08-18, newer than the index's stored " +
      'a2a.proto ce7650b0 of 2026-02-17): release v1.0.1 (2026-05-28: application/a2a+json preferred in the HTTP binding, transcoding error ' +
      'changes, TaskStatus values); since then a2a.proto changed twice (cd87b934: `tenant` is an opaque routing value clients MUST copy into ' +
      'requests; cfc9d34b: a GRPC AgentInterface.url is "hostname:port", https is for HTTP-based bindings) and the specification text only in ' +
      'wording. The JSON schema is no longer committed (specification/json/README.md: a2a.json is a non-normative build artifact of the proto). ' +
      'Text: the card is at https://{domain}/.well-known/agent-card.json; AgentCard REQUIRED name, description, supportedInterfaces (ordered, ' +
      '"the first entry is preferred"), version, capabilities, defaultInputModes, defaultOutputModes, skills, and it has no top-level url; ' +
      'AgentProvider REQUIRED url and organization (also in the 0.3.0 JSON schema); AgentInterface REQUIRED url, protocolBinding (JSONRPC, GRPC, ' +
      'HTTP+JSON, or a custom binding URI), protocolVersion ("0.3", "1.0": Major.Minor, patch SHOULD NOT be used, §3.6); clients select the ' +
      'first supported interface (§8.3.2). HTTP+JSON (§11): GET /tasks/{id}, errors as google.rpc.Status with ErrorInfo reason TASK_NOT_FOUND ' +
      '(404), domain a2a-protocol.org (§11.6); 0.3 used /v1/tasks/{id}. ' +
      "What moved in A5: the live probe speaks the selected interface's binding (JSON-RPC POST of an unknown method; HTTP+JSON GET of a task " +
      'that does not exist), a 1.0 card is read from supportedInterfaces[] only (a leftover top-level url is named, never probed or counted), ' +
      'protocolVersion values must be A2A versions (an MCP revision date is not), provider needs organization and url, a GRPC interface may be ' +
      'host:port, and a card whose interfaces are all gRPC or custom bindings, or that came through a redirect to another site, is unmeasured ' +
      '(A5/endpoint-unmeasured) rather than passed unprobed; a card served as application/a2a+json (§14.1.1) gets no content-type advisory. ' +
      'Examples reproduced as corpus rows: §8.5 sample card, §4.6.1 extension example, §5.8/§12.7 custom binding.',
    olderShapes: [
      'A2A 0.2/0.3 cards with a top-level `url` (0.3: pass with an advisory; ≤0.2 or /.well-known/agent.json: partial)',
      'empty skills or default modes in a 0.3 card (the 0.3.0 schema allowed them)',
      'gRPC interface URLs written as https:// URLs (the 1.0.0 proto example)',
    ],
    sources: [
      {
        repo: 'a2aproject/A2A',
        path: 'specification/a2a.proto',
        commit: 'cfc9d34bc41e368827eb6446d31f912e44f795c5',
        revision: 'main (after v1.0.1)',
        commitDate: '2026-07-21',
        readOn: '2026-11-27',
        newestBy: "fetch snapshot: git log of the file, HEAD 16ba5269 (2026-08-18); the index's stored version ce7650b0 (2026-02-17, 78 versions) is older",
      },
      {
        repo: 'a2aproject/A2A',
        path: 'docs/specification.md',
        commit: '1eb4aa03b07589d3a00ce7deab0dde679120ed30',
        revision: 'main (after v1.0.1)',
        commitDate: '2026-08-14',
        readOn: '2026-11-27',
        newestBy: 'fetch snapshot: git log of the file (HEAD 16ba5269 of 2026-08-18); tags: v1.0.1 (3303592, 2026-05-28) is the newest release',
      },
    ],
  },
  agentSkills: {
    name: 'Agent skills discovery',
    version:
      'Agent Skills Discovery v0.2.0 (cloudflare/agent-skills-discovery-rfc README at 1bd1167; agentskills.io Well-Known URI page, PR #380 at ' +
      '3bd8446): `$schema` + type/url/digest entries, optional per-entry `version`; agentskills.io SKILL.md',
    kind: 'draft',
    checked: '2026-11-27',
    checkedHow: 'read',
    url: 'https://agentskills.io/well-known-uri',
    note:
      'Re-read 2026-11-27 at the newest commits. agentskills/agentskills docs/well-known-uri.mdx lives only on PR #380 (refs/pull/380/head ' +
      '3bd8446, 2026-06-10, "soften immutability requirement"); main (69ef37e, 2026-08-09) has no such file, so the page is a proposal of the ' +
      'agentskills.io maintainers, not merged text. Since the 2026-11-25 reading (08cd5a47, not in the snapshot): an optional per-entry ' +
      '`version` (a semantic version of the artifact), versioned index snapshots at /.well-known/agent-skills/v{version}/index.json with a ' +
      'versions.json list (publishers SHOULD treat them as immutable, a trust-based convention), a client lockfile pattern. Unchanged: `$schema` ' +
      '(exact URI, opaque), name/type/description/url/digest required, "unrecognized or absent $schema: warn and do not process", skip ' +
      'unrecognised types, clients MUST verify digests, servers MUST answer 404 for missing skills. ' +
      'cloudflare/agent-skills-discovery-rfc README.md at 1bd1167 (2026-03-24, v0.2.0 "updated 2026-03-12"): the same index; it differs on an ' +
      'absent `$schema` ("clients SHOULD treat the index as v0.1.0"); A6 is partial either way. Its examples/ (Astro, CGI, Next.js, TanStack ' +
      'generators) all emit `{$schema, skills: [{name, type: "skill-md", description, url: /.well-known/agent-skills/{dir}/SKILL.md, digest}]}`, ' +
      'and `skills: []` when there is no skills folder. agentskills docs/specification.mdx at 217be54 (2026-08-04): SKILL.md name/description ' +
      'constraints unchanged. ' +
      'What moved in A6: a non-semver per-entry `version` is an advisory; an artifact download that could not be made (DNS failure, connection ' +
      'refused, host budget) is unmeasured (A6/artifact-unmeasured), never "not served"; the matched label names the index\'s $schema state from ' +
      'the parse; two entries naming one URL are one download. Examples reproduced as corpus rows: the index example (skill-md + archive), the ' +
      "versioned entry, the generator's empty index.",
    olderShapes: [
      'the February 2026 draft (`version` + `files[]` of {path, digest})',
      'v0.1.0 at /.well-known/skills/index.json (partial)',
      'indexes with an unknown `$schema` URL: declared url/type/digest (or a bare `sha256`) still read to show what is there, but partial ' +
        '(`A6/unknown-schema`), since clients stop at such an index',
    ],
    sources: [
      {
        repo: 'agentskills/agentskills',
        path: 'docs/well-known-uri.mdx',
        commit: '3bd84461c18229c856fa2ebe54799d9484166f39',
        revision: 'pull/380 (unmerged)',
        commitDate: '2026-06-10',
        readOn: '2026-11-27',
        newestBy:
          'fetch snapshot: git log --all of the file (7 commits, newest on refs/pull/380/head; main 69ef37e of 2026-08-09 lacks the file); the ' +
          'index holds 7 versions, its listed one e582259c (2026-03-16) is the first',
      },
      {
        repo: 'cloudflare/agent-skills-discovery-rfc',
        path: 'README.md',
        commit: '1bd1167983fa5ac9cd47987710c525308eda1a98',
        revision: 'main',
        commitDate: '2026-03-24',
        readOn: '2026-11-27',
        newestBy: "fetch snapshot: HEAD 1bd1167 is the newest commit of the repository; the index's stored README (366ad374) is its parent",
      },
      {
        repo: 'agentskills/agentskills',
        path: 'docs/specification.mdx',
        commit: '217be548739f21d6008915c29aefe320ea1a90af',
        revision: 'main',
        commitDate: '2026-08-04',
        readOn: '2026-11-27',
        newestBy: 'fetch snapshot: git log of the file on main (HEAD 69ef37e, 2026-08-09)',
      },
    ],
  },
  webmcp: {
    name: 'WebMCP',
    version:
      'W3C WebML CG draft, index.bs at 0b676d2 (2026-06-24): document.modelContext.registerTool() returning a promise, options signal/exposedTo, ' +
      'policy-controlled feature "tools"',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://webmachinelearning.github.io/webmcp/',
    note:
      'Read 2026-11-27: webmachinelearning/webmcp index.bs at 0b676d2 (2026-06-24; the text last changed in bc93f03, 2026-06-17). ModelContext ' +
      'has registerTool(tool, options) → Promise<undefined> (ec37ec4, 2026-06-08) and ontoolchange only: provideContext() and clearContext() ' +
      'were removed (fe84c67, 2026-03-05), unregisterTool() replaced by the `signal` option (6708e33, 2026-03-26), no getTools(). registerTool() ' +
      'rejects with NotAllowedError when the document is not allowed to use the policy-controlled feature "tools" (default allowlist \'self\'), ' +
      'and with SecurityError when the agent cluster is not origin-keyed (4733c27, 2026-06-05: document.domain enabled, i.e. ' +
      'Origin-Agent-Cluster: ?0). The declarative section is a TODO. ' +
      'Confirmed in Chromium 156 (--enable-features=WebMCP) on a loopback page, 2026-11-27: tools=() and an allowlist without the page reject ' +
      'with NotAllowedError, Origin-Agent-Cluster: ?0 with SecurityError, tools=(self) registers; provideContext, clearContext and ' +
      'unregisterTool are undefined; getTools exists (not in the draft). ' +
      'Moved for A7: a page that registers tools but whose Permissions-Policy leaves it out of `tools`, or that sends Origin-Agent-Cluster: ?0, ' +
      'is partial (A7/policy-disabled, A7/origin-agent-cluster-off); provideContext() alone is partial (A7/provide-context-removed, it passed ' +
      'before); calls of removed methods are named; the guide shows `Permissions-Policy: tools=(self)`.',
    olderShapes: [
      'navigator.modelContext (deprecated in Chrome 150, removed in 152): partial, with a deprecation finding',
      'provideContext({tools}): partial (removed from the draft 2026-03-05, absent from Chromium 156)',
    ],
    sources: [
      {
        repo: 'webmachinelearning/webmcp',
        path: 'index.bs',
        commit: '0b676d2',
        revision: 'CG draft (main)',
        commitDate: '2026-06-24',
        readOn: READ,
        newestBy:
          "snapshot log 2026-11-27: HEAD 0b676d2, the newest commit (index.bs last changed in bc93f03, 2026-06-17); the index's stored copy is " +
          '78ae4d7 (2026-02-10), older',
      },
    ],
  },
  openapi: {
    name: 'OpenAPI description',
    version: 'OpenAPI 3.2 (3.2.0 of 2025, text of 3.2.1 read; 3.0 and 3.1 still read) and Swagger 2.0; RFC 8631 service-desc',
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://spec.openapis.org/oas/latest.html',
    note:
      'Read on 2026-11-25: OAI/OpenAPI-Specification versions/3.2.1.md at 0dabe3fd (the 3.2 line; patch versions do not change the feature set ' +
      'and tooling SHOULD NOT distinguish them): OpenAPI Object (`openapi` REQUIRED, at least one of components, paths or webhooks; new ' +
      '`$self`), Path Item Object (new fixed field `query` for RFC 10008 QUERY and the `additionalOperations` map keyed by the method as sent, ' +
      'which MUST NOT repeat a fixed field), entry document RECOMMENDED to be named openapi.json or openapi.yaml; the stored versions/3.2.0.md ' +
      'at 009c5c92 is an early draft, not the release. ' +
      'Media types: draft-ietf-httpapi-rest-api-mediatypes-09 (23 May 2026) registers application/openapi+json and application/openapi+yaml ' +
      '(abstract read). RFC 8631 was not re-read (service-desc). ' +
      'Checked again 2026-11-27 against the repository snapshot (see sources): 3.2.1 is still the newest release, nothing moved. A8 already ' +
      'accepted any 3.x `openapi`; its operation count (and M3/M5, which read operations) now includes `query` and `additionalOperations`, its ' +
      'Accept names application/openapi+yaml, and a 3.1+ document without paths is said to be valid but to describe no callable operation (still ' +
      'partial). The fix guide keeps writing 3.1.0, which current generators read widely.',
    olderShapes: [
      'OpenAPI 3.0 and 3.1 documents (pass)',
      'Swagger 2.0 (pass, with an advisory)',
      'documents served as application/json, application/vnd.oai.openapi(+json) or YAML types',
    ],
    sources: [
      {
        repo: 'OAI/OpenAPI-Specification',
        path: 'versions/3.2.1.md',
        commit: '0dabe3fd',
        revision: 'v3.2.1',
        commitDate: '2026-08-13',
        readOn: READ,
        newestBy:
          'snapshot 2026-11-27: 0dabe3fd "Make the v3.2.1 official" is the newest commit touching versions/; v3.2-dev (HEAD b74769cf, ' +
          '2026-08-21) changed src/oas.md only in formatting (52515e5b); v3.3-dev is unreleased. Nothing moved for A8.',
      },
    ],
  },
  authMd: {
    name: 'auth.md',
    version:
      'workos/auth.md v0.7.0 (CHANGELOG 2026-06-12): identity_endpoint, claim_endpoint, events_endpoint; anonymous, identity_assertion (ID-JAG), service_auth',
    kind: 'convention',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://workos.com/auth-md/docs/auth-md',
    olderShapes: [
      'the v0.1.0 walkthrough (2026-05-21): `register_uri`/`claim_uri` at /agent/auth, `verified_email` assertions, `requested_credential_type`: ' +
        'still read as registration pointers',
    ],
    note:
      'Read on 2026-11-27: workos/auth.md CHANGELOG.md at 11fa0146 (index; v0.1.0 of 2026-05-21 to v0.7.0 of 2026-06-12) and AUTH.md at 0910d093 ' +
      '(2026-05-28; the snapshot head and the copy a plain read returns). The protocol moved after 0910d093: v0.2.0 renamed /agent/auth to ' +
      '/agent/identity and the agent_auth members register_uri/claim_uri/revocation_uri to identity_endpoint/claim_endpoint/events_endpoint, ' +
      'added RFC 8414 top-level fields (issuer, token_endpoint, revocation_endpoint, grant_types_supported) and the token exchange at ' +
      '/oauth2/token (jwt-bearer), and dropped requested_credential_type; v0.4.0 made the claim an RFC 8628-shaped user_code ceremony polled at ' +
      'the token endpoint (claim grant urn:workos:agent-auth:grant-type:claim); v0.6.0 moved the email path to the `service_auth` type ' +
      '(login_hint) and dropped verified_email. ' +
      'Re-read on 2026-11-29 (issue 37): README.md and AUTH.md at 0910d093 call AUTH.md a template and require no heading, so A9 no longer gives ' +
      'partial to a full guide whose H1 is not "auth.md": it passes a document that points at the OAuth metadata and describes registration, or ' +
      'whose H1 names auth.md (A9/no-heading became A9/not-a-guide). ' +
      "A9 also reads `identity_endpoint` as a registration pointer. Its fix guide taught the v0.1.0 shape and now writes v0.7.0's. AUTH.md " +
      'itself has 6 stored versions whose newest commit could not be surfaced (find_files and a plain read give 0910d093): the CHANGELOG is the ' +
      'newest text read.',
    sources: [
      {
        repo: 'workos/auth.md',
        path: 'CHANGELOG.md',
        commit: '11fa0146ea5d7630df91177b2d451e97d6e6dc92',
        revision: 'v0.7.0',
        commitDate: '2026-06-12',
        readOn: READ,
        newestBy:
          'index: CHANGELOG.md (3 versions) at 11fa0146 ends at v0.7.0 (2026-06-12), absent from the snapshot, whose log stops at 0910d093 ' +
          '(2026-05-28); its entries describe every AUTH.md change since',
      },
      {
        repo: 'workos/auth.md',
        path: 'AUTH.md (and README.md)',
        commit: '0910d0930ba631ec4332ca0e13eec0afc10d3088',
        revision: 'v0.1.0 walkthrough (before v0.2.0)',
        commitDate: '2026-05-28',
        readOn: READ_37,
        newestBy:
          'snapshot log of AUTH.md ends at f407cfc (2026-05-27), head 0910d093 (2026-05-28); the index holds 6 versions but names only 0910d093: ' +
          'superseded by the CHANGELOG above, kept as the last walkthrough read in full',
      },
    ],
  },
  aiCatalog: {
    name: 'AI catalog / Agentic Resource Discovery',
    version:
      'ARD v0.91 (ard.md dated 2026-08-26, commit 04afa6cb0301): /.well-known/ard.json and rel="ard"; a manifest needs only entries[] of ' +
      'identifier, displayName, type, url or data; AI Card catalogs still read',
    kind: 'draft',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://github.com/ards-project/ard-spec/blob/main/spec/ard.md',
    olderShapes: [
      '`/.well-known/ai-catalog.json` and `rel="ai-catalog"` (ARD v0.9 and the AI Catalog): found after the current names, `A10/legacy-location` ' +
        '(pass, with an advisory to move)',
      'manifests with `specVersion` and `host` (ARD v0.9, the AI Catalog, ai-catalog.schema.json): read; neither is required any more',
    ],
    note:
      'Re-read on 2026-11-27. ards-project/ard-spec spec/ard.md v0.91 (commit 04afa6cb0301, its text dated 2026-08-26): §4.2 an ARD entry MUST ' +
      'carry identifier (urn:air, Appendix C), displayName, type (a media type) and exactly one of url or data (§4.3); representativeQueries ' +
      'SHOULD (2-5, a conformance warning); §5.1 the manifest at /.well-known/ard.json "is a JSON document with an entries array", "any other ' +
      'top-level members are transport-defined and ignored"; consumers MUST fetch ard.json and honour rel="ard", MAY consult the predecessor ' +
      '/.well-known/ai-catalog.json and rel="ai-catalog"; Agentmap and <link rel="ard"> are publishing mechanisms. Appendix D names ' +
      'spec/schemas/ard-entry.schema.json (ArdEntry, ArdManifest), which the index does not hold; a third-party copy vendored at b76f235a ' +
      'asserts ArdManifest.required == ["entries"] and ArdEntry.required == identifier, displayName, type. ' +
      'So A10 no longer requires specVersion or host (host.identifier never was required: issue 28.5); a missing specVersion is an advisory ' +
      "naming who requires it (the AI Catalog, Agent-Card/ai-catalog specification/ai-catalog.md, and Lighthouse's ARD port with " +
      'ai-catalog.schema.json). The AI Catalog makes entry displayName optional where ARD requires it: A10 follows ARD and says so. ' +
      'Lighthouse disagrees with itself (read 2026-11-25: docs page vs core/gather/gatherers/agentic/ard.js reading only Agentmap, ' +
      'rel="ai-catalog" and ai-catalog.json; re-read 2026-11-29: that gatherer exists only on branches, agentic-resource-discovery at 0a1d9e0c01 ' +
      'of 2026-08-06, ard-conformance-sync and ard-smoke-tests, not on main f8eac394 nor in v13.4.1, so A10 no longer calls it shipped) and with ' +
      "ARD's Agentmap: its SEO robots-txt audit (core/audits/seo/robots-txt.js, main f8eac39 of 2026-08-20, unchanged since 83f1c6f of " +
      '2026-06-18) throws "Unknown directive" for agentmap (the safelist has content-signal; a branch commit b0bb2d9 adds license, not ' +
      'agentmap). A10 says so whenever a robots.txt names an Agentmap, and its guide names the catalog with <link rel="ard"> or a Link header ' +
      'and serves the same file at ai-catalog.json (where MCP clients and the branch gatherer look) instead of an Agentmap line.',
    sources: [
      {
        repo: 'ards-project/ard-spec',
        path: 'spec/ard.md',
        commit: '04afa6cb03012020afc89a41d51b891bc5c5e7b6',
        revision: 'v0.91',
        commitDate: '2026-08-26',
        readOn: '2026-11-27',
        newestBy:
          'the fetch snapshot ends at 5fa2f5a (2026-07-15, text v0.91 of July 23 not yet in it); the index holds 18 versions: find_string on the ' +
          'title finds v0.5, v0.9 (2026-05-28), v0.91 dated July 23 and this v0.91 dated August 26, the newest header found (commitDate is the ' +
          "text's own date)",
      },
      {
        repo: 'ards-project/ard-spec',
        path: 'conformance/examples/{basic,fda-ndc,local-business,noaa-weather}/*.json',
        commit: '5fa2f5a',
        revision: 'main',
        commitDate: '2026-07-15',
        readOn: '2026-11-27',
        newestBy:
          'snapshot HEAD; each is a corpus variant (test/corpus/sites/newest-discovery.ts, ard-example-*); the index lists more examples ' +
          '(gentech-x402, nevermined, scan-attestation) whose place at the newest commit could not be established',
      },
      {
        repo: 'Agent-Card/ai-catalog',
        path: 'specification/ai-catalog.md',
        commit: 'be6803f6fb60a57417364c05a452ab5ef53a1d8d',
        revision: 'main',
        commitDate: '2026-04-30',
        readOn: '2026-11-27',
        newestBy:
          "the index's listed version (14 stored); the fetch snapshot ends 2026-04-30 and does not hold it, so commitDate is a lower bound: the " +
          'commit is later than that date',
      },
      {
        repo: 'GoogleChrome/lighthouse',
        path: 'core/audits/seo/robots-txt.js',
        commit: 'f8eac394a68b90109078bba44cafbec7ceb9026a',
        revision: 'main (after v13.4.1)',
        commitDate: '2026-08-20',
        readOn: '2026-11-27',
        newestBy:
          'fetch snapshot: main HEAD f8eac39; git log of the file on main ends at 83f1c6f (2026-06-18); git log --all shows b0bb2d9 (2026-08-07, ' +
          'adds license, off main); the index holds 5 versions',
      },
      {
        repo: 'GoogleChrome/lighthouse',
        path: 'core/gather/gatherers/agentic/ard.js',
        commit: '0a1d9e0c0190b0ae75536732e32eda227ffe2ab8',
        revision: 'branch agentic-resource-discovery (not on main, in no tag)',
        commitDate: '2026-08-06',
        readOn: READ_37,
        newestBy:
          'snapshot: git log --all of the file has this one commit, on branches agentic-resource-discovery, ard-conformance-sync and ' +
          'ard-smoke-tests; not an ancestor of main f8eac394; git tag --contains names no tag (v13.4.1 is the newest tag)',
      },
    ],
  },
  aria: {
    name: 'WAI-ARIA and accessible names (axe-core rules)',
    version: "WAI-ARIA 1.2 (Recommendation); AccName 1.2; WAI-ARIA 1.3 editor's draft noted",
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://www.w3.org/TR/wai-aria-1.2/',
    note:
      "Looked for on 2026-11-27: w3c/aria index.html is now the WAI-ARIA 1.3 editor's draft (shortName wai-aria-1.3, specStatus ED), newest " +
      'commit 37b9d2b8 (2026-08-20, formatting; the commits before it are affiliation and comma fixes). 1.3 is not a Recommendation; A11 keeps ' +
      "judging names and valid ARIA through axe-core's rules, which follow 1.2. No verdict moved.",
    sources: [
      {
        repo: 'w3c/aria',
        path: 'index.html',
        commit: '37b9d2b8b9c7ba3ff24060d3367377d64dabef64',
        revision: "WAI-ARIA 1.3 editor's draft",
        commitDate: '2026-08-20',
        readOn: READ,
        newestBy: 'snapshot log of index.html: 37b9d2b8 (2026-08-20) is the newest commit; it is the 1.3 draft, the 1.2 Recommendation is unchanged',
      },
    ],
  },
  ucp: {
    name: 'Universal Commerce Protocol',
    version: 'UCP 2026-08-25 (latest release, tag v2026-08-25 = cd78fb38e819); 2026-04-08, 2026-01-23 and 2026-01-11 profiles still read',
    kind: 'draft',
    checked: READ_37,
    checkedHow: 'read',
    url: 'https://ucp.dev/latest/specification/overview/',
    note:
      'Re-read by release tag on 2026-11-29. The snapshot of Universal-Commerce-Protocol/ucp is tagged v2026-01-11, v2026-01-23 and v2026-04-08 ' +
      '(a2d8bf0b, 2026-05-22) and its main ends at fdcf8934 (2026-08-22, "fix!: Clean up transition & deprecated schema in preparation of a ' +
      'version cut"). ' +
      'The release cut from it, tag v2026-08-25 (commit cd78fb38e819de77d9b527d110476eccb876f1bd, published and marked latest on 2026-08-25), is ' +
      'in no snapshot: several independent records in the index pin it (vendored schema provenance, a standards pinning table, release-gap ' +
      'ledgers), and none names a later tag. ' +
      'Its overview (the main text of fdcf8934, read in the snapshot) keeps the business profile at /.well-known/ucp with ucp.version, ' +
      'ucp.services (each binding versioned) and ucp.payment_handlers required and ucp.capabilities optional, a top-level keys[] JWK Set beside ' +
      'ucp, and the hosting rules (HTTPS, Cache-Control public with max-age >= 60, no redirects). ' +
      'Moved: the M1 guide writes version 2026-08-25 (UCP_LATEST); M1/no-payment-handlers says required since 2026-04-08. Verdicts: none moved ' +
      '(profiles of 2026-04-08 pass as before; keys[] is not judged).',
    olderShapes: [
      '2026-01-11 nested profile with one object per service (`rest`/`mcp` sub-objects) and per capability: read, advisory only',
      "top-level `protocol_version`/`services`/`capabilities`/`endpoints` (pre-launch drafts, the reference scanner's prompt): read, advisory only",
    ],
    sources: [
      {
        repo: 'Universal-Commerce-Protocol/ucp',
        path: 'docs/specification/overview/index.md (tag v2026-08-25)',
        commit: 'cd78fb38e819de77d9b527d110476eccb876f1bd',
        revision: 'v2026-08-25',
        commitDate: '2026-08-25',
        readOn: READ_37,
        newestBy:
          "not in the snapshot (tags end at v2026-04-08, main at fdcf8934 of 2026-08-22, the cut's preparation, whose text was read); the tag " +
          'and commit are pinned by independent records in the index (find_string cd78fb38), none names a later release',
      },
      {
        repo: 'Universal-Commerce-Protocol/ucp',
        path: 'docs/specification/overview/index.md',
        commit: 'fdcf8934d1b6bfaf54d4d80e66db00f2ba67fad1',
        revision: 'main (2026-08-22)',
        commitDate: '2026-08-22',
        readOn: READ_37,
        newestBy: 'snapshot: main HEAD fdcf8934 (the overview last changed in d25cce30 the same day); index row d9aecfa7 (2026-08-22, another branch)',
      },
    ],
  },
  acp: {
    name: 'Agentic Commerce Protocol',
    version: 'ACP discovery RFC (proposal, unreleased; 2026-04-16 revision with carts); API versions up to 2026-04-17',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://agenticcommerce.dev',
    note:
      'Read on 2026-11-27: agentic-commerce-protocol/agentic-commerce-protocol rfcs/rfc.discovery.md at 7641c71 (2026-04-16, "Add Cart ' +
      'Capability"; status Proposal) and the DiscoveryResponse schema of spec/2026-04-17 (json-schema/schema.agentic_checkout.json, last changed ' +
      '6b828681 on 2026-05-01). The bc4d5d0 cited on 2026-11-25 is a pull-request merge (2026-06-25) carrying an older text of the file (the ' +
      'pre-2026-03-16 "platform" wording); main\'s newest is 7641c71. ' +
      'Moved: the closed `capabilities.services` enum is checkout, orders, delegate_payment and carts (carts added 2026-04-16, in the 2026-04-17 ' +
      'schema); M2 read "carts" as outside the enum (partial) and now passes it. Held as before: transports rest|mcp with rest required, ' +
      'supported_versions oldest first ending with protocol.version, extensions[] entries named, intervention_types ' +
      '3ds|biometric|address_verification, Cache-Control public, max-age=3600 (SHOULD).',
    sources: [
      {
        repo: 'agentic-commerce-protocol/agentic-commerce-protocol',
        path: 'rfcs/rfc.discovery.md',
        commit: '7641c71',
        revision: 'main (proposal)',
        commitDate: '2026-04-16',
        readOn: READ,
        newestBy:
          'snapshot log of the path on main: 7641c71 (2026-04-16) is the newest; index: 4 versions, row bc4d5d09, a PR merge of 2026-06-25 whose ' +
          'file is older text (diffed); snapshot head c2afc86 (2026-06-15)',
      },
      {
        repo: 'agentic-commerce-protocol/agentic-commerce-protocol',
        path: 'spec/2026-04-17/json-schema/schema.agentic_checkout.json',
        commit: '6b828681206f1f98a3faba978610ced66770d2ae',
        revision: '2026-04-17',
        commitDate: '2026-05-01',
        readOn: READ,
        newestBy: 'snapshot log of the path: 6b828681 is the newest; 2026-04-17 is the newest released API version (spec/ also has unreleased/)',
      },
    ],
  },
  x402: {
    name: 'x402 payments',
    version: 'x402 v2 (x402-foundation/x402, HTTP transport v2); v1 still read',
    kind: 'convention',
    checked: READ,
    checkedHow: 'read',
    url: 'https://x402.org',
    note:
      'Read on 2026-11-27: x402-foundation/x402 specs/transports-v2/http.md at df8a8c51 (the index row of 6 versions; no snapshot of the ' +
      'foundation repository can be had), whose text is identical to coinbase/x402 aeef1bff (2026-03-05, "Custom settlement failures ' +
      'responses"), the newest commit of the file in the coinbase/x402 snapshot (head 2026-04-21, "bump main to match foundation repo"): 402 ' +
      'with a PAYMENT-REQUIRED header carrying base64 JSON {x402Version: 2, error, resource, accepts[{scheme, network, amount, asset, payTo, ' +
      'maxTimeoutSeconds, extra}]}; bodies are a server concern; PAYMENT-RESPONSE also on a failed settlement (402). Matches M3. ' +
      'Correction: specs/extensions/well-known-discovery.md (the /.well-known/x402.json manifest M3 knocks through) is not merged: it comes from ' +
      'pull request #2646, opened 2026-06-16 and marked "do not merge yet - for discussion" (the index holds its branch), so neither the ' +
      'manifest nor "served by the middleware by default" is part of x402. M3 still reads the manifest only to choose URLs to knock on, and ' +
      'passes only on a real 402; its comments now say it is a proposal. Not adopted: bazaar discovery through a facilitator.',
    olderShapes: ['x402 v1: 402 JSON body {x402Version: 1, accepts[{maxAmountRequired, resource, ...}]}, paid with X-PAYMENT'],
    sources: [
      {
        repo: 'x402-foundation/x402',
        path: 'specs/transports-v2/http.md',
        commit: 'df8a8c5138b71d12df99772a847925d5fe89b490',
        revision: 'main (transports-v2)',
        commitDate: '2026-03-05',
        readOn: READ,
        newestBy:
          'index: 6 versions, row df8a8c51; no foundation snapshot; its text equals coinbase/x402 aeef1bff (2026-03-05), the newest commit of ' +
          "the path in that snapshot (head 2026-04-21), so the date is aeef1bff's",
      },
    ],
  },
  ap2: {
    name: 'Agent Payments Protocol (AP2)',
    version: 'AP2 v0.2 (2026-04-28): no normative A2A binding; samples declare https://github.com/google-agentic-commerce/ap2/v1',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://ap2-protocol.org',
    olderShapes: ['the v0.1 A2A extension (tree/v0.1 with params.roles, docs/a2a-extension.md until 2026-04-28): read; without roles still partial'],
    note:
      'Read on 2026-11-27: google-agentic-commerce/AP2 at b4587ac ("Release Ap2 v0.2", 2026-04-28): docs/a2a-extension.md, the only text that ' +
      'defined the A2A extension (uri .../ap2/tree/v0.1, params.roles MUST), was deleted; docs/ap2/specification.md (roles, mandates, extension ' +
      'points toward UCP) defines no A2A binding; the sample agent cards (code/samples/python/src/roles/*/agent.json) declare uri ' +
      'https://github.com/google-agentic-commerce/ap2/v1 with required: true and no params, and public implementations use the same URI. ' +
      'Moved: a card declaring ap2/v1 without params was partial (M4/no-roles) and now passes (M4/declared); the fix guide writes ap2/v1 ' +
      '(keeping params.roles, harmless to v0.2 readers). A tree/v0.1 declaration without roles stays partial, as that text required them. The ' +
      'index holds docs/ap2 versions not in the snapshot (e.g. agent_authorization.md at 93c1e175, pqc_zkp_credential_binding.md at 044d73b3, ' +
      "from forks or pull requests); specification.md's row aca8c7d7 is the v0.2 release commit.",
    sources: [
      {
        repo: 'google-agentic-commerce/AP2',
        path: 'code/samples/python/src/roles/merchant_agent/agent.json',
        commit: 'b4587ac1d055888a73b4b21750973cffba961793',
        revision: 'v0.2',
        commitDate: '2026-04-28',
        readOn: READ,
        newestBy:
          'snapshot log: b4587ac (v0.2 release) is the newest commit of the samples and of docs/ap2/specification.md; head e1ea56d (2026-04-29) ' +
          'removes a lock file; docs/a2a-extension.md deleted in b4587ac',
      },
      {
        repo: 'google-agentic-commerce/AP2',
        path: 'docs/ap2/specification.md',
        commit: 'aca8c7d749e5fb5bdea6b8bc75112fb1f3b56c13',
        revision: 'v0.2',
        commitDate: '2026-04-28',
        readOn: READ,
        newestBy: 'index: 11 versions, row aca8c7d7, present in the snapshot as the v0.2 release commit; no later commit touches the path',
      },
    ],
  },
  mpp: {
    name: 'Machine Payments Protocol',
    version: 'draft-payment-discovery-01 (tempoxyz/mpp-specs)',
    kind: 'draft',
    checked: READ,
    checkedHow: 'read',
    url: 'https://mpp.dev',
    note:
      'Read on 2026-11-27: tempoxyz/mpp-specs specs/extensions/draft-payment-discovery-01.md at de8c090b (index, 2 versions), added by pull ' +
      'request #326 (merged; described 2026-08-21) which bumped -00 to -01 to add output schemas; the snapshot (head f9506cd, 2026-08-07) holds ' +
      'only -00, last changed 2f6bfce (2026-04-27, multiple offers). ' +
      '-01: GET /openapi.json (HTTPS, application/json; OpenAPI 3.x with info.title, info.version, paths); each payable operation MUST carry ' +
      'x-payment-info, one offer {intent charge|session, method, amount, currency?, description?} or {offers: [...]} (new documents SHOULD use ' +
      'offers; clients MUST read both), amount a base-unit digit string without leading zeros, or null; MUST declare a 402 response; ' +
      'x-service-info optional. New in -01: each payable operation SHOULD describe its successful responses with schemas, which are seller ' +
      'declarations, not payment terms. M5 unchanged (it judges the payment declarations, not output schemas).',
    olderShapes: [
      'single-offer shorthand `x-payment-info: {intent, method, amount}` (still valid per the draft)',
      'decimal or numeric amounts ("0.50", 50): read, advisory',
    ],
    sources: [
      {
        repo: 'tempoxyz/mpp-specs',
        path: 'specs/extensions/draft-payment-discovery-01.md',
        commit: 'de8c090b814eeb00687c5283dcdb143b78d3ea11',
        revision: 'draft-payment-discovery-01',
        commitDate: '2026-08-21',
        readOn: READ,
        newestBy:
          'index: -01 has 2 versions, row de8c090b; not in the snapshot (ends 2026-08-07, -00 only); dated by pull request #326, which ' +
          'introduced -01 (2026-08-21); no -02 in the index',
      },
    ],
  },
  schemaProduct: {
    name: 'schema.org Product / Offer',
    version: 'schema.org 30.0 (2026-03-19); Google product structured data',
    kind: 'standard',
    checked: READ,
    checkedHow: 'read',
    url: 'https://schema.org/Product',
    note:
      'Read on 2026-11-27: schemaorg/schemaorg data/schema.ttl at b3a81380 (2026-08-12) and versions.json (30.0 released 2026-03-19). The ' +
      'shopping changes since (f72e60b7, 2026-07-23: pending terms promoted) leave Product, Offer, offers, price, priceCurrency and availability ' +
      "as they were; cc71c8e0 (2026-08-20) removed `@type` coercion from the JSON-LD context file, which does not change how a block's own @type " +
      "is read. Google's product structured data page was not re-read. M6 unchanged, and so is the reading of JSON-LD blocks of any schema.org " +
      'type.',
    sources: [
      {
        repo: 'schemaorg/schemaorg',
        path: 'data/schema.ttl',
        commit: 'b3a813804ca1308d6d107f2edc720514d88e08d1',
        revision: 'main (after 30.0)',
        commitDate: '2026-08-12',
        readOn: READ,
        newestBy:
          'snapshot log of data/schema.ttl: b3a81380 is the newest commit; the snapshot head is cc71c8e0 (2026-08-20), which touches only the context file',
      },
    ],
  },
} as const satisfies Record<string, Standard>;

export type StandardId = keyof typeof STANDARDS;
