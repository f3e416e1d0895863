/** RFC 8414 authorization-server metadata and RFC 9728 protected-resource metadata. */
import { SCOPES, endpoints } from './config.js';

export function authorizationServerMetadata(base: string) {
  const e = endpoints(base);
  return {
    issuer: e.issuer,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    registration_endpoint: e.registration,
    revocation_endpoint: e.revocation,
    scopes_supported: SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${base}/llms.txt`,
    agent_auth: agentAuth(base),
  };
}

/**
 * The auth.md `agent_auth` block (reference AUTH.md, workos/auth.md 0910d0930ba6). This service runs
 * no agentic registration endpoint (no register_uri / claim_uri): agents register through RFC 7591
 * above or use an operator's API key, so it names the walkthrough and supports no identity type,
 * which the reference reads as "this service won't accept that registration shape".
 */
export function agentAuth(base: string) {
  return { skill: `${base}/auth.md`, identity_types_supported: [] as string[] };
}

/** Metadata of a protected resource: `resource` is the /mcp endpoint, or the whole service at the root document. */
export function protectedResourceMetadata(base: string, resource: string) {
  return {
    resource,
    authorization_servers: [endpoints(base).issuer],
    scopes_supported: SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'ai-ready MCP server',
    resource_documentation: `${base}/llms.txt`,
  };
}
