/**
 * Corpus variants of issue 27 (verdicts on the newest texts): MCP server cards discovered through
 * the AI Catalog (experimental-ext-server-card docs/discovery.md at 8924e08, 2026-07-24) by url and
 * by inline data, under ARD's name too; the removed /.well-known/mcp/catalog.json; each example file
 * of examples/ServerCard/{valid,invalid} at 8924e08 as a variant of our own (the defect each example
 * shows, in a card that is otherwise complete, so that defect decides); and the shapes of ARD's
 * conformance examples (ards-project/ard-spec conformance/examples at 5fa2f5a). No file's text is
 * copied: each site is ours, reproducing a shape.
 */
import type { Variant } from '../types.js';
import { json, page, text } from './shared.js';
import { mcpRoute } from '../../fixtures/sites.mjs';

const CARD_TYPE = 'application/mcp-server-card+json';
const SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const CORS = { 'access-control-allow-origin': '*' };
const AI_HEADERS = { ...CORS, 'content-type': 'application/ai-catalog+json' };
const DISCOVERY = 'modelcontextprotocol/experimental-ext-server-card docs/discovery.md at 8924e08 (2026-07-24, read 2026-11-27)';
const EXAMPLES = 'modelcontextprotocol/experimental-ext-server-card examples/ServerCard';
const ARD_TEXT = 'ards-project/ard-spec spec/ard.md v0.91 (commit 04afa6cb0301, dated 2026-08-26, read 2026-11-27)';
const ARD_EXAMPLES = 'ards-project/ard-spec conformance/examples (snapshot at 5fa2f5a, 2026-07-15)';

/** A v1 card (schema.ts at 8924e08) naming the fixture's own endpoint. */
const v1 = (origin: string, extra: Record<string, unknown> = {}) => ({
  $schema: SCHEMA,
  name: 'dev.corpus/tools',
  version: '1.0.0',
  description: 'Corpus tools',
  remotes: [{ type: 'streamable-http', url: `${origin}/mcp` }],
  ...extra,
});
const entry = (origin: string, extra: Record<string, unknown> = {}) => ({
  identifier: 'urn:air:corpus.dev:mcp:tools',
  type: CARD_TYPE,
  url: `${origin}/mcp/server-card`,
  ...extra,
});
const cardRoute = (card: unknown) => json(card, { ...CORS, 'content-type': CARD_TYPE });
/** A site whose AI Catalog names one card at <endpoint>/server-card, and whose endpoint answers MCP. */
const cardSite = (origin: string, card: unknown) => ({
  '/': page(),
  '/.well-known/ai-catalog.json': json({ specVersion: '1.0', entries: [entry(origin)] }, AI_HEADERS),
  '/mcp/server-card': cardRoute(card),
  '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
});

/** One variant per example file of examples/ServerCard at 8924e08 (each example's shape, in our own card). */
const serverCardExamples: Variant[] = [
  {
    name: 'server-card-example-valid-minimal',
    models: 'the minimal valid card: $schema, reverse-DNS name, version, description, and no remotes',
    site: ({ origin }) => cardSite(origin, { $schema: SCHEMA, name: 'dev.corpus/minimal', version: '1.0.0', description: 'Smallest card' }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/no-remotes' },
    source: `${EXAMPLES}/valid/minimal.json at 8924e08 (valid: the card reports no schema problem); remotes is optional in schema.ts, so the valid card names nothing to connect to: A4 asks for a remote, not a fix of the card`,
  },
  {
    name: 'server-card-example-valid-templated-remote',
    models: 'a valid card whose remote url is a {tenant} template with a default, headers (Authorization, secret) and supportedProtocolVersions',
    site: ({ origin }) => ({
      ...cardSite(origin, {
        $schema: SCHEMA,
        name: 'dev.corpus/with-remote',
        version: '2.1.0',
        description: 'Card with a templated remote',
        title: 'Corpus remote',
        websiteUrl: `${origin}/`,
        remotes: [
          {
            type: 'streamable-http',
            url: `${origin}/{tenant}/mcp`,
            headers: [
              { name: 'Authorization', isRequired: true, isSecret: true, value: 'Bearer {token}', variables: { token: { isRequired: true, isSecret: true } } },
            ],
            variables: { tenant: { isRequired: true, default: 'acme' } },
            supportedProtocolVersions: ['2025-06-18', '2025-11-25'],
          },
        ],
      }),
      '/acme/mcp': mcpRoute({ name: 'dev.corpus/with-remote', version: '2.1.0' }),
    }),
    expect: { A4: 'pass' },
    codes: { A4: 'A4/ok' },
    source: `${EXAMPLES}/valid/templated-remote.json at 8924e08 (valid); schema.ts Remote.url: variables in {curly_braces} are substituted from variables (their default) before the client connects`,
  },
  {
    name: 'server-card-example-invalid-bad-name-pattern',
    models: 'a card whose name has no "/" (not reverse-DNS namespace/server), otherwise complete',
    site: ({ origin }) => cardSite(origin, v1(origin, { name: 'no-slash-in-name' })),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/schema-invalid' },
    source: `${EXAMPLES}/invalid/bad-name-pattern.json at 8924e08; schema.ts name @pattern ^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$ (exactly one "/", SEP-2127); issue 28.4`,
  },
  {
    name: 'server-card-example-invalid-date-versioned-schema',
    models: 'a card whose $schema is the date-versioned URL (/schemas/2025-11-25/…), otherwise complete',
    site: ({ origin }) => cardSite(origin, v1(origin, { $schema: 'https://static.modelcontextprotocol.io/schemas/2025-11-25/server-card.schema.json' })),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/schema-invalid' },
    source: `${EXAMPLES}/invalid/date-versioned-schema.json at 8924e08; schema.ts $schema @pattern: only the /v1/ URL ("versioned by the vN segment rather than by date")`,
  },
  {
    name: 'server-card-example-invalid-missing-name',
    models: 'a card without a name (and without serverInfo), otherwise complete',
    site: ({ origin }) => {
      const { name: _, ...card } = v1(origin);
      return cardSite(origin, card);
    },
    expect: { A4: 'partial' },
    codes: { A4: 'A4/incomplete' },
    source: `${EXAMPLES}/invalid/missing-name.json at 8924e08; schema.ts: name is required (without it the card has no server identity)`,
  },
  {
    name: 'server-card-example-invalid-missing-schema',
    models: 'a card without $schema, otherwise complete',
    site: ({ origin }) => {
      const { $schema: _, ...card } = v1(origin);
      return cardSite(origin, card);
    },
    expect: { A4: 'partial' },
    codes: { A4: 'A4/schema-invalid' },
    source: `${EXAMPLES}/invalid/missing-schema.json at 8924e08; schema.ts: $schema is required`,
  },
  {
    name: 'server-card-example-invalid-wrong-schema-name',
    models: 'a card whose $schema names the removed registry server.schema.json, otherwise complete',
    site: ({ origin }) => cardSite(origin, v1(origin, { $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server.schema.json' })),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/schema-invalid' },
    source: `${EXAMPLES}/invalid/wrong-schema-name.json at 8924e08 (commit 56ab90b made the extension card-only)`,
  },
];

const discovery: Variant[] = [
  {
    name: 'mcp-ai-catalog-url-entry',
    models:
      'the AI Catalog at /.well-known/ai-catalog.json (application/ai-catalog+json) with one server-card entry by url (identifier, type, url: no displayName)',
    site: ({ origin }) => cardSite(origin, v1(origin)),
    expect: { A4: 'pass', A10: 'partial' },
    codes: { A4: 'A4/ok', A10: 'A10/incomplete' },
    source: `${DISCOVERY}: clients fetch /.well-known/ai-catalog.json and select entries of type ${CARD_TYPE}, each with identifier and url or data; A10 follows ${ARD_TEXT} §4.2, where displayName is required (the disagreement is said in A4's advisories)`,
  },
  {
    name: 'mcp-ai-catalog-inline-entry',
    models: 'the AI Catalog with a server-card entry whose card is inline in data',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ai-catalog.json': json(
        { specVersion: '1.0', entries: [{ identifier: 'urn:air:corpus.dev:mcp:tools', displayName: 'Corpus tools', type: CARD_TYPE, data: v1(origin) }] },
        AI_HEADERS,
      ),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass', A10: 'pass' },
    codes: { A4: 'A4/ok', A10: 'A10/legacy-location' },
    source: `${DISCOVERY}: "for an entry with data, use the inline Server Card"; ${ARD_TEXT} §5.1: ai-catalog.json is the predecessor path (A10/legacy-location)`,
  },
  {
    name: 'mcp-ard-url-entry',
    models: "the same catalog under ARD v0.91's name /.well-known/ard.json (entries only, no specVersion or host)",
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ard.json': json({ entries: [entry(origin, { displayName: 'Corpus tools', representativeQueries: ['find a tool', 'which spade'] })] }, CORS),
      '/mcp/server-card': cardRoute(v1(origin)),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass', A10: 'pass' },
    codes: { A4: 'A4/ok', A10: 'A10/ok' },
    source: `${ARD_TEXT} §5.1 (consumers MUST fetch /.well-known/ard.json; members beside entries are transport-defined) and §4.2; ${DISCOVERY} (the entry shape)`,
  },
  {
    name: 'mcp-ard-inline-entry',
    models: 'an ARD manifest at /.well-known/ard.json whose server-card entry carries the card inline',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ard.json': json(
        {
          specVersion: '1.0',
          entries: [
            {
              identifier: 'urn:air:corpus.dev:mcp:tools',
              displayName: 'Corpus tools',
              type: CARD_TYPE,
              data: v1(origin),
              representativeQueries: ['find a tool', 'which rake'],
            },
          ],
        },
        CORS,
      ),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass', A10: 'pass' },
    codes: { A4: 'A4/ok', A10: 'A10/ok' },
    source: `${ARD_TEXT} §4.3 (value or reference: url or data, exactly one); ${DISCOVERY}`,
  },
  {
    name: 'mcp-removed-catalog-location',
    models: 'a card found only through /.well-known/mcp/catalog.json, the MCP Catalog the draft removed',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/mcp/catalog.json': json({ specVersion: 'draft', entries: [entry(origin, { displayName: 'Corpus tools' })] }, CORS),
      '/mcp/server-card': cardRoute(v1(origin)),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A4: 'pass', A10: 'fail' },
    codes: { A4: 'A4/removed-location', A10: 'A10/missing' },
    source:
      'modelcontextprotocol/experimental-ext-server-card commit 1491bd2 (2026-07-20, "Use AI Catalog for Server Card discovery") removed the MCP Catalog; our decision: a card found there still counts (pass) with a finding naming /.well-known/ai-catalog.json; the MCP Catalog is no AI catalog for A10',
  },
  {
    name: 'mcp-card-documentation-only',
    models: 'a card that declares itself documentation-only (transport "documentation-only", no remotes)',
    site: () => ({
      '/': page(),
      '/.well-known/mcp/server-card.json': json(
        { $schema: SCHEMA, name: 'dev.corpus/docs', version: '1.0.0', description: 'Docs only', transport: 'documentation-only' },
        CORS,
      ),
    }),
    expect: { A4: 'partial' },
    codes: { A4: 'A4/no-remotes' },
    source: "issue 28.9 (judged as lacking remotes, not as a broken server); schema.ts at 8924e08: remotes is the card's only connection member",
  },
  {
    name: 'ard-agentmap-lighthouse-note',
    models: "an ARD manifest named by a robots.txt Agentmap line (A10 passes, and says what the line costs in Lighthouse's SEO audit)",
    site: ({ origin }) => ({
      '/': page(),
      '/robots.txt': text(`User-agent: *\nAllow: /\n\nAgentmap: ${origin}/.well-known/ard.json\n`),
      '/.well-known/ard.json': json(
        {
          entries: [
            {
              identifier: 'urn:air:corpus.dev:agent:advice',
              displayName: 'Corpus agent',
              type: 'application/a2a-agent-card+json',
              url: `${origin}/.well-known/agent-card.json`,
            },
          ],
        },
        CORS,
      ),
    }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_TEXT} §5.1 (Agentmap is a mechanism); GoogleChrome/lighthouse core/audits/seo/robots-txt.js (main f8eac39, 2026-08-20; unchanged since 83f1c6f): "Unknown directive" outside its safelist, which has no agentmap`,
  },
];

/** The shapes of ARD's conformance examples (each must pass A10: a spec's own example never comes out partial). */
const ardExamples: Variant[] = [
  {
    name: 'ard-example-basic',
    models: 'host {displayName, identifier}; four entries (A2A card, MCP card with capabilities, a nested ai-catalog, a bare MCP entry without queries)',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ard.json': json(
        {
          specVersion: '1.0',
          host: { displayName: 'Corpus Co', identifier: 'did:web:corpus.dev' },
          entries: [
            {
              identifier: 'urn:air:corpus.dev:agent:helper',
              displayName: 'Helper',
              type: 'application/a2a-agent-card+json',
              url: `${origin}/agents/helper.json`,
              description: 'Helps',
              representativeQueries: ['help me', 'what can you do'],
            },
            {
              identifier: 'urn:air:corpus.dev:mcp:tools',
              displayName: 'Tools',
              type: CARD_TYPE,
              url: `${origin}/mcp/server-card`,
              capabilities: ['Lookup'],
              description: 'Tools',
              representativeQueries: ['look it up', 'find it'],
            },
            {
              identifier: 'urn:air:corpus.dev:catalog:more',
              displayName: 'More',
              type: 'application/ai-catalog+json',
              url: `${origin}/more.json`,
              description: 'More entries',
            },
            { identifier: 'urn:air:corpus.dev:mcp:bare', displayName: 'Bare', type: CARD_TYPE, url: `${origin}/bare/server-card` },
          ],
        },
        CORS,
      ),
    }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_EXAMPLES}: basic/ai-catalog.json (c60a002); ${ARD_TEXT} §4.2 (representativeQueries is a SHOULD: a warning, not a failure)`,
  },
  {
    name: 'ard-example-trust-manifest',
    models: 'one MCP entry with capabilities, five representativeQueries and a trustManifest; host with documentationUrl',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ard.json': json(
        {
          specVersion: '1.0',
          host: { displayName: 'Corpus Data', identifier: 'corpus.dev', documentationUrl: `${origin}/docs` },
          entries: [
            {
              identifier: 'urn:air:corpus.dev:mcp:data',
              displayName: 'Corpus data',
              type: CARD_TYPE,
              url: `${origin}/mcp/server-card`,
              capabilities: ['Search', 'Lookup'],
              description: 'Public data',
              representativeQueries: ['a', 'b', 'c', 'd', 'e'],
              trustManifest: { identity: 'https://corpus.dev', identityType: 'https' },
            },
          ],
        },
        CORS,
      ),
    }),
    expect: { A10: 'pass' },
    codes: { A10: 'A10/ok' },
    source: `${ARD_EXAMPLES}: fda-ndc/fda-ndc-catalog.json (c60a002) and noaa-weather/noaa-weather-catalog.json (f711f44); ${ARD_TEXT} §4.5 (trustManifest.identity)`,
  },
  {
    name: 'ard-example-inline-data-and-metadata',
    models: 'an A2A entry with metadata and tags, and an MCP entry carrying its card inline (data), both also naming an older mediaType member',
    site: ({ origin }) => ({
      '/': page(),
      '/.well-known/ard.json': json(
        {
          specVersion: '1.0',
          host: { displayName: 'Corpus Shop', identifier: 'corpus.dev', documentationUrl: `${origin}/docs` },
          entries: [
            {
              identifier: 'urn:air:corpus.dev:agent:shop',
              displayName: 'Shop agent',
              type: 'application/a2a-agent-card+json',
              mediaType: 'application/a2a-agent-card+json',
              url: `${origin}/agents/shop.json`,
              tags: ['shop'],
              metadata: { city: 'Corpus' },
              representativeQueries: ['open hours', 'book a table', 'menu', 'directions'],
            },
            {
              identifier: 'urn:air:corpus.dev:mcp:shop',
              displayName: 'Shop tools',
              type: CARD_TYPE,
              mediaType: CARD_TYPE,
              data: v1(origin),
              tags: ['shop'],
              capabilities: ['Book'],
              representativeQueries: ['book', 'cancel', 'menu'],
            },
          ],
        },
        CORS,
      ),
      '/mcp': mcpRoute({ name: 'dev.corpus/tools' }),
    }),
    expect: { A10: 'pass', A4: 'pass' },
    codes: { A10: 'A10/ok', A4: 'A4/ok' },
    source: `${ARD_EXAMPLES}: local-business/local-business-catalog.json (1747756); ${ARD_TEXT} §4.3`,
  },
];

export const newestDiscovery: Variant[] = [...serverCardExamples, ...discovery, ...ardExamples];
