import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { FastifyInstance } from 'fastify';
import { invoke, type Caller } from '../http/operations/invoke.ts';
import type { Input, Operation } from '../http/operations/operation.ts';
import { getAgentManifest } from '../api/routes/domain/manifests.ts';
import { namespaceSkillFile } from '../api/routes/tld.ts';
import { rpcError } from './rpc-error.ts';

/** MCP's "resource not found" error code (the specification's -32002). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * The documents an agent reads before acting: each namespace's skill file (the /tld/{namespace}/skill.md
 * page) and each registered name's agent manifest (its agent.json), read through the same public routes.
 */
export function registerResources(
  server: McpServer,
  app: FastifyInstance,
  caller: Caller,
  namespaces: readonly string[],
): void {
  const read = async <O extends Operation>(uri: URL, op: O, input: Input<O>, mimeType: string) => {
    const answer = await invoke(app, op, caller, input);
    if (answer.status !== 200) {
      const message = (answer.body as { message?: string } | null)?.message ?? `No resource at ${uri.href}`;
      throw rpcError(RESOURCE_NOT_FOUND, message, { uri: uri.href });
    }
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return { contents: [{ uri: uri.href, mimeType, text }] };
  };
  const one = (v: string | string[] | undefined) => String([v].flat()[0] ?? '');

  server.registerResource(
    'namespace-skill',
    new ResourceTemplate('registry://namespaces/{namespace}/skill.md', {
      list: async () => ({
        resources: namespaces.map((ns) => ({
          uri: `registry://namespaces/${ns}/skill.md`,
          name: `${ns} skill file`,
          mimeType: 'text/markdown',
        })),
      }),
    }),
    {
      title: 'Namespace skill file',
      description: 'How an agent registers in a namespace: status, prices, rules (GET /tld/{namespace}/skill.md).',
      mimeType: 'text/markdown',
    },
    (uri, { namespace }) => read(uri, namespaceSkillFile, { params: { tld_name: one(namespace) } }, 'text/markdown'),
  );

  server.registerResource(
    'agent-manifest',
    new ResourceTemplate('registry://domains/{domain_name}/agent.json', { list: undefined }),
    {
      title: 'Agent manifest of a name',
      description: 'A registered name’s agent manifest (GET /api/v1/domains/{domain_name}/agent.json).',
      mimeType: 'application/json',
    },
    (uri, { domain_name }) =>
      read(uri, getAgentManifest, { params: { domain_name: one(domain_name) } }, 'application/json'),
  );
}
