import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { createPublicClient, createWalletClient, http, parseEventLogs, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { erc7930Address } from '../../src/domain/onchain-identity.ts';
import { identityRegistryAbi } from '../../src/identity/erc8004/registry.ts';
import { ANVIL_PAYER_KEYS, localChain, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployIdentityRegistry } from '../../src/infra/erc8004.ts';
import { powerDnsClient, type PowerDnsClient } from '../../src/dns/powerdns.ts';
import { ensureNamespaceZone } from '../../src/dns/signed-zones.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { startHandshakeRoot, type HandshakeRoot } from '../../src/infra/handshake-root.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { registered } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { mcpClient } from '../helpers/mcp.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// The verifier (docs/discovery.md "Verify an agent") over real parts: names resolved by unbound-host from the
// Handshake root's key through a regtest root and PowerDNS, cards fetched over HTTP and checked with the A2A
// SDK's verifier, endpoints asked in their protocols. One name of ours; a "foreign" namespace the test signs
// and fills itself, with a card signed by a key of its own; and each tampered case reported as what it is.

interface Report {
  verified: boolean;
  reachable: boolean;
  checks: { id: string; outcome: string; reason: string | null; evidence: Record<string, unknown> }[];
}
const outcomes = (r: Report) => Object.fromEntries(r.checks.map((c) => [c.id, c.outcome]));
const reasonOf = (r: Report, id: string) => r.checks.find((c) => c.id === id)?.reason ?? '';

/** An agent's own host: JSON-RPC answers for A2A and MCP, and the foreign cards and key set. */
function agentHost(documents: Map<string, unknown>): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (req.method === 'GET' && documents.has(path)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(documents.get(path)));
      }
      if (req.method === 'POST' && (path === '/a2a' || path === '/mcp')) {
        const call = JSON.parse(body) as { id: number; method: string };
        const answer =
          call.method === 'initialize'
            ? {
                jsonrpc: '2.0',
                id: call.id,
                result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 't', version: '1' } },
              }
            : { jsonrpc: '2.0', id: call.id, error: { code: -32004, message: 'no extended card' } };
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(answer));
      }
      res.writeHead(404).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://localhost:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('the verifier: GET /api/v1/verify/{name}', () => {
  let pdns: TestPowerDns;
  let api: PowerDnsClient;
  let root: HandshakeRoot;
  let idp: DevOidcProvider;
  let s: RegistryStack;
  let dir: string;
  let host: { server: Server; base: string };
  let ours: string;
  const documents = new Map<string, unknown>();
  let base: Anvil;
  let registry: Address;

  /** Registers an agent in the ERC-8004 registry on the local Base chain, as its own owner would; its id. */
  async function registerOnChain(agentUri: string): Promise<bigint> {
    const chain = localChain(8453, base.rpcUrl);
    const account = privateKeyToAccount(ANVIL_PAYER_KEYS[2]);
    const wallet = createWalletClient({ account, chain, transport: http(base.rpcUrl) });
    const reader = createPublicClient({ chain, transport: http(base.rpcUrl) });
    const hash = await wallet.writeContract({
      address: registry,
      abi: identityRegistryAbi,
      functionName: 'register',
      args: [agentUri],
    });
    const receipt = await reader.waitForTransactionReceipt({ hash });
    const [registered] = parseEventLogs({ abi: identityRegistryAbi, eventName: 'Registered', logs: receipt.logs });
    return (registered as { args: { agentId: bigint } }).args.agentId;
  }

  /** An ERC-8004 registration file naming `card` as its A2A service and listing the entries given. */
  const registrationFile = (card: string, entries: bigint[]) => ({
    type: 'https://eips.ethereum.org/EIPS/eip-8004#registration-v1',
    name: 'Foreign agent',
    description: 'An agent of another registry.',
    services: [{ name: 'A2A', endpoint: card }],
    active: true,
    registrations: entries.map((agentId) => ({ agentId: Number(agentId), agentRegistry: `eip155:8453:${registry}` })),
  });

  const verify = async (name: string) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/v1/verify/${name}` });
    expect(res.statusCode).toBe(200);
    return res.json() as Report;
  };

  /** A card for `endpoint`, signed by a key of the test's own whose set is served at /jwks.json. */
  async function signedCard(endpoint: string): Promise<AgentCard> {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(jwk);
    documents.set('/jwks.json', {
      keys: [
        ...((documents.get('/jwks.json') as { keys: unknown[] } | undefined)?.keys ?? []),
        { ...jwk, kid, alg: 'ES256', use: 'sig' },
      ],
    });
    const card = {
      name: 'Foreign agent',
      description: 'An agent of another registry.',
      version: '1',
      supportedInterfaces: [{ url: endpoint, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: {},
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 'answer', name: 'Answer', description: 'Answers.', tags: ['qa'] }],
    } as unknown as AgentCard;
    return generateAgentCardSignature(privateKey, { alg: 'ES256', typ: 'JOSE', kid, jku: `${host.base}/jwks.json` })(
      card,
    );
  }

  /** The DNS-AID SVCB and ENSIP-26 TXT rrsets of a foreign name, as its own operator would write them. */
  const agentRrsets = (owner: string, cardUrl: string, a2a: string) => {
    const at = new URL(a2a);
    return [
      {
        name: owner,
        type: 'SVCB',
        ttl: 60,
        changetype: 'REPLACE' as const,
        records: [
          {
            content: `1 ${at.hostname}. mandatory=alpn,port alpn=a2a,http/1.1 port=${at.port} key65409="${cardUrl}"`,
            disabled: false as const,
          },
        ],
      },
      {
        name: owner,
        type: 'TXT',
        ttl: 60,
        changetype: 'REPLACE' as const,
        records: [{ content: `"agent-endpoint[a2a]=${a2a}"`, disabled: false as const }],
      },
    ];
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'registry-test-verify-'));
    host = await agentHost(documents);
    await Promise.all([startTestPowerDns().then((p) => (pdns = p)), startTestOidc().then((i) => (idp = i))]);
    api = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    // The root's port is known only once it runs: the resolver's settings are given after (below).
    const rootPort = await freePort();
    base = await startAnvil({ port: await freePort(), chainId: 8453 });
    ({ registry } = await deployIdentityRegistry(base.rpcUrl, 8453));
    s = await startRegistryStack({
      // Where the verifier reads ERC-8004 entries (ERC8004_CHAIN_ID is 8453 by default).
      BASE_RPC_URL: base.rpcUrl,
      OIDC_ISSUER: idp.issuer,
      ...pdns.env,
      WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
      VERIFY_DNS_ROOT: `127.0.0.1:${rootPort}`,
      VERIFY_DNS_STUBS: `agent=127.0.0.1:${pdns.server.dnsPort},foreign=127.0.0.1:${pdns.server.dnsPort}`,
    });
    const key = { authorization: `Bearer ${await idp.mintAccessToken('vera')}` };
    const me = (await s.t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers: key })).json();
    const label = randomLabel('ver');
    await grantGems(s.t.db.em(), { accountId: me.account.account_id, amount: 5000, reference: `g:${label}` });
    ours = await registered(s.t.app, label, { headers: key, method: 'gems' });
    const profile = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/domains/${ours}/profile`,
      headers: key,
      // A profile's endpoints are https; this host is not reachable from here, which the report says apart.
      payload: { endpoints: { a2a: 'https://scout.invalid/a2a', mcp: 'https://scout.invalid/mcp' } },
    });
    expect(profile.statusCode).toBe(200);
    await eventually(async () => (await api.keys('agent.'))?.some((k) => k.active) === true);
    const authority = {
      nameservers: [{ host: 'ns1.foreign.', address: '127.0.0.1' }],
      hostmaster: 'hostmaster.foreign.',
    };
    const foreignDs = await ensureNamespaceZone(api, 'foreign', authority, true);
    const agentDs = await ensureNamespaceZone(
      api,
      'agent',
      { nameservers: [{ host: 'ns1.agent.', address: '127.0.0.1' }], hostmaster: 'hostmaster.agent.' },
      true,
    );
    root = await startHandshakeRoot({
      dataDir: join(dir, 'hsd'),
      namespaces: ['agent', 'foreign'],
      nameservers: (ns) => [{ host: `ns1.${ns}.`, address: '127.0.0.1' }],
      ds: (ns) => (ns === 'agent' ? agentDs : foreignDs),
      rootPort,
    });
  });
  afterAll(async () => {
    await root?.stop();
    await s?.stop();
    await base?.stop();
    await pdns?.stop();
    await idp?.stop();
    host?.server.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('verifies a name of ours from the trust anchor to its signed card, and says apart that its endpoints do not answer', async () => {
    // The zone run writes the name's records; the report is asked once they are there (it is kept a minute).
    await eventually(async () =>
      ((await api.getZone('agent.')) ?? []).some((r) => r.name === `${ours}.` && r.type === 'SVCB'),
    );
    const r = await verify(ours);
    expect(outcomes(r)).toMatchObject({
      dnssec: 'pass',
      dns_aid: 'pass',
      ensip_txt: 'pass',
      card_signature: 'pass',
      erc8004: 'absent',
      domain_proof: 'absent',
      a2a_endpoint: 'unreachable',
      mcp_endpoint: 'unreachable',
    });
    expect(r).toMatchObject({ verified: true, reachable: false });
    expect(reasonOf(r, 'a2a_endpoint')).toMatch(/does not resolve/);
    const card = r.checks.find((c) => c.id === 'card_signature');
    expect(card?.evidence.card_url).toBe(`${s.baseUrl}/agents/${ours}/agent-card.json`);
  });

  it('verifies a foreign name with a card signed by its own key, and reports each tampering as what it is', async () => {
    const zone = 'foreign.';
    const good = await signedCard(`${host.base}/a2a`);
    documents.set('/good.json', good);
    // Changed after signing: the description is the owner's no more.
    documents.set('/changed.json', { ...good, description: 'Someone else now.' });
    // Its entry on the local Base chain, its file naming the card; a second entry whose file names another card.
    const goodId = await registerOnChain(`${host.base}/reg-good.json`);
    documents.set('/reg-good.json', registrationFile(`${host.base}/good.json`, [goodId]));
    const otherId = await registerOnChain(`${host.base}/reg-other.json`);
    documents.set('/reg-other.json', registrationFile(`${host.base}/someone-else.json`, [otherId]));
    const entryTxt = (owner: string, registryAddress: string, id: bigint) => ({
      name: owner,
      type: 'TXT',
      ttl: 60,
      changetype: 'REPLACE' as const,
      records: [
        { content: `"agent-endpoint[a2a]=${host.base}/a2a"`, disabled: false as const },
        {
          content: `"agent-registration[${erc7930Address(8453, registryAddress)}][${id}]=1"`,
          disabled: false as const,
        },
      ],
    });
    const withEntry = (owner: string, registryAddress: string, id: bigint) =>
      agentRrsets(owner, `${host.base}/good.json`, `${host.base}/a2a`).map((r) =>
        r.type === 'TXT' ? entryTxt(owner, registryAddress, id) : r,
      );
    await api.patchZone(zone, [
      ...withEntry(`good.${zone}`, registry, goodId),
      // The TXT names another registry: no such entry there.
      ...withEntry(`otherregistry.${zone}`, '0x000000000000000000000000000000000000dEaD', goodId),
      // The TXT names an entry whose tokenURI is a file about another agent's card.
      ...withEntry(`otheruri.${zone}`, registry, otherId),
      ...agentRrsets(`changed.${zone}`, `${host.base}/changed.json`, `${host.base}/a2a`),
      // The TXT names another endpoint than the card and the SVCB record.
      ...agentRrsets(`elsewhere.${zone}`, `${host.base}/good.json`, `${host.base}/a2a`).map((r) =>
        r.type === 'TXT'
          ? {
              ...r,
              records: [{ content: '"agent-endpoint[a2a]=https://impostor.example/a2a"', disabled: false as const }],
            }
          : r,
      ),
      // A delegation whose DS matches no key of the child: the chain breaks there.
      {
        name: `broken.${zone}`,
        type: 'NS',
        ttl: 60,
        changetype: 'REPLACE',
        records: [{ content: 'ns1.foreign.', disabled: false }],
      },
      {
        name: `broken.${zone}`,
        type: 'DS',
        ttl: 60,
        changetype: 'REPLACE',
        records: [{ content: `12345 13 2 ${'AB'.repeat(32)}`, disabled: false }],
      },
    ]);
    await api.createZone(
      'broken.foreign.',
      agentRrsets('broken.foreign.', `${host.base}/good.json`, `${host.base}/a2a`)
        .map((r) => ({ name: r.name, type: r.type, ttl: r.ttl, contents: r.records.map((x) => x.content) }))
        .concat([{ name: 'broken.foreign.', type: 'NS', ttl: 60, contents: ['ns1.foreign.'] }]),
      { dnssec: true },
    );

    const ok = await verify('good.foreign');
    expect(ok.checks.find((c) => c.id === 'erc8004')?.evidence).toMatchObject({
      agent_id: String(goodId),
      registry: registry.toLowerCase(),
      token_uri: `${host.base}/reg-good.json`,
      owner: privateKeyToAccount(ANVIL_PAYER_KEYS[2]).address,
    });
    expect(outcomes(ok)).toMatchObject({
      erc8004: 'pass',
      dnssec: 'pass',
      dns_aid: 'pass',
      ensip_txt: 'pass',
      card_signature: 'pass',
      a2a_endpoint: 'pass',
      mcp_endpoint: 'absent',
    });
    expect(ok).toMatchObject({ verified: true, reachable: true });

    // The same report through MCP, for an agent that reaches us there (no credential: a public read).
    const client = await mcpClient(s.baseUrl);
    try {
      const called = await client.callTool({ name: 'verify_agent', arguments: { name: 'good.foreign' } });
      expect(called.isError).toBeFalsy();
      expect(called.structuredContent).toMatchObject({ name: 'good.foreign', verified: true, reachable: true });
    } finally {
      await client.close();
    }

    const changed = await verify('changed.foreign');
    expect(outcomes(changed).card_signature).toBe('fail');
    expect(reasonOf(changed, 'card_signature')).toMatch(/no signature verifies/);
    expect(changed.verified).toBe(false);

    const elsewhere = await verify('elsewhere.foreign');
    expect(outcomes(elsewhere).ensip_txt).toBe('fail');
    expect(reasonOf(elsewhere, 'ensip_txt')).toContain('impostor.example');
    expect(elsewhere.verified).toBe(false);

    const otherRegistry = await verify('otherregistry.foreign');
    expect(outcomes(otherRegistry).erc8004).toBe('fail');
    expect(reasonOf(otherRegistry, 'erc8004')).toMatch(/has no entry/);
    expect(otherRegistry.verified).toBe(false);

    const otherUri = await verify('otheruri.foreign');
    expect(outcomes(otherUri).erc8004).toBe('fail');
    expect(reasonOf(otherUri, 'erc8004')).toContain(`${host.base}/someone-else.json`);
    expect(otherUri.verified).toBe(false);

    const broken = await verify('broken.foreign');
    expect(outcomes(broken).dnssec).toBe('fail');
    expect(reasonOf(broken, 'dnssec')).toMatch(/broken/);
    expect(broken.verified).toBe(false);

    const nothing = await verify('nothing-here.foreign');
    expect(outcomes(nothing)).toMatchObject({ dns_aid: 'absent', card_signature: 'absent', a2a_endpoint: 'absent' });
    expect(nothing).toMatchObject({ verified: false, reachable: false });
  });

  it('answers 400 for what is not a DNS name, and changes nothing', async () => {
    for (const bad of ['a..b', '-x.agent', `${'a'.repeat(64)}.agent`, 'sp ace.agent']) {
      const res = await s.t.app.inject({ method: 'GET', url: `/api/v1/verify/${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_name');
    }
  });
});
