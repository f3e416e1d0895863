/**
 * The MCP server card (SEP-2127 shape, plus `serverInfo` for SEP-1649 readers) and the catalog that
 * points at it (server-card extension, docs/discovery.md at 8924e08: an AI Catalog entry): the ARD
 * manifest at /.well-known/ard.json and, for MCP clients, the same at /.well-known/ai-catalog.json;
 * the card at `<streamable-http-url>/server-card` (/mcp/server-card) as the extension recommends,
 * and at the older well-known paths that other scanners read.
 */
import { VERSION, PROJECT_URL } from '../version.js';
import { TOOLS } from './tools/index.js';
import { MCP_SERVER_NAME } from './server.js';
import { endpoints } from '../oauth/config.js';

export const SERVER_CARD_PATHS = ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card', '/.well-known/mcp.json'];
/** The card beside its streamable-HTTP endpoint, where the catalog points. */
export const CATALOG_CARD_PATH = '/mcp/server-card';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
const CARD_NAME = 'io.github.ai-ready/ai-ready';

/** ARD v0.91's manifest path (§5.1); robots.txt names it with an Agentmap line. */
export const ARD_MANIFEST_PATH = '/.well-known/ard.json';
/** The AI Catalog's path, where MCP clients look for server cards since the draft's commit 1491bd2: the same manifest. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';

/**
 * The instance's Agentic Resource Discovery manifest (ARD v0.91): one entry, the MCP server card,
 * typed by its media type, with the queries a registry indexes. specVersion and host are kept for
 * the conformance port in Lighthouse's source, which requires specVersion.
 */
export function ardManifest(base: string) {
  const host = new URL(base).hostname;
  return {
    specVersion: '1.0',
    host: { displayName: 'ai-ready', identifier: host },
    entries: [
      {
        identifier: `urn:air:${host}:mcp:${CARD_NAME.split('/')[1]}`,
        displayName: 'ai-ready MCP server',
        type: SERVER_CARD_MEDIA_TYPE,
        url: `${base}${CATALOG_CARD_PATH}`,
        description: 'Scan a website for the standards AI agents rely on and get exact fixes.',
        representativeQueries: ['is my website ready for AI agents', 'check my robots.txt and llms.txt for AI crawlers', 'how do I publish an MCP server card'],
      },
    ],
  };
}
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
export const PROTOCOL_VERSIONS = ['2025-06-18', '2025-11-25'];

export function serverCard(base: string) {
  const e = endpoints(base);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: CARD_NAME,
    title: 'ai-ready',
    version: VERSION,
    // The v1 schema caps description at 100 characters (experimental-ext-server-card schema.ts at 8924e08).
    description: 'Audit a website for the standards AI agents rely on and get exact fixes.',
    websiteUrl: `${base}/`,
    repository: { url: PROJECT_URL, source: 'github' },
    serverInfo: { name: MCP_SERVER_NAME, version: VERSION },
    remotes: [
      {
        type: 'streamable-http',
        url: e.mcpResource,
        supportedProtocolVersions: PROTOCOL_VERSIONS,
        authentication: { required: true, schemes: ['oauth2'], protectedResourceMetadata: e.mcpResourceMetadata },
      },
      {
        type: 'streamable-http',
        url: `${base}/api/mcp`,
        supportedProtocolVersions: PROTOCOL_VERSIONS,
        authentication: { required: false, schemes: ['bearer'], note: 'API key as Bearer token; anonymous callers get the read-only scan tools' },
      },
    ],
    capabilities: { tools: { listChanged: false } },
    tools: TOOLS.map((t) => ({ name: t.name, title: t.title, description: t.description, annotations: t.annotations })),
  };
}
