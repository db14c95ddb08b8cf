import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LightMyRequestResponse } from 'fastify';
import { AuditEvent } from '../../src/db/entities/index.ts';
import type { DevOidcProvider } from '../../src/infra/dev-oidc/provider.ts';
import { ANVIL_REGISTRAR_KEY, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployIdentityRegistry } from '../../src/infra/erc8004.ts';
import { standardKey } from '../../src/webhooks/signing.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { hostedCheckoutCallback, startHostedCheckout } from '../helpers/hosted-checkout.ts';
import { claimedAgent, humanWithSession, provision } from '../helpers/identities.ts';
import { startTestOidc } from '../helpers/oidc.ts';
import { freePort } from '../helpers/ports.ts';
import { startTestPowerDns, type TestPowerDns } from '../helpers/powerdns.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { startTestReceiver } from '../helpers/webhook-receiver.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * How one mutating operation is made to change something: `run` answers the operation's own call (2xx), after
 * whatever it needs first. `events` is how many audit events that call writes under its own action (1 unless
 * said, with the reason); `also` counts events other actions write for it (a batch's items).
 */
interface Scenario {
  run(): Promise<LightMyRequestResponse>;
  events?: 0;
  why?: string;
  also?: Record<string, number>;
}
/** An operation this stack cannot make succeed: the file whose stack does, and why not here. */
interface Elsewhere {
  elsewhere: string;
  why: string;
}

const BASE = 8453;
const CALLBACK_SECRET = 'audit-every-route-callback-secret';
const RELAY_SECRET = 'audit-every-route-relay-secret-0123456789';

// Issue 42's proof, generated from the OpenAPI document as the access table is: every operation that may change
// something (POST, PUT, PATCH, DELETE) is made to change something here, over real parts (API, worker, Temporal,
// PostgreSQL, PowerDNS, two chains), and writes exactly one audit event under its own action, in the change's
// transaction (docs/teams.md "Audit trail"). An operation added to the document without a scenario fails.
describe('every mutating operation in the OpenAPI document writes exactly one audit event', () => {
  let s: RegistryStack;
  let idp: DevOidcProvider;
  let pdns: TestPowerDns;
  let base: Anvil;
  let receiver: Awaited<ReturnType<typeof startTestReceiver>>;
  let person: { accountId: string; cookie: string };
  let bearer: Headers;
  let other: { accountId: string; cookie: string };
  let agent: { id: string; key: Headers };
  const subject = `audit-all-${randomLabel()}`;

  const call = (method: Method, url: string, headers: Headers, payload?: unknown, extra: Headers = {}) =>
    s.t.app.inject({
      method,
      url,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asPerson = (): Headers => ({ cookie: person.cookie });
  const asOther = (): Headers => ({ cookie: other.cookie });
  /** A fresh name of the agent's, registered with gems. */
  async function agentName(prefix = 'au'): Promise<string> {
    const label = randomLabel(prefix);
    const res = await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' });
    expect(res.statusCode).toBe(200);
    return `${label}.agent`;
  }
  const ok = async (r: Promise<LightMyRequestResponse>) => {
    const res = await r;
    expect({ status: res.statusCode, body: res.statusCode < 300 ? null : res.body }).toEqual({
      status: expect.any(Number),
      body: null,
    });
    return res;
  };
  /** An agent with a mandate asking approval for any purchase, and a registration waiting for it. */
  async function pendingApproval(): Promise<string> {
    const a = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    await ok(call('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), { approval_above: { gems: 1 } }));
    const asked = await registerDomain(s.t.app, randomLabel('appr'), { headers: a.key, method: 'gems' });
    expect(asked.statusCode).toBe(202);
    return asked.json().approval_id as string;
  }
  async function subscription(): Promise<string> {
    const res = await ok(
      call('POST', '/api/v1/webhooks/subscribe', agent.key, { target_url: receiver.url, events: ['domain.renewed'] }),
    );
    return res.json().subscription.subscription_id as string;
  }
  async function team(): Promise<string> {
    return (await ok(call('POST', '/api/v1/teams', asPerson(), { name: `audit ${randomLabel()}` }))).json().team.id;
  }
  async function invitation(teamId: string, role = 'auditor') {
    return (await ok(call('POST', `/api/v1/teams/${teamId}/invitations`, asPerson(), { role }))).json();
  }
  async function listed(price: object = { gems: 500 }): Promise<string> {
    const name = await agentName('sale');
    await ok(call('PUT', `/api/v1/domains/${name}/listing`, agent.key, { price }));
    return name;
  }
  async function offered(currency = 'gems', amount = 300): Promise<string> {
    const name = await agentName('offer');
    const made = await ok(call('POST', '/api/v1/domains/make-offer', asOther(), { domain: name, amount, currency }));
    return made.json().offer.offer_id as string;
  }

  const scenarios: Record<string, Scenario | Elsewhere> = {
    'POST /api/v1/domains/quote': {
      run: () => ok(call('POST', '/api/v1/domains/quote', {}, { domain: 'scout', namespace: 'agent', years: 1 })),
      events: 0,
      why: 'a quote changes nothing',
    },
    'POST /api/v1/agents/provision': { run: () => ok(call('POST', '/api/v1/agents/provision', {}, {})) },
    'POST /api/v1/agents/claim': {
      run: async () =>
        ok(call('POST', '/api/v1/agents/claim', asPerson(), { claim_code: (await provision(s.t.app)).claim_code })),
    },
    'PUT /api/v1/agents/me/payout-address': {
      run: () =>
        ok(
          call('PUT', '/api/v1/agents/me/payout-address', agent.key, {
            address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
          }),
        ),
    },
    'DELETE /api/v1/agents/{agent_id}/keys/{key_id}': {
      run: async () => {
        const p = await provision(s.t.app);
        await ok(call('POST', '/api/v1/agents/claim', asPerson(), { claim_code: p.claim_code }));
        return ok(call('DELETE', `/api/v1/agents/${p.account_id}/keys/${p.key_id}`, asPerson()));
      },
    },
    'PUT /api/v1/agents/{agent_id}/mandate': {
      run: () => ok(call('PUT', `/api/v1/agents/${agent.id}/mandate`, asPerson(), { per_day: { gems: 1_000_000 } })),
    },
    'DELETE /api/v1/agents/{agent_id}/mandate': {
      run: () => ok(call('DELETE', `/api/v1/agents/${agent.id}/mandate`, asPerson())),
    },
    'POST /api/v1/approvals/{approval_id}/approve': {
      run: async () => ok(call('POST', `/api/v1/approvals/${await pendingApproval()}/approve`, asPerson())),
    },
    'POST /api/v1/approvals/{approval_id}/refuse': {
      run: async () => ok(call('POST', `/api/v1/approvals/${await pendingApproval()}/refuse`, asPerson())),
    },
    'POST /api/v1/keys': { run: () => ok(call('POST', '/api/v1/keys', asPerson(), { key_class: 'live' })) },
    'DELETE /api/v1/keys/{key_id}': {
      run: async () => {
        const made = await ok(call('POST', '/api/v1/keys', asPerson(), { key_class: 'live' }));
        return ok(call('DELETE', `/api/v1/keys/${made.json().key.key_id}`, asPerson()));
      },
    },
    'POST /oauth2/revoke': {
      run: async () => ok(call('POST', '/oauth2/revoke', {}, { token: (await provision(s.t.app)).api_key })),
    },
    'PUT /api/v1/domains/{domain_name}/skill.md': {
      run: async () =>
        ok(
          call('PUT', `/api/v1/domains/${await agentName()}/skill.md`, agent.key, '# Skill\n', {
            'content-type': 'text/markdown',
          }),
        ),
    },
    'DELETE /api/v1/domains/{domain_name}/skill.md': {
      run: async () => {
        const name = await agentName();
        await ok(
          call('PUT', `/api/v1/domains/${name}/skill.md`, agent.key, '# S\n', { 'content-type': 'text/markdown' }),
        );
        return ok(call('DELETE', `/api/v1/domains/${name}/skill.md`, agent.key));
      },
    },
    'POST /api/v1/domains/transfer': {
      run: async () =>
        ok(
          call('POST', '/api/v1/domains/transfer', agent.key, {
            domain: await agentName(),
            to_account_id: other.accountId,
          }),
        ),
    },
    'PATCH /api/v1/domains/{domain_name}/profile': {
      run: async () =>
        ok(call('PATCH', `/api/v1/domains/${await agentName()}/profile`, agent.key, { description: 'audited' })),
    },
    'PUT /api/v1/domains/{domain_name}/storefront': {
      run: async () =>
        ok(
          call('PUT', `/api/v1/domains/${await agentName()}/storefront`, agent.key, {
            provider: 'shopify',
            storefront_id: `sf-${randomLabel()}`,
            feed_url: 'https://shop.scout.example/catalog.json',
          }),
        ),
    },
    'DELETE /api/v1/domains/{domain_name}/storefront': {
      run: async () => {
        const name = await agentName();
        await ok(
          call('PUT', `/api/v1/domains/${name}/storefront`, agent.key, {
            provider: 'shopify',
            storefront_id: `sf-${randomLabel()}`,
            feed_url: 'https://shop.scout.example/catalog.json',
          }),
        );
        return ok(call('DELETE', `/api/v1/domains/${name}/storefront`, agent.key));
      },
    },
    'PUT /api/v1/domains/{domain_name}/listing': {
      run: async () =>
        ok(call('PUT', `/api/v1/domains/${await agentName()}/listing`, agent.key, { price: { gems: 900 } })),
    },
    'DELETE /api/v1/domains/{domain_name}/listing': {
      run: async () => ok(call('DELETE', `/api/v1/domains/${await listed()}/listing`, agent.key)),
    },
    'POST /api/v1/domains/register': {
      run: () => ok(registerDomain(s.t.app, randomLabel('reg'), { headers: agent.key, method: 'gems' })),
    },
    'POST /api/v1/renew': {
      run: async () =>
        ok(call('POST', '/api/v1/renew', agent.key, { domain: await agentName(), years: 1, payment_method: 'gems' })),
    },
    'POST /api/v1/domains/{domain_name}/erc8004': {
      run: async () =>
        ok(call('POST', `/api/v1/domains/${await agentName()}/erc8004`, agent.key, { payment_method: 'gems' })),
    },
    'POST /api/v1/domains/{domain_name}/lock': {
      run: async () => ok(call('POST', `/api/v1/domains/${await agentName()}/lock`, agent.key)),
    },
    'POST /api/v1/domains/{domain_name}/unlock': {
      run: async () => {
        const name = await agentName();
        await ok(call('POST', `/api/v1/domains/${name}/lock`, agent.key));
        return ok(call('POST', `/api/v1/domains/${name}/unlock`, agent.key));
      },
    },
    'POST /api/v1/domains/{domain_name}/unlock/approve': {
      run: async () => {
        // A second person (docs/teams.md "Registrar lock"): the agent is the team's, claimed by the person; the
        // other is an admin of the team since before the lock and for longer than the unlock delay.
        const id = await team();
        const { token } = await invitation(id, 'admin');
        await ok(call('POST', '/api/v1/teams/invitations/accept', asOther(), { token }));
        await s.t.db.orm.em
          .fork()
          .getConnection()
          .execute(
            `update team_member set created_at = now() - interval '2 days' where team_id = ? and account_id = ?`,
            [id, other.accountId],
          );
        const p = await provision(s.t.app);
        await ok(call('POST', '/api/v1/agents/claim', asPerson(), { claim_code: p.claim_code }, { 'x-team-id': id }));
        await grantGems(s.t.db.em(), { accountId: p.account_id, amount: 10_000, reference: `grant:${randomLabel()}` });
        const label = randomLabel('au');
        const key = { 'x-api-key': p.api_key };
        expect((await registerDomain(s.t.app, label, { headers: key, method: 'gems' })).statusCode).toBe(200);
        await ok(call('POST', `/api/v1/domains/${label}.agent/lock`, key));
        await ok(call('POST', `/api/v1/domains/${label}.agent/unlock`, key));
        return ok(
          call('POST', `/api/v1/domains/${label}.agent/unlock/approve`, asOther(), undefined, { 'x-team-id': id }),
        );
      },
    },
    'POST /api/v1/domains/{domain_name}/unlock/cancel': {
      run: async () => {
        const name = await agentName();
        await ok(call('POST', `/api/v1/domains/${name}/lock`, agent.key));
        await ok(call('POST', `/api/v1/domains/${name}/unlock`, agent.key));
        return ok(call('POST', `/api/v1/domains/${name}/unlock/cancel`, agent.key));
      },
    },
    'POST /api/v1/batch': {
      run: async () => {
        const [a, b] = [await agentName(), await agentName()];
        return ok(
          call('POST', '/api/v1/batch', agent.key, {
            operations: [
              { op: 'set_auto_renew', domain: a, enabled: true, max_gems: 5000 },
              { op: 'lock', domain: b },
            ],
          }),
        );
      },
      events: 0,
      why: 'each item is its own operation and writes its own event, under its own route',
      also: { 'PUT /api/v1/domains/:domain_name/auto-renew': 1, 'POST /api/v1/domains/:domain_name/lock': 1 },
    },
    'POST /api/v1/teams': { run: () => ok(call('POST', '/api/v1/teams', asPerson(), { name: 'Audit team' })) },
    'POST /api/v1/teams/invitations/accept': {
      run: async () => {
        const made = await invitation(await team());
        return ok(call('POST', '/api/v1/teams/invitations/accept', asOther(), { token: made.token }));
      },
    },
    'DELETE /api/v1/teams/{team_id}': {
      run: async () => ok(call('DELETE', `/api/v1/teams/${await team()}`, asPerson())),
    },
    'POST /api/v1/teams/{team_id}/invitations': {
      run: async () => ok(call('POST', `/api/v1/teams/${await team()}/invitations`, asPerson(), { role: 'operator' })),
    },
    'DELETE /api/v1/teams/{team_id}/invitations/{invitation_id}': {
      run: async () => {
        const id = await team();
        const made = await invitation(id);
        return ok(call('DELETE', `/api/v1/teams/${id}/invitations/${made.invitation.id}`, asPerson()));
      },
    },
    'PATCH /api/v1/teams/{team_id}/members/{account_id}': {
      run: async () => {
        const id = await team();
        await ok(call('POST', '/api/v1/teams/invitations/accept', asOther(), { token: (await invitation(id)).token }));
        return ok(call('PATCH', `/api/v1/teams/${id}/members/${other.accountId}`, asPerson(), { role: 'billing' }));
      },
    },
    'DELETE /api/v1/teams/{team_id}/members/{account_id}': {
      run: async () => {
        const id = await team();
        await ok(call('POST', '/api/v1/teams/invitations/accept', asOther(), { token: (await invitation(id)).token }));
        return ok(call('DELETE', `/api/v1/teams/${id}/members/${other.accountId}`, asPerson()));
      },
    },
    // The other person's names move in: the agent the scenarios use stays the person's.
    'POST /api/v1/teams/{team_id}/move-in': {
      run: async () => {
        const id = (await ok(call('POST', '/api/v1/teams', asOther(), { name: 'Their team' }))).json().team.id;
        return ok(call('POST', `/api/v1/teams/${id}/move-in`, asOther()));
      },
    },
    // The other person, who holds gems, moves some into a team of theirs (issue 51): one ledger transaction, one event.
    'POST /api/v1/teams/{team_id}/gems': {
      run: async () => {
        const id = (await ok(call('POST', '/api/v1/teams', asOther(), { name: 'Gems team' }))).json().team.id;
        return ok(call('POST', `/api/v1/teams/${id}/gems`, asOther(), { amount: 10, direction: 'to_team' }));
      },
    },
    'POST /api/v1/domains/buy-secondary': {
      run: async () =>
        ok(
          call('POST', '/api/v1/domains/buy-secondary', asOther(), { domain: await listed(), payment_method: 'gems' }),
        ),
    },
    'POST /api/v1/domains/make-offer': {
      run: async () =>
        ok(
          call('POST', '/api/v1/domains/make-offer', asOther(), {
            domain: await agentName(),
            amount: 250,
            currency: 'gems',
          }),
        ),
    },
    'POST /api/v1/domains/offers/{offer_id}/respond': {
      run: async () =>
        ok(call('POST', `/api/v1/domains/offers/${await offered()}/respond`, agent.key, { action: 'reject' })),
    },
    'POST /api/v1/domains/offers/{offer_id}/withdraw': {
      run: async () => ok(call('POST', `/api/v1/domains/offers/${await offered()}/withdraw`, asOther())),
    },
    'POST /api/v1/domains/offers/{offer_id}/pay': {
      run: async () => {
        const id = await offered('pathusd', 2.5);
        await ok(call('POST', `/api/v1/domains/offers/${id}/respond`, agent.key, { action: 'accept' }));
        const first = await call('POST', `/api/v1/domains/offers/${id}/pay`, asOther(), {});
        expect(first.statusCode).toBe(402);
        const paid = await s.pay(first);
        return ok(call('POST', `/api/v1/domains/offers/${id}/pay`, asOther(), {}, { authorization: paid.credential }));
      },
    },
    'POST /checkout/{domain}': {
      run: async () => {
        const name = await listed();
        const page = await call('GET', `/checkout/${name}`, asOther());
        const csrf = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
        return ok(
          call('POST', `/checkout/${name}`, asOther(), `csrf_token=${encodeURIComponent(csrf)}`, {
            'content-type': 'application/x-www-form-urlencoded',
          }),
        );
      },
    },
    'PUT /api/v1/domains/{domain_name}/auto-renew': {
      run: async () =>
        ok(
          call('PUT', `/api/v1/domains/${await agentName()}/auto-renew`, agent.key, { enabled: true, max_gems: 9000 }),
        ),
    },
    'PATCH /api/v1/domains/{domain_name}/records': {
      run: async () =>
        ok(
          call('PATCH', `/api/v1/domains/${await agentName()}/records`, bearer, {
            records: [{ type: 'TXT', name: '_audit', content: 'v=1' }],
          }),
        ),
    },
    'POST /api/v1/domains/{domain_name}/enable_dns': {
      run: async () => ok(call('POST', `/api/v1/domains/${await agentName()}/enable_dns`, agent.key)),
    },
    'POST /api/v1/webhooks/subscribe': {
      run: () =>
        ok(
          call('POST', '/api/v1/webhooks/subscribe', agent.key, {
            target_url: receiver.url,
            events: ['domain.renewed'],
          }),
        ),
    },
    'DELETE /api/v1/webhooks/{subscription_id}': {
      run: async () => ok(call('DELETE', `/api/v1/webhooks/${await subscription()}`, agent.key)),
    },
    'POST /api/v1/webhooks/{subscription_id}/rotate-secret': {
      run: async () => ok(call('POST', `/api/v1/webhooks/${await subscription()}/rotate-secret`, agent.key, {})),
    },
    'POST /api/v1/webhooks/{subscription_id}/enable': {
      run: async () => ok(call('POST', `/api/v1/webhooks/${await subscription()}/enable`, agent.key, {})),
    },
    'POST /api/v1/webhooks/{subscription_id}/ping': {
      run: async () => ok(call('POST', `/api/v1/webhooks/${await subscription()}/ping`, agent.key, {})),
    },
    'POST /api/v1/webhooks/{subscription_id}/deliveries/{event_id}/redeliver': {
      run: async () => {
        const id = await subscription();
        const ping = await ok(call('POST', `/api/v1/webhooks/${id}/ping`, agent.key, {}));
        const eventId = ping.json().event_id as string;
        return ok(call('POST', `/api/v1/webhooks/${id}/deliveries/${eventId}/redeliver`, agent.key, {}));
      },
    },
    'POST /api/payments/verify-mpp': {
      run: async () => {
        const label = randomLabel('vmpp');
        registered = `${label}.agent`;
        const first = await registerDomain(s.t.app, label, { headers: agent.key });
        expect(first.statusCode).toBe(402);
        const paid = await s.pay(first);
        return ok(
          call(
            'POST',
            '/api/payments/verify-mpp',
            {},
            {
              session_id: first.json().session_id,
              receipt: paid.credential,
              domain: label,
              namespace: 'agent',
              years: 1,
            },
          ),
        );
      },
      events: 0,
      why: 'it hands a receipt to the checkout; the registration it completes is the registering request’s one event',
    },
    'POST /api/agent/register-status/{order_id}/reconcile': {
      elsewhere: 'test/e2e/usdc-route.test.ts',
      why: 'it needs the USDC route (the checkout relay and the Base chain); it writes no event of its own (`audited: false`): the registration it completes is the registering request’s',
    },
    'POST /api/v1/domains/{domain_name}/reset-lock': {
      run: async () => {
        const label = randomLabel('rst');
        expect((await registerDomain(s.t.app, label, { headers: agent.key })).statusCode).toBe(402);
        return ok(call('POST', `/api/v1/domains/${label}.agent/reset-lock`, agent.key, {}));
      },
    },
    'POST /api/v1/checkout/gfavip/callback': {
      run: async () => {
        const { label, res } = await startHostedCheckout(s.t.app, s.t.db.orm, 'audit');
        expect(res.statusCode).toBe(202);
        const order = { order_id: res.json().order_id as string, domain: `${label}.bpo`, reference: `chk_${label}` };
        registered = `${label}.bpo`;
        return ok(hostedCheckoutCallback(s.t.app, order, CALLBACK_SECRET));
      },
      events: 0,
      why: 'the provider’s notice hands the payment to the run; the registration it completes is the registering request’s one event',
    },
    'POST /api/v1/checkout/relay/events': {
      run: () => {
        const body = JSON.stringify({
          type: 'session.updated',
          data: { session_id: 'rs_audit', reference: randomUUID(), status: 'pending' },
        });
        const id = `msg_${randomLabel()}`;
        const signature = standardKey(RELAY_SECRET).sign(id, new Date(), body);
        return ok(
          call('POST', '/api/v1/checkout/relay/events', {}, body, {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': signature,
          }),
        );
      },
      events: 0,
      why: 'a relay’s notice only wakes the settlement run; it changes nothing itself',
    },
    'POST /api/v1/command': {
      run: () =>
        ok(
          call('POST', '/api/v1/command', asPerson(), {
            action: 'show_expiring_domains',
            mode: 'dry_run',
            params: { within_days: 30 },
          }),
        ),
      events: 0,
      why: 'a dry run changes nothing',
    },
    'POST /auth/logout': {
      run: async () => {
        const leaving = await humanWithSession(s.t.app, s.t.db.orm, `leaving-${randomLabel()}`);
        return ok(call('POST', '/auth/logout', { cookie: leaving.cookie }));
      },
    },
  };

  let mutating: string[] = [];
  /** A name a payment notice completed: its registration has its one event, the request's that opened it. */
  let registered: string | null = null;
  beforeAll(async () => {
    idp = await startTestOidc();
    pdns = await startTestPowerDns();
    base = await startAnvil({ port: await freePort(), chainId: BASE });
    const { registry } = await deployIdentityRegistry(base.rpcUrl, BASE);
    receiver = await startTestReceiver('whsec_audit');
    s = await startRegistryStack({
      ...pdns.env,
      RATE_LIMIT_MAX: '100000',
      OIDC_ISSUER: idp.issuer,
      WEBHOOK_ALLOW_INSECURE_LOCAL: 'true',
      BASE_RPC_URL: base.rpcUrl,
      ERC8004_REGISTRY_ADDRESS: registry,
      ERC8004_SIGNER_KEY: ANVIL_REGISTRAR_KEY,
      GFAVIP_WEBHOOK_SECRET: CALLBACK_SECRET,
      RELAY_WEBHOOK_SECRET: RELAY_SECRET,
    });
    person = await humanWithSession(s.t.app, s.t.db.orm, subject, idp.issuer);
    bearer = { authorization: `Bearer ${await idp.mintAccessToken(subject)}` };
    // The person's bearer token and session are one account: records take a bearer token.
    expect((await call('GET', '/api/v1/agents/me', bearer)).json().account.account_id).toBe(person.accountId);
    other = await humanWithSession(s.t.app, s.t.db.orm, `audit-other-${randomLabel()}`);
    await grantGems(s.t.db.em(), {
      accountId: other.accountId,
      amount: 1_000_000,
      reference: `grant:${randomLabel()}`,
    });
    agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie, 10_000_000);
    const doc = (await call('GET', '/openapi.json', {})).json() as { paths: Record<string, Record<string, unknown>> };
    mutating = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
  }, 180_000);
  afterAll(async () => {
    await s?.stop();
    await receiver?.down();
    await base?.stop();
    await pdns?.stop();
    await idp?.stop();
  }, 60_000);

  /** Events of an action so far (the route key's form: `:param`, as the API names routes). */
  const countOf = (action: string) => s.t.db.em().count(AuditEvent, { action });
  const actionOf = (operation: string) => operation.replace(/\{(\w+)\}/g, ':$1');

  it('has a scenario for every mutating operation the document lists, and no other', () => {
    expect(mutating.length).toBeGreaterThan(50);
    expect(Object.keys(scenarios).sort()).toEqual([...mutating].sort());
  });

  it('names, for each operation not made here, a test file that makes it', async () => {
    for (const [operation, e] of Object.entries(scenarios))
      if ('elsewhere' in e) {
        const text = readFileSync(e.elsewhere, 'utf8');
        // The operation's last path segment (`reconcile`) is what the file calls.
        const last = operation.split('/').pop()!;
        expect({ operation, made: text.includes(last) }).toEqual({ operation, made: true });
      }
  });

  const runnable = Object.entries(scenarios).flatMap(([k, v]) => ('run' in v ? [k] : []));
  it.each(runnable)('%s', async (operation) => {
    const scenario = scenarios[operation] as Scenario;
    registered = null;
    const action = actionOf(operation);
    const others = Object.keys(scenario.also ?? {});
    // What the scenario does first writes its own events; only the operation's call is counted.
    const counted = async () =>
      Object.fromEntries(await Promise.all([action, ...others].map(async (a) => [a, await countOf(a)])));
    let before: Record<string, number> = {};
    let counting = false;
    const original = scenario.run;
    const res = await (async () => {
      // Counts just before the operation's own call: every scenario ends with it.
      const realInject = s.t.app.inject.bind(s.t.app);
      let last: Promise<LightMyRequestResponse> | null = null;
      (s.t.app as { inject: unknown }).inject = (opts: { method: string; url: string }) => {
        const mine = `${opts.method} ${opts.url.split('?')[0]}`;
        last = (async () => {
          // Before the operation's first call: a paid one's event is written when its checkout opens.
          if (matches(operation, mine) && !counting) {
            counting = true;
            before = await counted();
          }
          return realInject(opts as never);
        })();
        return last;
      };
      try {
        return await original();
      } finally {
        (s.t.app as { inject: unknown }).inject = realInject;
      }
    })();
    expect(res.statusCode).toBeLessThan(400);
    await s.t.settled();
    const after = await counted();
    const expected = { [action]: (before[action] ?? 0) + (scenario.events ?? 1) };
    for (const [a, n] of Object.entries(scenario.also ?? {})) expected[a] = (before[a] ?? 0) + n;
    expect({ operation, counts: after }).toEqual({ operation, counts: expected });
    if (registered)
      expect(await s.t.db.em().count(AuditEvent, { action: 'POST /api/v1/domains/register', object: registered })).toBe(
        1,
      );
  });
});

/** Whether a request (`POST /api/v1/domains/x.agent/lock`) is a call of the operation (`POST /api/v1/domains/{domain_name}/lock`). */
function matches(operation: string, request: string): boolean {
  const pattern = operation.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}|\{\w+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(request);
}
