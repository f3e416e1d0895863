import type { CheckModule } from '../types.js';
import { a1ApiCatalog } from './a1-api-catalog.js';
import { a2OauthDiscovery } from './a2-oauth-discovery.js';
import { a3ProtectedResource } from './a3-protected-resource.js';
import { a4McpServerCard } from './a4-mcp-server-card.js';
import { a5A2aAgentCard } from './a5-a2a-agent-card.js';
import { a6AgentSkills } from './a6-agent-skills.js';
import { a7WebMcp } from './a7-webmcp.js';
import { a8OpenApi } from './a8-openapi.js';
import { a9AuthMd } from './a9-auth-md.js';
import { a10AiCatalog } from './a10-ai-catalog.js';
import { a11AgentOperability } from './a11-agent-operability.js';

export const capabilitiesChecks: CheckModule<any>[] = [
  a1ApiCatalog,
  a2OauthDiscovery,
  a3ProtectedResource,
  a4McpServerCard,
  a5A2aAgentCard,
  a6AgentSkills,
  a7WebMcp,
  a8OpenApi,
  a9AuthMd,
  a10AiCatalog,
  a11AgentOperability,
];
