import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicClient, http, parseAbiItem, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { onchainIdentityWorkflowId } from '../../workflows/onchain-identity-messages.ts';
import { onchainRegistrar } from '../../src/identity/erc8004/registrar.ts';
import { identityRegistryAbi } from '../../src/identity/erc8004/registry.ts';
import { ANVIL_REGISTRAR_KEY, localChain, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployIdentityRegistry } from '../../src/infra/erc8004.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { powerDnsClient } from '../../src/dns/powerdns.ts';
import { ensip25Key } from '../../src/domain/onchain-identity.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { freePort } from '../helpers/ports.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const BASE = 8453;
const PRICE = 500;

// A name's entry in an ERC-8004 identity registry (docs/discovery.md "On chain"), over real parts: the
// registry's own IdentityRegistry.sol on an anvil with Base's chain id, the API, the worker and Temporal.
describe('a name registered in the ERC-8004 identity registry (paid)', () => {
  let base: Anvil;
  let registry: Address;
  let s: RegistryStack;
  let person: { cookie: string };
  let pdns: TestPowerDns;
  const registrar = privateKeyToAccount(ANVIL_REGISTRAR_KEY).address;
  const chain = () => createPublicClient({ chain: localChain(BASE, base.rpcUrl), transport: http(base.rpcUrl) });
  const registeredLogs = async () =>
    chain().getLogs({
      address: registry,
      event: parseAbiItem('event Registered(uint256 indexed agentId, string agentURI, address indexed owner)'),
      fromBlock: 0n,
    });

  beforeAll(async () => {
    // The Base chain with its registry and PowerDNS side by side (each assigned as it comes up, so
    // afterAll stops what did).
    await Promise.all([
      (async () => {
        base = await startAnvil({ port: await freePort(), chainId: BASE });
        ({ registry } = await deployIdentityRegistry(base.rpcUrl, BASE));
      })(),
      startTestPowerDns().then((p) => (pdns = p)),
    ]);
    s = await startRegistryStack({
      ...pdns.env,
      RATE_LIMIT_MAX: '10000',
      BASE_RPC_URL: base.rpcUrl,
      ERC8004_REGISTRY_ADDRESS: registry,
      ERC8004_SIGNER_KEY: ANVIL_REGISTRAR_KEY,
      ERC8004_PRICE_GEMS: String(PRICE),
    });
    person = await humanWithSession(s.t.app, s.t.db.orm, `erc8004-${randomLabel()}`);
  });
  afterAll(async () => {
    await s?.stop();
    await base?.stop();
    await pdns?.stop();
  });

  const post = (name: string, headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
    s.t.app.inject({ method: 'POST', url: `/api/v1/domains/${name}/erc8004`, headers, payload });
  const get = (url: string) => s.t.app.inject({ method: 'GET', url });
  /** A fresh agent with gems and an active name of its own. */
  async function ownerOfAName() {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const label = randomLabel('id');
    expect((await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' })).statusCode).toBe(200);
    return { agent, name: `${label}.agent` };
  }

  it('with gems: registered once on chain, its agent id in the answer, the run, the registration file, lookup and RDAP', async () => {
    const { agent, name } = await ownerOfAName();
    const before = await gemsBalance(s.t.db.em(), agent.id);
    const r = await post(name, agent.key, { payment_method: 'gems' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    const uri = `${s.baseUrl}/agents/${name}/registration.json`;
    expect(body).toMatchObject({
      status: 'success',
      domain: { name },
      erc8004: { agent_registry: `eip155:${BASE}:${registry}`, agent_uri: uri },
      order: { payment_method: 'gems', amount_gems: PRICE, currency: 'gems' },
    });
    const agentId = body.erc8004.agent_id as number;
    expect(typeof agentId).toBe('number');
    expect(await gemsBalance(s.t.db.em(), agent.id)).toBe(before - PRICE);

    // The chain says the same: the token points at the name's registration file and the registrar holds it.
    const id = BigInt(agentId);
    expect(
      await chain().readContract({ address: registry, abi: identityRegistryAbi, functionName: 'tokenURI', args: [id] }),
    ).toBe(uri);
    expect(
      await chain().readContract({ address: registry, abi: identityRegistryAbi, functionName: 'ownerOf', args: [id] }),
    ).toBe(registrar);
    const mine = (await registeredLogs()).filter((l) => l.args.agentURI === uri);
    expect(mine.map((l) => l.transactionHash)).toEqual([body.erc8004.tx_hash]);

    // The run ends Completed with the agent id, under a name a person can read in the Temporal UI.
    const run = await s.t.temporal.client.workflow.getHandle(onchainIdentityWorkflowId(name)).result();
    expect(run).toMatchObject({ outcome: 'identity_registered', result: { agentId, txHash: body.erc8004.tx_hash } });

    // Asked again: the same entry, nothing paid or sent twice.
    const again = await post(name, agent.key, { payment_method: 'gems' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ session_id: body.session_id, erc8004: { agent_id: agentId } });
    expect(await gemsBalance(s.t.db.em(), agent.id)).toBe(before - PRICE);
    // A retry of the send (a worker that crashed after it) finds the mined transaction: no second one.
    const direct = onchainRegistrar({
      orm: s.t.db.orm,
      rpcUrl: base.rpcUrl,
      chainId: BASE,
      registry,
      privateKey: ANVIL_REGISTRAR_KEY,
    });
    expect(await direct.publish(body.session_id)).toEqual({ agentId, txHash: body.erc8004.tx_hash });
    expect((await registeredLogs()).filter((l) => l.args.agentURI === uri)).toHaveLength(1);

    // Every public read shows it (each within the read cache's delay).
    await eventually(async () => (await get(`/agents/${name}/registration.json`)).json().registrations?.length === 1);
    expect((await get(`/agents/${name}/registration.json`)).json().registrations).toEqual([
      { agentId, agentRegistry: `eip155:${BASE}:${registry}` },
    ]);
    expect((await get(`/api/v1/lookup/${name}`)).json().identity.erc8004).toEqual({
      agent_id: agentId,
      agent_registry: `eip155:${BASE}:${registry}`,
    });
    // The name carries ENSIP-25's text record, the registry named by its ERC-7930 address, in PowerDNS itself
    // (in the signed namespace zone until the name is delegated, then in its own zone).
    const zone = powerDnsClient({ apiUrl: pdns.env.PDNS_API_URL as string, apiKey: pdns.env.PDNS_API_KEY as string });
    const key = ensip25Key({ agentId, chainId: BASE, registry });
    expect(key).toBe(`agent-registration[0x00010000022105${'14'}${registry.slice(2).toLowerCase()}][${agentId}]`);
    const txt = async (at: string) =>
      ((await zone.getZone(at)) ?? [])
        .filter((r) => r.name === `${name}.` && r.type === 'TXT')
        .flatMap((r) => r.contents);
    await eventually(async () => (await txt('agent.')).includes(`"${key}=1"`));

    // Delegated, the name's signed delegation shows in RDAP with the DS records the namespace zone publishes.
    const enabled = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/domains/${name}/enable_dns`,
      headers: agent.key,
    });
    expect(enabled.statusCode).toBe(200);
    await eventually(async () => (await get(`/rdap/domain/${name}`)).json().secureDNS?.delegationSigned === true);
    expect(await txt(`${name}.`)).toContain(`"${key}=1"`);
    expect(await txt('agent.')).toEqual([]);
    // Read at once, not waited for: a DS is stored for RDAP only after the namespace zone took it
    // (src/dns/sync.ts), so RDAP never shows one PowerDNS does not publish yet.
    const ds = ((await zone.getZone('agent.')) ?? []).find((r) => r.name === `${name}.` && r.type === 'DS');
    const rdap = (await get(`/rdap/domain/${name}`)).json();
    expect(
      rdap.secureDNS.dsData.map(
        (d: { keyTag: number; algorithm: number; digestType: number; digest: string }) =>
          `${d.keyTag} ${d.algorithm} ${d.digestType} ${d.digest.toLowerCase()}`,
      ),
    ).toEqual(ds?.contents.map((c) => c.toLowerCase()));
    expect(rdap.remarks).toEqual([
      {
        title: 'ERC-8004 identity',
        description: [`Agent ${agentId} in the ERC-8004 identity registry eip155:${BASE}:${registry}.`],
      },
    ]);
  });

  it('by machine payment: a 402, paid on chain, then registered; only the owner may, and only an active name', async () => {
    const { agent, name } = await ownerOfAName();
    const challenge = await post(name, agent.key);
    expect(challenge.statusCode).toBe(402);
    const paid = await s.pay(challenge);
    const done = await post(name, { ...agent.key, authorization: `Payment ${paid.txHash}` });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      order: { payment_method: 'mpp' },
      erc8004: { agent_uri: `${s.baseUrl}/agents/${name}/registration.json` },
    });
    expect(done.json().erc8004.agent_id).toEqual(expect.any(Number));

    const stranger = await claimedAgent(
      s.t.app,
      s.t.db.orm,
      (await humanWithSession(s.t.app, s.t.db.orm, `other-${randomLabel()}`)).cookie,
    );
    const { name: theirs } = await ownerOfAName();
    expect((await post(theirs, stranger.key, { payment_method: 'gems' })).json().code).toBe('forbidden');
    expect((await post(`${randomLabel('none')}.agent`, agent.key, { payment_method: 'gems' })).statusCode).toBe(404);
    expect((await post(theirs, {}, { payment_method: 'gems' })).statusCode).toBe(401);
    expect((await post(theirs, agent.key, { payment_method: 'bitcoin' })).statusCode).toBe(400);
  });
});
