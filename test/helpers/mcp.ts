import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own client over streamable HTTP to a registry's /mcp, with the given credential headers. */
export async function mcpClient(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'registry-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
  return client;
}

/** A tool error's body: the API's error JSON the server put in its text. */
export function refusalOf(result: unknown): { code: string; message: string; http_status: number } {
  const r = result as CallToolResult;
  if (!r.isError) throw new Error(`expected a tool error, got ${JSON.stringify(r.structuredContent)}`);
  const text = r.content[0]?.type === 'text' ? r.content[0].text : '{}';
  return JSON.parse(text) as { code: string; message: string; http_status: number };
}
