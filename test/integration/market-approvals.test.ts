import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WorkflowNotFoundError } from '@temporalio/client';
import { Account, Listing, MandateApproval, MandateSpend, Offer, Sale } from '../../src/db/entities/index.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { createListing, randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession, provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';
import { WAIT_LIMIT_MS } from '../helpers/wait.ts';

// Issue 38: the secondary market under a spend mandate's approval threshold (docs/mandates.md "Approvals"),
// over the real API, worker, Temporal, PostgreSQL and local chain.
// Item 11: an offer above the threshold waits for the person, as buy-secondary does (it was opened and
// escrowed at once, so an accepted offer at the asking price bought any listed name past the threshold).
// Item 13: a buy-secondary re-sent after its approval, once the seller withdrew the listing meanwhile, is
// refused as a buy of an unlisted name, with no challenge (it was handed a 402, and the payment turned to gems).
describe('market approvals', () => {
  let s: RegistryStack;
  let person: { accountId: string; cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000', MANDATE_APPROVAL_TTL_SECONDS: '30' });
    person = await humanWithSession(s.t.app, s.t.db.orm, `mkt-appr-${randomLabel()}`);
  });
  afterAll(() => s?.stop());

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: object, payload?: unknown) =>
    s.t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asPerson = () => ({ cookie: person.cookie });
  const until = async <T>(f: () => Promise<T>, ok: (v: T) => boolean, ms = WAIT_LIMIT_MS): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const v = await f();
      if (ok(v) || Date.now() > end) return v;
      await sleep(200);
    }
  };

  /** An agent claimed by the person, with gems and a mandate asking approval above $10 (1000 gems). */
  async function agent(gems = 100_000) {
    const a = await claimedAgent(s.t.app, s.t.db.orm, person.cookie, gems);
    const set = await inject('PUT', `/api/v1/agents/${a.id}/mandate`, asPerson(), {
      approval_above: { usd: '10.00' },
    });
    expect(set.statusCode).toBe(200);
    return a;
  }
  /** A listed name whose seller is a provisioned agent (so it can answer offers and withdraw). */
  async function listed(price: { priceGems?: number; priceUsdMinor?: bigint }) {
    const seller = await provision(s.t.app);
    const owner = await s.t.db.em().findOneOrFail(Account, { id: seller.account_id });
    const l = await createListing(s.t.db.orm, { seller: owner, ...price });
    return { name: l.name, sellerKey: { 'x-api-key': seller.api_key }, sellerId: seller.account_id };
  }
  const approval = async (id: string, who: object) => (await inject('GET', `/api/v1/approvals/${id}`, who)).json();
  const offer = (key: object, domain: string, amount: number, currency = 'gems') =>
    inject('POST', '/api/v1/domains/make-offer', key, { domain, amount, currency });

  it('a gems offer at the asking price above the threshold waits for the approval; approved, it opens and sells once', async () => {
    const a = await agent();
    const l = await listed({ priceGems: 1500 });
    const asked = await offer(a.key, l.name, 1500);
    expect([asked.statusCode, asked.json()]).toMatchObject([202, { status: 'approval_required' }]);
    expect(asked.headers['www-authenticate']).toBeUndefined();
    const id = asked.json().approval_id as string;
    // Nothing made, nothing escrowed; the amount counts against the budget while it waits; the seller sees nothing.
    expect(await s.t.db.em().count(Offer, { bidder: a.id })).toBe(0);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('reserved');
    const incoming = await inject('GET', '/api/v1/domains/offers?direction=incoming', l.sellerKey);
    expect(incoming.json().data).toEqual([]);
    expect((await approval(id, a.key)).approval).toMatchObject({
      status: 'pending',
      operation: 'offer',
      name: l.name,
      amount: { usd: '15.00', gems: 1500 },
    });
    // The agent cannot approve its own spend.
    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, a.key)).statusCode).toBe(403);

    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, asPerson())).statusCode).toBe(200);
    const opened = await until(
      () => s.t.db.em().findOne(Offer, { bidder: a.id }),
      (o) => o !== null,
    );
    expect(opened).toMatchObject({ id, status: 'pending', domainName: l.name });
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1500);
    const accepted = await inject('POST', `/api/v1/domains/offers/${id}/respond`, l.sellerKey, { action: 'accept' });
    expect([accepted.statusCode, accepted.json().offer?.status]).toEqual([200, 'accepted']);
    expect(await s.t.db.em().count(Sale, { domainName: l.name, buyer: a.id })).toBe(1);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1500);
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('spent');
  });

  it('refused: no offer, nothing escrowed, the reservation released; a pathUSD offer waits too', async () => {
    const a = await agent();
    const l = await listed({ priceGems: 5000, priceUsdMinor: 50_000_000n });
    const asked = await offer(a.key, l.name, 2000);
    expect(asked.statusCode).toBe(202);
    const id = asked.json().approval_id as string;
    expect((await inject('POST', `/api/v1/approvals/${id}/refuse`, asPerson())).statusCode).toBe(200);
    // The budget is free as the refusal answers, not when the run gets to it.
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
    const run = s.t.temporal.client.workflow.getHandle(`offer:${id}`);
    expect(await run.result()).toEqual({ outcome: 'refused', code: 'approval_refused' });
    expect(await s.t.db.em().count(Offer, { bidder: a.id })).toBe(0);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000);
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');

    // pathUSD: judged when made (it holds nothing until accepted and paid), and waits as well.
    const usd = await offer(a.key, l.name, 20, 'pathusd');
    expect([usd.statusCode, usd.json().status]).toEqual([202, 'approval_required']);
    expect(await s.t.db.em().count(Offer, { bidder: a.id })).toBe(0);
    // Below the threshold nothing waits.
    const small = await offer(a.key, l.name, 900);
    expect([small.statusCode, small.json().offer?.status]).toEqual([200, 'pending']);
  });

  it('the same keyed request while it waits answers the same approval; one offer once approved', async () => {
    const a = await agent();
    const l = await listed({ priceGems: 3000 });
    const keyed = () =>
      inject(
        'POST',
        '/api/v1/domains/make-offer',
        { ...a.key, 'idempotency-key': `o-${l.name}` },
        {
          domain: l.name,
          amount: 1200,
          currency: 'gems',
        },
      );
    const first = await keyed();
    expect(first.statusCode).toBe(202);
    const again = await keyed();
    expect([again.statusCode, again.json().approval_id]).toEqual([202, first.json().approval_id]);
    expect(await s.t.db.em().count(MandateApproval, { accountId: a.id })).toBe(1);
    expect((await inject('POST', `/api/v1/approvals/${first.json().approval_id}/approve`, asPerson())).statusCode).toBe(
      200,
    );
    await until(
      () => s.t.db.em().count(Offer, { bidder: a.id }),
      (n) => n > 0,
    );
    expect(await s.t.db.em().count(Offer, { bidder: a.id })).toBe(1);
    expect(await gemsBalance(s.t.db.em(), a.id)).toBe(100_000 - 1200);
  });

  it('buy-secondary re-sent after approval, the listing withdrawn meanwhile: 404 not_listed, no challenge, the name free', async () => {
    const a = await agent(0);
    const l = await listed({ priceUsdMinor: 20_000_000n });
    const buy = () => inject('POST', '/api/v1/domains/buy-secondary', a.key, { domain: l.name, payment_method: 'mpp' });
    const asked = await buy();
    expect(asked.statusCode).toBe(202);
    const id = asked.json().approval_id as string;
    // Withdrawing is allowed while the purchase waits (changing the price is not).
    expect((await inject('DELETE', `/api/v1/domains/${l.name}/listing`, l.sellerKey)).statusCode).toBe(200);
    expect((await inject('POST', `/api/v1/approvals/${id}/approve`, asPerson())).statusCode).toBe(200);
    await until(
      () => approval(id, a.key),
      (v) => v.approval?.checkout?.stage === 'awaiting_payment',
    );

    const resent = await buy();
    expect([resent.statusCode, resent.json().code]).toEqual([404, 'not_listed']);
    expect(resent.headers['www-authenticate']).toBeUndefined();
    // As a buy of a name never listed is answered.
    const unlisted = await inject('POST', '/api/v1/domains/buy-secondary', a.key, {
      domain: `${randomLabel('never')}.agent`,
      payment_method: 'mpp',
    });
    expect([unlisted.statusCode, unlisted.json().code]).toEqual([404, 'not_listed']);
    // The unpaid checkout ended: nothing can be paid for it, and the seller may list the name again.
    const run = s.t.temporal.client.workflow.getHandle(`purchase:${l.name}`);
    await run.result().catch((err: unknown) => {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    });
    expect((await run.describe()).status.name).not.toBe('RUNNING');
    expect((await buy()).json().code).toBe('not_listed');
    const relisted = await inject('PUT', `/api/v1/domains/${l.name}/listing`, l.sellerKey, {
      price: { gems: null, usd: 25 },
    });
    expect(relisted.statusCode).toBe(200);
    expect(await s.t.db.em().count(Listing, { domainName: l.name })).toBe(1);
    // The reservation made for the approval no longer counts.
    expect((await s.t.db.em().findOneOrFail(MandateSpend, { accountId: a.id })).status).toBe('released');
  });
});
