import { McpError } from '@modelcontextprotocol/sdk/types.js';

/**
 * A JSON-RPC error whose message goes on the wire as given. McpError's constructor prefixes its message
 * with "MCP error <code>: " and the SDK sends `error.message`, so the client, whose McpError prefixes
 * what it receives, would read "MCP error -32042: MCP error -32042: …".
 */
export function rpcError(code: number, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}
