import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { Credential, Mcp } from 'mppx';
import { tempo } from 'mppx/client';
import { McpClient } from 'mppx/mcp/client';
import { Domain, WebhookSubscription } from '../../src/db/entities/index.ts';
import { powerDnsClient } from '../../src/dns/powerdns.ts';
import { YEAR_MS } from '../../src/domain/time.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { gemsBalance, grantGems, userBook } from '../../src/ledger/gems.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { mcpClient, refusalOf } from '../helpers/mcp.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { fundedPayer, pathUsdBalance, tempoClient } from '../helpers/tempo-chain.ts';

// Issue 28 part 2: the MCP server at /mcp, driven by clients nobody here wrote: the SDK's Client over
// streamable HTTP, the same client wrapped by mppx's McpClient paying on a real `anvil --network tempo`,
// and the MCP Inspector's CLI in a child process.

type Headers = Record<string, string>;
const TOOLS = [
  'search_domains',
  'lookup_domain',
  'verify_agent',
  'quote',
  'register_domain',
  'renew_domain',
  'registration_status',
  'register_onchain_identity',
  'list_my_domains',
  'set_dns_records',
  'enable_dns',
  'lock_domain',
  'request_unlock',
  'approve_unlock',
  'cancel_unlock',
  'batch',
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
  let agentId: string;
  let alice: Headers;
  let aliceId: string;
  let bob: Headers;
  const clients: Client[] = [];
  const connect = async (headers: Headers = {}) => {
    const c = await mcpClient(s.baseUrl, headers);
    clients.push(c);
    return c;
  };
  const http_ = (
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) => s.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string }) });
  const accountOf = async (headers: Headers) =>
    (await http_('GET', '/api/v1/agents/me', headers)).json().account.account_id as string;
  const gems = async (accountId: string) =>
    grantGems(s.t.db.orm.em.fork(), { accountId, amount: 100_000, reference: `mcp:${randomLabel()}` });
  const gemsOf = (accountId: string) => gemsBalance(s.t.db.orm.em.fork(), accountId);
  /** The gems movements out of an account (debits, escrows): ledger lines taking from its book. */
  const debitsOf = async (accountId: string) =>
    Number(
      (
        await s.t.db.orm.em
          .fork()
          .execute<{ n: string }[]>('select count(*)::text as n from ledger_line where book = ? and amount < 0', [
            userBook(accountId),
          ])
      )[0]?.n,
    );
  const ownerOf = async (name: string) =>
    (await s.t.db.orm.em.fork().findOneOrFail(Domain, { name, status: { $ne: 'expired' } })).owner.id;
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
    // Side by side: neither needs the other (each assigned as it comes up, so afterAll stops what did).
    await Promise.all([startTestPowerDns().then((p) => (pdns = p)), startTestOidc().then((i) => (idp = i))]);
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer, ...pdns.env });
    const agent = await provision(s.t.app);
    agentKey = { 'x-api-key': agent.api_key };
    agentId = agent.account_id;
    await gems(agentId);
    alice = { authorization: `Bearer ${await idp.mintAccessToken('alice')}` };
    bob = { authorization: `Bearer ${await idp.mintAccessToken('bob')}` };
    aliceId = await accountOf(alice);
    await gems(aliceId);
  });
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

    // The transport writes /mcp's answers itself; they carry the security headers every answer does.
    const raw = await fetch(`${s.baseUrl}/mcp`, {
      method: 'POST',
      headers: { ...agentKey, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('x-content-type-options')).toBe('nosniff');
    expect(raw.headers.get('content-security-policy')).toBe(page.headers['content-security-policy']);
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
    const [balance, debits] = [await gemsOf(aliceId), await debitsOf(aliceId)];
    const first = await registerWithGems(client, label, requestId);
    expect(first.structuredContent).toMatchObject({ status: 'success', domain: { name, status: 'active' } });
    // The same call again (a lost answer retried): the first answer, not a second registration or debit.
    const again = await registerWithGems(client, label, requestId);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await s.t.db.orm.em.fork().count(Domain, { name })).toBe(1);
    const price = (first.structuredContent as { order: { amount_gems: number } }).order.amount_gems;
    expect(price).toBeGreaterThan(0);
    expect({ debits: await debitsOf(aliceId), balance: await gemsOf(aliceId) }).toEqual({
      debits: debits + 1,
      balance: balance - price,
    });

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
    // Kept, and served once the name is delegated.
    const enabled = await client.callTool({ name: 'enable_dns', arguments: { domain_name: name } });
    expect(enabled.structuredContent).toMatchObject({ status: 'success', domain: name, nameservers: ['ns1.agent.'] });
    await eventually(async () => (await txt()).length > 0);
    expect(await txt()).toEqual([`hello ${label}`]);
    // The delegation is published in the namespace zone.
    const api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    const delegation = async () =>
      ((await api.getZone('agent.')) ?? []).filter((r) => r.name === `${name}.` && r.type === 'NS');
    await eventually(async () => (await delegation()).length === 1);
    expect((await delegation())[0]?.contents).toEqual(['ns1.agent.']);

    const expiring = await client.callTool({ name: 'show_expiring_domains', arguments: { within_days: 400 } });
    const data = (expiring.structuredContent as { result: { data: { domains: { domain: string }[] } } }).result.data;
    expect(data.domains.map((d) => d.domain)).toContain(name);
  });

  it('locks a name, asks to lift the lock and cancels the request through the unlock tools', async () => {
    const keyed = await connect(agentKey);
    const label = randomLabel('mcplock');
    await registerWithGems(keyed, label);
    const domain_name = `${label}.agent`;
    const step = async (name: string) =>
      (await keyed.callTool({ name, arguments: { domain_name } })).structuredContent as {
        locked: boolean;
        unlock: { status: string } | null;
      };
    expect(await step('lock_domain')).toMatchObject({ locked: true, unlock: null });
    expect(await step('request_unlock')).toMatchObject({ locked: true, unlock: { status: 'pending' } });
    expect(await step('cancel_unlock')).toMatchObject({ locked: true, unlock: null });
    // A key never approves: the tool answers the route's refusal.
    const approved = await keyed.callTool({ name: 'approve_unlock', arguments: { domain_name } });
    expect(approved.isError).toBe(true);
    expect((await http_('GET', `/api/v1/domains/${domain_name}/lock`, agentKey)).json()).toMatchObject({
      locked: true,
    });
  });

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

  it('buys a listed name with gems, and an accepted gems offer moves another name', async () => {
    const seller = await connect(alice);
    const buyer = await connect(agentKey);
    const listed = `${randomLabel('mcpbuy')}.agent`;
    const offered = `${randomLabel('mcpoffer')}.agent`;
    for (const name of [listed, offered])
      expect((await registerWithGems(seller, name.replace(/\.agent$/, ''))).isError).toBeFalsy();
    const listing = await http_('PUT', `/api/v1/domains/${listed}/listing`, alice, { price: { gems: 700 } });
    expect(listing.statusCode).toBe(200);
    const forSale = await buyer.callTool({ name: 'list_for_sale', arguments: { currency: 'gems', limit: 100 } });
    expect((forSale.structuredContent as { data: unknown[] }).data).toContainEqual(
      expect.objectContaining({ domain: listed, price: { gems: 700, usd: null } }),
    );

    const buyerGems = await gemsOf(agentId);
    const bought = await buyer.callTool({ name: 'buy_domain', arguments: { domain: listed, payment_method: 'gems' } });
    expect(bought.structuredContent).toMatchObject({
      status: 'success',
      sale: { domain: listed, buyer_id: agentId, seller_id: aliceId, currency: 'gems', price: 700 },
    });
    expect(await gemsOf(agentId)).toBe(buyerGems - 700);
    expect(await ownerOf(listed)).toBe(agentId);
    const looked = await buyer.callTool({ name: 'lookup_domain', arguments: { domain_name: listed } });
    expect(looked.structuredContent).toMatchObject({ domain: { name: listed, status: 'active' }, for_sale: null });
    const mine = await buyer.callTool({ name: 'list_my_domains', arguments: { limit: 200 } });
    expect((mine.structuredContent as { data: { name: string }[] }).data.map((d) => d.name)).toContain(listed);

    const made = await buyer.callTool({
      name: 'make_offer',
      arguments: { domain: offered, amount: 300, currency: 'gems' },
    });
    expect(made.structuredContent).toMatchObject({
      status: 'success',
      offer: { domain: offered, status: 'pending', currency: 'gems', amount: 300, bidder_id: agentId },
    });
    expect(await gemsOf(agentId)).toBe(buyerGems - 700 - 300);
    const offerId = (made.structuredContent as { offer: { offer_id: string } }).offer.offer_id;
    const accepted = await seller.callTool({
      name: 'respond_to_offer',
      arguments: { offer_id: offerId, action: 'accept' },
    });
    expect(accepted.structuredContent).toMatchObject({
      status: 'success',
      offer: { offer_id: offerId, status: 'accepted', sale_id: expect.any(Number) },
    });
    expect(await ownerOf(offered)).toBe(agentId);
  });

  it('subscribes to events with the API key: the generated secret is answered once and stored', async () => {
    const client = await connect(agentKey);
    const target = 'https://93.184.215.14/hooks/mcp';
    const result = await client.callTool({
      name: 'subscribe_webhook',
      arguments: { target_url: target, events: ['domain.expired'] },
    });
    const body = result.structuredContent as { secret: string; subscription: { subscription_id: string } };
    expect(body).toMatchObject({
      status: 'success',
      secret: expect.stringMatching(/^whsec_/),
      subscription: { target_url: target, events: ['domain.expired'], status: 'active' },
    });
    const id = body.subscription.subscription_id;
    expect((await s.t.db.orm.em.fork().findOneOrFail(WebhookSubscription, { id })).secret).toBe(body.secret);
    const read = await http_('GET', `/api/v1/webhooks/${id}`, agentKey);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(body.secret);
    expect((await http_('DELETE', `/api/v1/webhooks/${id}`, agentKey)).statusCode).toBe(200);
  });

  describe('paid on the local Tempo chain', () => {
    const chain = () => tempoClient(s.anvil.rpcUrl);
    const newPayer = () => fundedPayer(s.anvil.rpcUrl);

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
      // The SDK's prefix once: "MCP error -32042: <the route's message>".
      const routeMessage = (required.data as { response: { message: string } }).response.message;
      expect(required.message).toBe(`MCP error ${Mcp.paymentRequiredCode}: ${routeMessage}`);
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
    });

    it('renews with gems from the balance, then with mpp through the mppx client paying on the chain', async () => {
      const label = randomLabel('mcprenew');
      const name = `${label}.agent`;
      const owner = await connect(agentKey);
      expect((await registerWithGems(owner, label)).isError).toBeFalsy();
      const expiry = async () =>
        (await s.t.db.orm.em.fork().findOneOrFail(Domain, { name, status: { $ne: 'expired' } })).expiryDate;
      const registered = await expiry();
      // A registration year is 365 days (src/domain/time.ts).
      const plusYears = (d: Date, years: number) => new Date(d.getTime() + years * YEAR_MS).toISOString();

      const balance = await gemsOf(agentId);
      const byGems = await owner.callTool({
        name: 'renew_domain',
        arguments: { domain: name, years: 1, payment_method: 'gems' },
      });
      const gemsOrder = byGems.structuredContent as { order: { amount_gems: number } };
      expect(byGems.structuredContent).toMatchObject({
        status: 'success',
        domain: { name, previous_expiry_date: registered.toISOString(), new_expiry_date: plusYears(registered, 1) },
        order: { payment_method: 'gems' },
      });
      expect(await gemsOf(agentId)).toBe(balance - gemsOrder.order.amount_gems);
      expect((await expiry()).toISOString()).toBe(plusYears(registered, 1));

      const client = McpClient.wrap(await connect(agentKey), {
        methods: [tempo({ account: await newPayer(), getClient: () => chain() })],
      });
      const byMpp = await client.callTool({ name: 'renew_domain', arguments: { domain: name, years: 2 } });
      expect(byMpp.isError).toBeFalsy();
      expect(byMpp.structuredContent).toMatchObject({
        status: 'success',
        domain: { name, new_expiry_date: plusYears(registered, 3) },
        order: { payment_method: 'mpp' },
      });
      expect(byMpp.receipt).toMatchObject({ status: 'success', method: 'tempo' });
      expect((await expiry()).toISOString()).toBe(plusYears(registered, 3));
      expect(await gemsOf(agentId)).toBe(balance - gemsOrder.order.amount_gems);
    });

    it('a credential for another checkout’s challenge is -32043: nothing registered, nothing charged', async () => {
      const plain = await connect(agentKey);
      const [wrong, right] = [randomLabel('mcpwrong'), randomLabel('mcpright')];
      const args = (label: string) => ({ domain: label, namespace: 'agent', years: 1, agreed_to_terms: true });
      const unpaid = async (label: string) =>
        (await plain
          .callTool({ name: 'register_domain', arguments: args(label) })
          .catch((e: unknown) => e)) as McpError;
      expect((await unpaid(wrong)).code).toBe(Mcp.paymentRequiredCode);
      const required = await unpaid(right);
      expect(required.code).toBe(Mcp.paymentRequiredCode);

      // The payer pays the second checkout's challenge, and the client presents that credential to the first.
      const payer = await newPayer();
      const pathUsd = () => pathUsdBalance(s.anvil.rpcUrl, payer.address);
      const method = tempo.charge({ account: payer, mode: 'push', getClient: () => chain() });
      const challenge = (required.data as { challenges: unknown[] }).challenges[0] as Parameters<
        typeof method.createCredential
      >[0]['challenge'];
      const credential = Credential.deserialize(await method.createCredential({ challenge, context: {} }));
      const [paid, gemsBefore] = [await pathUsd(), await gemsOf(agentId)];
      const refused = (await plain
        .callTool({ name: 'register_domain', arguments: args(wrong), _meta: { [Mcp.credentialMetaKey]: credential } })
        .catch((e: unknown) => e)) as McpError;
      transcript('payment verification failed', { code: refused.code, message: refused.message, data: refused.data });
      expect(refused).toBeInstanceOf(McpError);
      expect(refused.code).toBe(Mcp.paymentVerificationFailedCode);
      expect(refused.data).toMatchObject({ httpStatus: 402, challenges: [], response: { code: 'invalid_receipt' } });
      const routeMessage = (refused.data as { response: { message: string } }).response.message;
      expect(routeMessage).toMatch(/another checkout/);
      expect(refused.message).toBe(`MCP error ${Mcp.paymentVerificationFailedCode}: ${routeMessage}`);
      expect(await s.t.db.orm.em.fork().count(Domain, { name: `${wrong}.agent` })).toBe(0);
      expect({ pathUsd: await pathUsd(), gems: await gemsOf(agentId) }).toEqual({ pathUsd: paid, gems: gemsBefore });
      // The first checkout still waits for its own payment; the credential still pays the checkout it answers.
      expect((await unpaid(wrong)).code).toBe(Mcp.paymentRequiredCode);
      const done = await plain.callTool({
        name: 'register_domain',
        arguments: args(right),
        _meta: { [Mcp.credentialMetaKey]: credential },
      });
      expect(done.structuredContent).toMatchObject({ status: 'success', domain: { name: `${right}.agent` } });
    });
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
  });
});
