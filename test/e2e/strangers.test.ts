import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ANVIL_REGISTRAR_KEY, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployIdentityRegistry } from '../../src/infra/erc8004.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { registerDomain, registered } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession, provision } from '../helpers/identities.ts';
import { freePort } from '../helpers/ports.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

type Person = { accountId: string; cookie: string };
const BASE = 8453;

// Issue 49 part 3, what a stranger could do to someone else's things: learn that a name's ERC-8004
// registration is under way (409 lock_busy) before being asked who they are, and push names into a team
// (a transfer, a registration's target_owner_id) so that its owner can no longer delete it.
describe('strangers', () => {
  let s: RegistryStack;
  let base: Anvil;
  let owner: Person;
  let stranger: Person;
  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const person = async (tag: string) => {
    const p = await humanWithSession(s.t.app, s.t.db.orm, `strangers-${tag}-${randomLabel()}`);
    await grantGems(s.t.db.em(), { accountId: p.accountId, amount: 1_000_000, reference: `grant:${randomLabel()}` });
    return p;
  };

  beforeAll(async () => {
    base = await startAnvil({ port: await freePort(), chainId: BASE });
    const { registry } = await deployIdentityRegistry(base.rpcUrl, BASE);
    s = await startRegistryStack({
      RATE_LIMIT_MAX: '10000',
      BASE_RPC_URL: base.rpcUrl,
      ERC8004_REGISTRY_ADDRESS: registry,
      ERC8004_SIGNER_KEY: ANVIL_REGISTRAR_KEY,
    });
    owner = await person('owner');
    stranger = await person('stranger');
  }, 120_000);
  afterAll(async () => {
    await s?.stop();
    await base?.stop();
  });

  it('ERC-8004: a stranger is refused as a stranger, whether or not a registration is under way', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, owner.cookie);
    const name = await registered(s.t.app, randomLabel('chain'), { headers: agent.key, method: 'gems' });
    const other = await claimedAgent(s.t.app, s.t.db.orm, stranger.cookie);
    const ask = (key: Record<string, string>) =>
      call(key, 'POST', `/api/v1/domains/${name}/erc8004`, { payment_method: 'mpp' });
    const idle = await ask(other.key);
    expect([idle.statusCode, idle.json().code]).toEqual([403, 'forbidden']);
    // The owner opens a checkout (its run holds the name's lock while it waits for payment).
    expect((await ask(agent.key)).statusCode).toBe(402);
    const busy = await ask(other.key);
    expect([busy.statusCode, busy.json().code]).toEqual([403, 'forbidden']);
    // The owner, asking again, gets its checkout's challenge as before.
    expect((await ask(agent.key)).statusCode).toBe(402);
  }, 60_000);

  it('a team takes names only from inside it: strangers are refused, members and its agents are not', async () => {
    const teamId = (await call({ cookie: owner.cookie }, 'POST', '/api/v1/teams', { name: 'Closed' })).json().team.id;
    const own = await registered(s.t.app, randomLabel('mine'), {
      headers: { cookie: stranger.cookie },
      method: 'gems',
    });
    const pushed = await call({ cookie: stranger.cookie }, 'POST', '/api/v1/domains/transfer', {
      domain: own,
      to_account_id: teamId,
    });
    expect([pushed.statusCode, pushed.json().code]).toEqual([403, 'not_a_member']);
    const gift = await registerDomain(s.t.app, randomLabel('gift'), {
      headers: { cookie: stranger.cookie },
      method: 'gems',
      body: { target_owner_id: teamId },
    });
    expect([gift.statusCode, gift.json().code]).toEqual([403, 'not_a_member']);
    // An agent a stranger provisioned, and one nobody claimed, are strangers too.
    const loose = await provision(s.t.app);
    const anon = await registerDomain(s.t.app, randomLabel('gift'), {
      headers: { 'x-api-key': loose.api_key },
      method: 'mpp',
      body: { target_owner_id: teamId },
    });
    expect([anon.statusCode, anon.json().code]).toEqual([403, 'not_a_member']);
    expect((await call({ cookie: owner.cookie }, 'GET', `/api/v1/teams/${teamId}`)).json().holdings).toEqual({
      names: 0,
      agents: 0,
    });

    // Its member moves their own name in, and registers one for it; an agent the team manages hands its name over.
    const mine = await registered(s.t.app, randomLabel('mine'), { headers: { cookie: owner.cookie }, method: 'gems' });
    const moved = await call({ cookie: owner.cookie }, 'POST', '/api/v1/domains/transfer', {
      domain: mine,
      to_account_id: teamId,
    });
    expect(moved.statusCode).toBe(200);
    const forTeam = await registerDomain(s.t.app, randomLabel('team'), {
      headers: { cookie: owner.cookie },
      method: 'gems',
      body: { target_owner_id: teamId },
    });
    expect(forTeam.statusCode).toBe(200);
    const teamAgent = await provision(s.t.app);
    const claim = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      headers: { cookie: owner.cookie, 'x-team-id': teamId },
      payload: { claim_code: teamAgent.claim_code },
    });
    expect(claim.statusCode).toBe(200);
    await grantGems(s.t.db.em(), { accountId: teamAgent.account_id, amount: 100_000, reference: `g:${randomLabel()}` });
    const agentName = await registered(s.t.app, randomLabel('agt'), {
      headers: { 'x-api-key': teamAgent.api_key },
      method: 'gems',
    });
    const handed = await call({ 'x-api-key': teamAgent.api_key }, 'POST', '/api/v1/domains/transfer', {
      domain: agentName,
      to_account_id: teamId,
    });
    expect(handed.statusCode).toBe(200);
  }, 60_000);
});
