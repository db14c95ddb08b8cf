import { declareRoute, PUBLIC, type AccessRule } from '../http/declaration.ts';

// The MCP endpoint's routes, declared once (src/server/declared.ts reads them). No OpenAPI text:
// the MCP endpoint speaks JSON-RPC, described by tools/list, so the API document leaves it out.

/**
 * An API key, a bearer token or an organization credential, passed on to each route a tool calls; or
 * none, for the tools whose routes are public or take a payer without one (spec 5 rule 3). A browser
 * session is not an MCP credential. A call that needs one and has none is a 401 that points at the
 * protected-resource metadata (route.ts).
 */
export const AGENT_PROTOCOL_ACCESS: AccessRule = ['agent_key', 'live_key', 'bearer', 'org_key', 'anonymous'];

export const mcpRoute = declareRoute({
  method: 'POST',
  url: '/mcp',
  access: AGENT_PROTOCOL_ACCESS,
  area: 'self',
  // Each tool call is its own audited operation (src/http/operations/invoke.ts).
  audited: false,
});

/** Stateless streamable HTTP: no server-sent stream to open and no session to end (405). */
export const mcpStreamRoute = declareRoute({ method: 'GET', url: '/mcp', access: PUBLIC });
export const mcpSessionRoute = declareRoute({ method: 'DELETE', url: '/mcp', access: PUBLIC });

/** The MCP Server Card (server-card.ts), at the place the extension reserves beside the endpoint. */
export const mcpServerCardRoute = declareRoute({ method: 'GET', url: '/mcp/server-card', access: PUBLIC });

/** RFC 9728 protected-resource metadata, at the path the MCP authorization specification derives from /mcp. */
export const mcpResourceMetadataRoute = declareRoute({
  method: 'GET',
  url: '/.well-known/oauth-protected-resource/mcp',
  access: PUBLIC,
});
export const resourceMetadataRoute = declareRoute({
  method: 'GET',
  url: '/.well-known/oauth-protected-resource',
  access: PUBLIC,
});
