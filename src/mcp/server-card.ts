import { isIP } from 'node:net';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

// The MCP Server Card of the registry's MCP server (SEP-2127, the `io.modelcontextprotocol/server-card`
// extension; schema of modelcontextprotocol/experimental-ext-server-card): who the server is and how to
// connect to it, before connecting. It is served at the extension's reserved place beside the endpoint
// (`GET /mcp/server-card`) and listed in /.well-known/ai-catalog.json as `application/mcp-server-card+json`.
// An MCP Registry `server.json` (an installable package) is another document, which we do not publish.
// The card lists no tools: they are read at run time (tools/list), and a card is advisory only.

export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/**
 * The card: `name` is the host reversed, `/registry` (the schema's reverse-DNS form with one slash); an
 * address (a local stack's 127.0.0.1) has no DNS order to reverse and stays as it is.
 */
export function serverCard(baseUrl: string, version: string) {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '');
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: `${isIP(host) ? host.replace(/:/g, '-') : host.split('.').reverse().join('.')}/registry`,
    version,
    title: 'Agent domain registry',
    description: 'Search, price, register, renew and manage agent names (.agent and more) as MCP tools.',
    websiteUrl: `${baseUrl}/`,
    remotes: [
      {
        type: 'streamable-http' as const,
        url: `${baseUrl}/mcp`,
        supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS],
        headers: [
          {
            name: 'X-API-Key',
            description:
              'An agent API key (POST /api/v1/agents/provision), or send Authorization: Bearer instead. Public tools need none.',
            isRequired: false,
            isSecret: true,
          },
        ],
      },
    ],
  };
}
