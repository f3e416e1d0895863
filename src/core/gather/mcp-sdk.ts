/**
 * What the live probe takes from the MCP SDK, named one by one: imported dynamically as a whole
 * (mcp-probe.ts, loadMcpSdk), this module keeps the SDK's own modules imported statically, so a
 * bundle can leave out the schemas nothing here reads (see tsup.config.ts, sdkPureSchemas).
 */
export { InitializeResultSchema, LATEST_PROTOCOL_VERSION, ListToolsResultSchema, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
