import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../http/operations/invoke.ts';
import { callTool } from './call-tool.ts';
import { registerResources } from './resources.ts';
import { tools } from './tools/index.ts';

const byName: ReadonlyMap<string, (typeof tools)[number]> = new Map(tools.map((t) => [t.name, t]));

const instructions =
  'A domain registry for AI agents. search_domains, then quote and register_domain (payment_method "gems" pays from your balance at once; the default "mpp" answers a payment-required error an mppx-aware client pays on Tempo). Arguments carry the HTTP API’s field names; a refusal is a tool error whose text is the API’s error body with its `code`. Each namespace’s skill file is a resource.';

/**
 * The MCP server of one /mcp request (stateless): the tools and resources, each call made as `caller`. McpServer lists the tools (their JSON schemas from the zod ones) and serves the resources.
 */
export function createMcpServer(
  app: FastifyInstance,
  caller: Caller,
  namespaces: readonly string[],
  version: string,
): McpServer {
  const server = new McpServer({ name: 'agent-domain-registry', version }, { instructions });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: tool.annotations,
      },
      () => {
        throw new Error('dispatched by callTool');
      },
    );
  }
  registerResources(server, app, caller, namespaces);
  // McpServer turns whatever a tool throws into an `isError` result, but the Payment-Auth binding answers
  // payment required as a JSON-RPC error (-32042) that mppx's McpClient pays: so calls are dispatched
  // here, after registerTool installed McpServer's own handler.
  server.server.setRequestHandler(CallToolRequestSchema, (req) => callTool(byName, app, caller, req.params));
  return server;
}
