import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account } from '../../src/db/entities/index.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { startTestReceiver, type TestReceiver } from '../helpers/webhook-receiver.ts';

type Headers = Record<string, string>;

// Spec 5 rule 1 (issue 25 item 11): a person who claimed an agent sees and answers what the agent owns
// on every list and detail route: offers on its names and by it, their decisions, its activity, its
// webhook subscriptions and their deliveries. A person who claimed nothing of it sees none of it.
describe('a person manages the agents it claimed', () => {
  let s: RegistryStack;
  let idp: DevOidcProvider;
  let receiver: TestReceiver;
  let person: Headers;
  let session: Headers;
  let stranger: Headers;
  let agent: { key: Headers; id: string };
  let name = '';
  let subscriptionId = '';
  const secret = 'whsec_bWFuYWdlZC1hZ2VudHMtdGVzdC1zZWNyZXQ=';

  const call = async (method: string, path: string, headers: Headers, body?: unknown) => {
    const res = await s.t.app.inject({
      method: method as 'GET',
      url: path,
      headers,
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
    });
    return { status: res.statusCode, body: res.json<Record<string, any>>() };
  };
  const bidder = async () => {
    const p = await provision(s.t.app);
    await grantGems(s.t.db.orm.em.fork(), {
      accountId: p.account_id,
      amount: 1_000,
      reference: `grant:${randomLabel()}`,
    });
    return { key: { 'x-api-key': p.api_key }, id: p.account_id };
  };
  const offerIds = (r: { body: Record<string, any> }) =>
    (r.body.data as { offer_id: string }[]).map((o) => o.offer_id).sort();

  beforeAll(async () => {
    idp = await startTestOidc();
    s = await startRegistryStack({ OIDC_ISSUER: idp.issuer, WEBHOOK_ALLOW_INSECURE_LOCAL: 'true' });
    receiver = await startTestReceiver(secret);
    person = { authorization: `Bearer ${await idp.mintAccessToken('carol')}` };
    stranger = { authorization: `Bearer ${await idp.mintAccessToken('dave')}` };
    const carol = (await call('GET', '/api/v1/agents/me', person)).body.account.account_id as string;
    session = { cookie: (await humanWithSession(s.t.app, s.t.db.orm, 'carol', idp.issuer)).cookie };

    const p = await provision(s.t.app);
    agent = { key: { 'x-api-key': p.api_key }, id: p.account_id };
    expect((await call('POST', '/api/v1/agents/claim', session, { claim_code: p.claim_code })).status).toBe(200);
    expect((await s.t.db.orm.em.fork().findOneOrFail(Account, { id: agent.id })).operatorAccount?.id).toBe(carol);
    const owner = await s.t.db.orm.em.fork().findOneOrFail(Account, { id: agent.id });
    name = (await createDomain(s.t.db.orm, { label: randomLabel('managed'), namespace: 'agent', owner })).name;

    const sub = await call('POST', '/api/v1/webhooks/subscribe', agent.key, {
      target_url: receiver.url,
      events: ['domain.sold'],
      secret,
    });
    expect(sub.status).toBe(200);
    subscriptionId = sub.body.subscription.subscription_id;
  });

  afterAll(async () => {
    await receiver?.stop();
    await s?.stop();
    await idp?.stop();
  });

  it("lists offers on the agent's names and by the agent, and answers them as the agent would", async () => {
    const b = await bidder();
    const made = await call('POST', '/api/v1/domains/make-offer', b.key, {
      domain: name,
      amount: 200,
      currency: 'gems',
    });
    expect(made.status).toBe(200);
    const id = made.body.offer.offer_id as string;
    const agentView = await call('GET', '/api/v1/domains/offers', agent.key);
    expect(offerIds(agentView)).toEqual([id]);
    for (const h of [person, session]) {
      const mine = await call('GET', '/api/v1/domains/offers', h);
      expect(mine).toMatchObject({ status: 200, body: { total: 1 } });
      expect(mine.body.data).toEqual(agentView.body.data);
      expect(mine.body.data[0]).toMatchObject({ offer_id: id, direction: 'incoming', status: 'pending' });
    }
    expect(await call('GET', '/api/v1/domains/offers', stranger)).toMatchObject({ status: 200, body: { total: 0 } });
    expect((await call('POST', `/api/v1/domains/offers/${id}/respond`, stranger, { action: 'reject' })).status).toBe(
      404,
    );

    const rejected = await call('POST', `/api/v1/domains/offers/${id}/respond`, person, { action: 'reject' });
    expect(rejected).toMatchObject({ status: 200, body: { offer: { offer_id: id, status: 'rejected' } } });

    // The agent's own offer on another name: outgoing to the person too, and withdrawn by the person.
    await grantGems(s.t.db.orm.em.fork(), { accountId: agent.id, amount: 500, reference: `grant:${randomLabel()}` });
    const seller = await bidder();
    const owner = await s.t.db.orm.em.fork().findOneOrFail(Account, { id: seller.id });
    const other = (await createDomain(s.t.db.orm, { label: randomLabel('other'), namespace: 'agent', owner })).name;
    const out = await call('POST', '/api/v1/domains/make-offer', agent.key, {
      domain: other,
      amount: 100,
      currency: 'gems',
    });
    const outId = out.body.offer.offer_id as string;
    const listed = await call('GET', '/api/v1/domains/offers', session);
    expect(listed.body.data.find((o: { offer_id: string }) => o.offer_id === outId)).toMatchObject({
      direction: 'outgoing',
    });
    expect((await call('POST', `/api/v1/domains/offers/${outId}/withdraw`, stranger)).status).toBe(404);
    const withdrawn = await call('POST', `/api/v1/domains/offers/${outId}/withdraw`, session);
    expect(withdrawn).toMatchObject({ status: 200, body: { offer: { status: 'withdrawn' } } });

    // The agent's activity (its escrow and release orders) is the person's to read.
    const activity = await call('GET', '/api/v1/domains/activity', person);
    expect(activity.status).toBe(200);
    expect(activity.body.data.map((o: { domain: string }) => o.domain)).toContain(other);
    expect((await call('GET', '/api/v1/domains/activity', stranger)).body.total).toBe(0);
  });

  it("shows the agent's webhook subscriptions and deliveries; changing them stays with the agent's key", async () => {
    const ping = await call('POST', `/api/v1/webhooks/${subscriptionId}/ping`, agent.key);
    expect(ping).toMatchObject({ status: 200, body: { delivered: true } });
    const agentLog = await call('GET', `/api/v1/webhooks/${subscriptionId}/deliveries`, agent.key);
    expect(agentLog.body.attempts.length).toBeGreaterThan(0);
    for (const h of [person, session]) {
      const list = await call('GET', '/api/v1/webhooks', h);
      expect(list).toMatchObject({ status: 200, body: { subscriptions: [{ subscription_id: subscriptionId }] } });
      expect(await call('GET', `/api/v1/webhooks/${subscriptionId}`, h)).toMatchObject({
        status: 200,
        body: { subscription: { subscription_id: subscriptionId } },
      });
      expect(await call('GET', `/api/v1/webhooks/${subscriptionId}/deliveries`, h)).toEqual(agentLog);
    }
    expect(await call('GET', '/api/v1/webhooks', stranger)).toMatchObject({ status: 200, body: { subscriptions: [] } });
    for (const path of [`/api/v1/webhooks/${subscriptionId}`, `/api/v1/webhooks/${subscriptionId}/deliveries`])
      expect(await call('GET', path, stranger)).toMatchObject({
        status: 404,
        body: { code: 'subscription_not_found' },
      });
    expect((await call('DELETE', `/api/v1/webhooks/${subscriptionId}`, person)).status).toBe(403);
  });
  it("sees the agent's open checkout by name and by order id, and may end it; a stranger may not", async () => {
    const label = randomLabel('held');
    const held = `${label}.agent`;
    const opened = await call('POST', '/api/v1/domains/register', agent.key, {
      domain: label,
      namespace: 'agent',
      years: 1,
      agreed_to_terms: true,
    });
    expect(opened.status).toBe(402);
    const sessionId = opened.body.session_id as string;

    const progress = await call('GET', `/api/v1/domains/${held}/registration`, person);
    expect(progress).toMatchObject({ status: 200, body: { domain: held, session_id: sessionId } });
    expect((await call('GET', `/api/v1/domains/${held}/registration`, stranger)).status).toBe(403);
    expect((await call('GET', `/api/agent/register-status/${sessionId}`, session)).status).toBe(200);
    expect((await call('GET', `/api/agent/register-status/${sessionId}`, stranger)).body.code).toBe('order_not_found');

    expect((await call('POST', `/api/v1/domains/${held}/reset-lock`, stranger)).status).toBe(403);
    expect((await call('POST', `/api/v1/domains/${held}/reset-lock`, person)).status).toBe(200);
    expect((await call('GET', `/api/v1/domains/${held}/registration`, person)).body.code).toBe('lock_not_found');
  });
});
