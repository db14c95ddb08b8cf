import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Mcp } from 'mppx';
import { tempo } from 'mppx/client';
import { McpClient } from 'mppx/mcp/client';
import { createClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { Actions } from 'viem/tempo';
import { tempo as tempoMainnet } from 'viem/tempo/chains';
import { Domain } from '../../src/db/entities/index.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc-provider.ts';
import { ANVIL_DEPLOYER_KEY } from '../../src/infra/anvil.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { mcpClient, refusalOf } from '../helpers/mcp.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, TEMPO_CHAIN, TEMPO_PATH_USD, type RegistryStack } from '../helpers/registry-stack.ts';

// Issue 28 part 2: the MCP server at /mcp, driven by clients nobody here wrote: the SDK's Client over
// streamable HTTP, the same client wrapped by mppx's McpClient paying on a real `anvil --network tempo`,
// and the MCP Inspector's CLI in a child process.

type Headers = Record<string, string>;
const TOOLS = [
  'search_domains',
  'lookup_domain',
  'quote',
  'register_domain',
  'renew_domain',
  'registration_status',
  'list_my_domains',
  'set_dns_records',
  'enable_dns',
  'list_for_sale',
  'buy_domain',
  'make_offer',
  'respond_to_offer',
  'subscribe_webhook',
  'show_expiring_domains',
];
const transcript = (label: string, value: unknown) => {
  if (process.env.MCP_TRANSCRIPT) console.log(`${label}\n${JSON.stringify(value, null, 2)}`);
};

describe('MCP server at /mcp', () => {
  let pdns: TestPowerDns;
  let idp: DevOidcProvider;
  let s: RegistryStack;
  let agentKey: Headers;
  let alice: Headers;
  let bob: Headers;
  const clients: Client[] = [];
  const connect = async (headers: Headers = {}) => {
    const c = await mcpClient(s.baseUrl, headers);
    clients.push(c);
    return c;
  };
  const http_ = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Headers, payload?: unknown) =>
    s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });
  const accountOf = async (headers: Headers) =>
    (await http_('GET', '/api/v1/agents/me', headers)).json().account.account_id as string;
  const gems = async (accountId: string) =>
    grantGems(s.t.db.orm.em.fork(), { accountId, amount: 100_000, reference: `mcp:${randomLabel()}` });
  const registerWithGems = async (client: Client, label: string, requestId?: string) =>
    client.callTool({
      name: 'register_domain',
      arguments: {
        domain: label,
        namespace: 'agent',
        years: 1,
        agreed_to_terms: true,
        payment_method: 'gems',
        ...(requestId ? { request_id: requestId } : {}),
      },
    });

  beforeAll(async () => {
    pdns = await startTestPowerDns();
    idp = await startTestOidc();
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer, ...pdns.env }, { network: 'tempo' });
    const agent = await provision(s.t.app);
    agentKey = { 'x-api-key': agent.api_key };
    await gems(agent.account_id);
    alice = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    bob = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    await gems(await accountOf(alice));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await s?.stop();
    await idp?.stop();
    await pdns?.stop();
  });

  it('lists every tool with its input and output schemas and annotations, and the skill files as resources', async () => {
    const client = await connect(agentKey);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect({ name: t.name, input: t.inputSchema.type, output: t.outputSchema?.type }).toEqual({
        name: t.name,
        input: 'object',
        output: 'object',
      });
      expect(t.annotations).toEqual(
        expect.objectContaining({
          readOnlyHint: expect.any(Boolean),
          destructiveHint: expect.any(Boolean),
          idempotentHint: expect.any(Boolean),
          openWorldHint: expect.any(Boolean),
        }),
      );
    }
    const register = tools.find((t) => t.name === 'register_domain');
    expect(Object.keys(register?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['domain', 'namespace', 'years', 'agreed_to_terms', 'payment_method', 'request_id']),
    );
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('registry://namespaces/agent/skill.md');
    const skill = await client.readResource({ uri: 'registry://namespaces/agent/skill.md' });
    const page = await http_('GET', '/tld/agent/skill.md', {});
    expect(skill.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: page.body });
  });

  it('answers each read tool with its route’s body, anonymously where the route is public', async () => {
    const keyed = await connect(agentKey);
    const anonymous = await connect();
    const label = randomLabel('mcpread');
    await registerWithGems(keyed, label);
    const name = `${label}.agent`;
    const same = async (client: Client, tool: string, args: Record<string, unknown>, url: string, body?: unknown) => {
      const result = await client.callTool({ name: tool, arguments: args });
      const route = await http_(body === undefined ? 'GET' : 'POST', url, agentKey, body);
      expect({ tool, structured: result.structuredContent }).toEqual({ tool, structured: route.json() });
    };
    await same(anonymous, 'search_domains', { q: label }, `/api/v1/domains/search?q=${label}`);
    await same(anonymous, 'lookup_domain', { domain_name: name }, `/api/v1/lookup/${name}`);
    await same(anonymous, 'list_for_sale', { limit: 5 }, '/api/v1/domains/for-sale?limit=5');
    const quoted = await anonymous.callTool({
      name: 'quote',
      arguments: { domain: 'x' + label, namespace: 'agent', years: 2 },
    });
    expect(quoted.structuredContent).toMatchObject({ status: 'quoted', available: true, years: 2 });
    await same(keyed, 'list_my_domains', { limit: 10 }, '/api/v1/domains?limit=10');
    const mine = await keyed.callTool({ name: 'list_my_domains', arguments: {} });
    expect((mine.structuredContent as { data: { name: string }[] }).data.map((d) => d.name)).toContain(name);
    // Unknown names are the route's 404, as a tool error with the same code.
    expect(
      refusalOf(await anonymous.callTool({ name: 'lookup_domain', arguments: { domain_name: `no${label}.agent` } })),
    ).toMatchObject({ code: 'domain_not_found', http_status: 404 });
    const manifest = await anonymous.readResource({ uri: `registry://domains/${name}/agent.json` });
    expect(JSON.parse((manifest.contents[0] as { text: string }).text)).toEqual(
      (await http_('GET', `/api/v1/domains/${name}/agent.json`, {})).json(),
    );
  });

  it('registers with gems once per request_id, sets a record PowerDNS answers, and shows it expiring', async () => {
    const client = await connect(alice);
    const label = randomLabel('mcpdns');
    const name = `${label}.agent`;
    const requestId = `mcp-${label}`;
    const first = await registerWithGems(client, label, requestId);
    expect(first.structuredContent).toMatchObject({ status: 'success', domain: { name, status: 'active' } });
    // The same call again (a lost answer retried): the first answer, not a second registration.
    const again = await registerWithGems(client, label, requestId);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await s.t.db.orm.em.fork().count(Domain, { name })).toBe(1);

    const orderId = (first.structuredContent as { session_id: string }).session_id;
    const status = await client.callTool({ name: 'registration_status', arguments: { order_id: orderId } });
    expect(status.structuredContent).toMatchObject({ order_id: orderId, domain: name, order_status: 'paid' });

    const set = await client.callTool({
      name: 'set_dns_records',
      arguments: { domain_name: name, records: [{ type: 'TXT', name: '_mcp', content: `hello ${label}` }] },
    });
    expect(set.structuredContent).toMatchObject({ status: 'success', details: [{ status: 'created' }] });
    const txt = async () =>
      (await pdns.resolver.resolveTxt(`_mcp.${name}`).catch((): string[][] => [])).map((parts) => parts.join(''));
    await eventually(async () => (await txt()).length > 0, 60_000);
    expect(await txt()).toEqual([`hello ${label}`]);
    const enabled = await client.callTool({ name: 'enable_dns', arguments: { domain_name: name } });
    expect(enabled.structuredContent).toMatchObject({ status: 'success', domain: name });

    const expiring = await client.callTool({ name: 'show_expiring_domains', arguments: { within_days: 400 } });
    const data = (expiring.structuredContent as { result: { data: { domains: { domain: string }[] } } }).result.data;
    expect(data.domains.map((d) => d.domain)).toContain(name);
  }, 90_000);

  it('refuses a second identity exactly as the HTTP route does', async () => {
    const owner = await connect(alice);
    const label = randomLabel('mcpown');
    const name = `${label}.agent`;
    const registered = await registerWithGems(owner, label);
    const orderId = (registered.structuredContent as { session_id: string }).session_id;
    const records = { records: [{ type: 'A', name: '@', content: '192.0.2.1' }] };
    const cases: [Headers, string, Record<string, unknown>, () => Promise<{ json(): { code: string } }>][] = [
      [
        bob,
        'set_dns_records',
        { domain_name: name, ...records },
        () => http_('PATCH', `/api/v1/domains/${name}/records`, bob, records),
      ],
      [
        bob,
        'registration_status',
        { order_id: orderId },
        () => http_('GET', `/api/agent/register-status/${orderId}`, bob),
      ],
      [bob, 'enable_dns', { domain_name: name }, () => http_('POST', `/api/v1/domains/${name}/enable_dns`, bob)],
      // Records take a bearer token only (spec 5 rule 7), over MCP too.
      [
        agentKey,
        'set_dns_records',
        { domain_name: name, ...records },
        () => http_('PATCH', `/api/v1/domains/${name}/records`, agentKey, records),
      ],
    ];
    for (const [headers, tool, args, overHttp] of cases) {
      const client = await connect(headers);
      const refused = refusalOf(await client.callTool({ name: tool, arguments: args }));
      const code = (await overHttp()).json().code;
      expect({ tool, code: refused.code }).toEqual({ tool, code });
      expect(['forbidden', 'not_found', 'order_not_found', 'domain_not_found', 'credential_not_accepted']).toContain(
        code,
      );
    }

    // Without any credential, a tool whose route needs one is a 401 pointing MCP hosts at the metadata.
    const res = await fetch(`${s.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_my_domains', arguments: {} },
      }),
    });
    expect(res.status).toBe(401);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1];
    expect(metadataUrl).toBe(`${s.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    const metadata = await (await fetch(metadataUrl as string)).json();
    expect(metadata).toEqual(
      expect.objectContaining({ resource: `${s.baseUrl}/mcp`, authorization_servers: [idp.issuer] }),
    );
  });

  describe('paid on the local Tempo chain', () => {
    const chain = () =>
      createClient({
        chain: { ...tempoMainnet, id: TEMPO_CHAIN, rpcUrls: { default: { http: [s.anvil.rpcUrl] } } },
        pollingInterval: 50,
        transport: http(s.anvil.rpcUrl),
      });
    const newPayer = async () => {
      const payer = privateKeyToAccount(generatePrivateKey());
      await Actions.token.transferSync(chain(), {
        account: privateKeyToAccount(ANVIL_DEPLOYER_KEY),
        token: TEMPO_PATH_USD,
        to: payer.address,
        amount: 100_000_000n,
      });
      return payer;
    };

    it('an mppx-wrapped MCP client registers a name end to end: payment-required error, payment, receipt', async () => {
      const label = randomLabel('mcppay');
      const name = `${label}.agent`;
      const args = { domain: label, namespace: 'agent', years: 1, agreed_to_terms: true, request_id: `pay-${label}` };
      const plain = await connect(agentKey);
      const error = await plain.callTool({ name: 'register_domain', arguments: args }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(McpError);
      const required = error as McpError;
      expect(required.code).toBe(Mcp.paymentRequiredCode);
      expect(required.data).toMatchObject({
        httpStatus: 402,
        challenges: [{ method: 'tempo', intent: 'charge' }],
      });
      transcript('payment-required error', { code: required.code, message: required.message, data: required.data });

      const client = McpClient.wrap(await connect(agentKey), {
        methods: [tempo({ account: await newPayer(), getClient: () => chain() })],
      });
      const paid = await client.callTool({ name: 'register_domain', arguments: args });
      transcript('paid result', paid);
      expect(paid.isError).toBeFalsy();
      expect(paid.structuredContent).toMatchObject({
        status: 'success',
        domain: { name, status: 'active' },
        order: { payment_method: 'mpp' },
      });
      expect(paid.receipt).toMatchObject({ status: 'success', method: 'tempo' });
      expect(paid.receipt?.challengeId).toEqual(expect.any(String));
      expect(await s.t.db.orm.em.fork().count(Domain, { name })).toBe(1);
    }, 90_000);
  });

  it('answers the MCP Inspector CLI: tools/list and tools/call search_domains', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'registry-inspector-'));
    const inspector = (...args: string[]) =>
      promisify(execFile)(
        'node_modules/.bin/mcp-inspector',
        [
          '--cli',
          `${s.baseUrl}/mcp`,
          '--transport',
          'http',
          '--header',
          `X-API-Key: ${agentKey['x-api-key']}`,
          ...args,
        ],
        { env: { ...process.env, MCP_CATALOG_PATH: join(dir, 'mcp.json') }, timeout: 60_000 },
      ).then((r) => JSON.parse(r.stdout));
    try {
      const listed = await inspector('--method', 'tools/list');
      expect(listed.tools.map((t: { name: string }) => t.name).sort()).toEqual([...TOOLS].sort());
      const label = randomLabel('mcpcli');
      const called = await inspector(
        '--method',
        'tools/call',
        '--tool-name',
        'search_domains',
        '--tool-arg',
        `q=${label}.agent`,
      );
      transcript('inspector tools/call', called);
      expect(called.structuredContent).toMatchObject({
        status: 'success',
        query: `${label}.agent`,
        results: [{ domain: `${label}.agent`, available: true }],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
