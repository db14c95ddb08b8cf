import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import * as ops from '../../src/ops/commands.ts';
import { Domain, DomainOrder, OutboxEvent } from '../../src/db/entities/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { createDomain, randomLabel, withOutboxFailingFor } from '../helpers/fixtures.ts';

type Agent = Awaited<ReturnType<typeof provision>>;
const ROUTE = 'POST /api/v1/domains/transfer';

describe('POST /api/v1/domains/transfer', () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;
  const key = (a: Agent) => ({ 'x-api-key': a.api_key });
  const transfer = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/domains/transfer', headers, payload });
  const view = (name: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/domains/${name}`, headers });
  const domainOf = (owner: string, profile = {}) =>
    createDomain(t.db.orm, {
      label: randomLabel('tr'),
      namespace: 'agent',
      owner: { id: owner } as never,
      profile,
    }).then((d) => d.name);
  const ownerOf = async (name: string) => (await t.db.orm.em.fork().findOneOrFail(Domain, { name })).owner.id;
  const traces = async (name: string) => {
    const em = t.db.orm.em.fork();
    const orders = await em.find(DomainOrder, { domainName: name });
    const events = (await em.find(OutboxEvent, { eventType: 'domain.transferred' })).filter(
      (e) => e.payload.domain === name,
    );
    return { orders, events };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await provision(t.app);
    bob = await provision(t.app);
  });
  afterAll(() => t.close());

  it('moves a domain from its owner to another account, with its ledger order and event', async () => {
    const name = await domainOf(alice.account_id);
    const res = await transfer(key(alice), {
      domain: name.toUpperCase(),
      to_account_id: bob.account_id,
      reason: 'handover',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: expect.any(String),
      domain: { name, owner_id: bob.account_id },
      order_id: expect.any(Number),
    });
    expect(await ownerOf(name)).toBe(bob.account_id);

    const { orders, events } = await traces(name);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: body.order_id,
      kind: 'transfer',
      paymentMethod: 'free',
      amountGems: 0,
      currency: 'gems',
      reference: expect.stringMatching(/^transfer:[0-9a-f-]{36}$/),
      details: {
        from_owner_id: alice.account_id,
        to_owner_id: bob.account_id,
        reason: 'handover',
        actor: { kind: 'agent_key' },
      },
    });
    expect([orders[0]?.account.id, orders[0]?.owner.id]).toEqual([alice.account_id, bob.account_id]);
    expect(events.map((e) => e.payload)).toEqual([
      {
        domain: name,
        domain_id: expect.any(Number),
        owner_id: bob.account_id,
        from_owner_id: alice.account_id,
        to_owner_id: bob.account_id,
        order_id: body.order_id,
        transferred_at: orders[0]?.createdAt.toISOString(),
      },
    ]);

    expect((await t.app.inject({ method: 'GET', url: `/api/v1/lookup/${name}` })).json().domain.name).toBe(name);
    expect((await view(name, key(alice))).statusCode).toBe(403);
    expect((await view(name, key(bob))).statusCode).toBe(200);
    const activity = async (a: Agent) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/domains/activity', headers: key(a) })).json().data;
    expect(await activity(alice)).toEqual([
      expect.objectContaining({ order_id: body.order_id, kind: 'transfer', role: 'payer' }),
    ]);
    expect(await activity(bob)).toEqual([
      expect.objectContaining({ order_id: body.order_id, kind: 'transfer', role: 'owner' }),
    ]);
    // Done once: doing it again is a conflict, not a second order.
    expect((await transfer(key(alice), { domain: name, to_account_id: bob.account_id })).statusCode).toBe(403);
    expect((await transfer(key(bob), { domain: name, to_account_id: bob.account_id })).json()).toMatchObject({
      status: 'error',
      code: 'already_owner',
    });
  });

  it('writes nothing when any part of the transaction fails', async () => {
    const name = await domainOf(alice.account_id);
    await withOutboxFailingFor(t.db.orm, name, async () => {
      const res = await transfer(key(alice), { domain: name, to_account_id: bob.account_id });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('internal_error');
    });
    expect(await ownerOf(name)).toBe(alice.account_id);
    expect(await traces(name)).toEqual({ orders: [], events: [] });
  });

  it("refuses another account's credential and changes nothing, whatever the domain publishes", async () => {
    const name = await domainOf(alice.account_id, { did: `did:web:x#${bob.account_id}`, owner_id: bob.account_id });
    for (const to of [bob.account_id, alice.account_id]) {
      const res = await transfer(key(bob), { domain: name, to_account_id: to });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 'error', code: 'forbidden' });
    }
    const human = await humanWithSession(t.app, t.db.orm, randomLabel('mallory'));
    expect(
      (await transfer({ cookie: human.cookie }, { domain: name, to_account_id: human.accountId })).statusCode,
    ).toBe(403);
    expect(await ownerOf(name)).toBe(alice.account_id);
    expect(await traces(name)).toEqual({ orders: [], events: [] });
  });

  it('answers 404 for an unknown target account, 409 for the current owner or an inactive domain', async () => {
    const name = await domainOf(alice.account_id);
    const unknown = await transfer(key(alice), { domain: name, to_account_id: '00000000-0000-4000-8000-000000000000' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      expect.objectContaining({ status: 'error', code: 'account_not_found' }),
    ]);
    const same = await transfer(key(alice), { domain: name, to_account_id: alice.account_id });
    expect([same.statusCode, same.json().code]).toEqual([409, 'already_owner']);
    await t.db.orm.em.fork().nativeUpdate(Domain, { name }, { status: 'suspended' });
    const inactive = await transfer(key(alice), { domain: name, to_account_id: bob.account_id });
    expect([inactive.statusCode, inactive.json().code]).toEqual([409, 'domain_not_active']);
    expect(await ownerOf(name)).toBe(alice.account_id);
    expect(await traces(name)).toEqual({ orders: [], events: [] });
  });

  it('validates the body and the name', async () => {
    const name = await domainOf(alice.account_id);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ domain: name }, 400, 'validation_failed'],
      [{ domain: name, to_account_id: 'not-a-uuid' }, 400, 'validation_failed'],
      [{ domain: name, to_account_id: bob.account_id, extra: 1 }, 400, 'validation_failed'],
      [{ domain: name, to_account_id: bob.account_id, reason: 7 }, 400, 'validation_failed'],
      [{ domain: 'scout', to_account_id: bob.account_id }, 400, 'invalid_name'],
      [{ domain: 'scout.nosuchns', to_account_id: bob.account_id }, 400, 'unknown_namespace'],
      [{ domain: `${randomLabel('none')}.agent`, to_account_id: bob.account_id }, 404, 'domain_not_found'],
    ];
    for (const [payload, status, code] of cases) {
      const res = await transfer(key(alice), payload);
      expect({ payload, status: res.statusCode, code: res.json().code }).toEqual({ payload, status, code });
    }
    expect((await transfer({}, { domain: name, to_account_id: bob.account_id })).statusCode).toBe(401);
    expect(await ownerOf(name)).toBe(alice.account_id);
  });

  it('lets the operator who claimed the owning agent transfer its domain', async () => {
    const agent = await provision(t.app);
    const operator = await humanWithSession(t.app, t.db.orm, randomLabel('op'));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/agents/claim',
      payload: { claim_code: agent.claim_code },
      headers: { cookie: operator.cookie },
    });
    const name = await domainOf(agent.account_id);
    const res = await transfer({ cookie: operator.cookie }, { domain: name, to_account_id: operator.accountId });
    expect(res.statusCode).toBe(200);
    expect(await ownerOf(name)).toBe(operator.accountId);
    expect((await traces(name)).orders[0]?.account.id).toBe(operator.accountId);
  });

  it('lets exactly one of two concurrent transfers of a domain win', async () => {
    const name = await domainOf(alice.account_id);
    const carol = await provision(t.app);
    const results = await Promise.all(
      [bob, carol].map((to) => transfer(key(alice), { domain: name, to_account_id: to.account_id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect((await traces(name)).orders).toHaveLength(1);
  });

  describe('organization credentials', () => {
    let orgId = '';
    let member: Agent;
    let customer: Agent;
    let other: Agent;
    const orgKey = async (nsOps: string[], customers: string[] | null = null, routes = [ROUTE]) => ({
      'x-api-key': (
        await ops.createOrgKey(t.db.orm.em.fork(), orgId, member.account_id, {
          routes,
          customers,
          domains: null,
          namespaceOps: { agent: nsOps },
        })
      ).api_key,
    });

    beforeAll(async () => {
      const em = t.db.orm.em.fork();
      [member, customer, other] = [await provision(t.app), await provision(t.app), await provision(t.app)];
      orgId = (await ops.createOrganization(em, randomLabel('org'))).organization_id;
      await ops.setMember(em, orgId, member.account_id, true);
      await ops.addCustomer(em, orgId, customer.account_id);
      await ops.addCustomer(em, orgId, other.account_id);
    });

    it('transfer between customers with the transfer operation, recorded against the member', async () => {
      const name = await domainOf(customer.account_id);
      const res = await transfer(await orgKey(['read', 'transfer']), { domain: name, to_account_id: other.account_id });
      expect(res.statusCode).toBe(200);
      expect(await ownerOf(name)).toBe(other.account_id);
      const [o] = (await traces(name)).orders;
      expect([o?.account.id, o?.owner.id, o?.details.actor]).toEqual([
        member.account_id,
        other.account_id,
        expect.objectContaining({ kind: 'org_key', organization_id: orgId }),
      ]);
    });

    it('are refused without the operation, outside their customers or their allowlist, and on unrelated domains', async () => {
      const name = await domainOf(customer.account_id);
      const refuse = async (headers: Record<string, string>, domain: string, to: string, code = 'forbidden') => {
        const res = await transfer(headers, { domain, to_account_id: to });
        expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 403, code });
      };
      await refuse(await orgKey(['read']), name, other.account_id);
      await refuse(await orgKey(['transfer']), name, alice.account_id); // target is not a customer
      await refuse(await orgKey(['transfer'], [customer.account_id]), name, other.account_id); // target outside the key's customers
      await refuse(
        await orgKey(['transfer'], null, ['GET /api/v1/domains']),
        name,
        other.account_id,
        'route_not_allowed',
      );
      await refuse(await orgKey(['transfer']), await domainOf(alice.account_id), customer.account_id); // owner not a customer
      await refuse(await orgKey(['transfer']), await domainOf(member.account_id), customer.account_id); // the member's own domain
      expect(await ownerOf(name)).toBe(customer.account_id);
      expect(await traces(name)).toEqual({ orders: [], events: [] });
    });
  });
});
