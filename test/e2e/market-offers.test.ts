import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Hex } from 'viem';
import type { ActivityDeps } from '../../activities/deps.ts';
import { createOfferActivities } from '../../activities/offers.ts';
import { payChallenge, readChallenge, type HttpResult } from '../../examples/pay-and-register.ts';
import { Account, Domain, Listing, Offer, Sale } from '../../src/db/entities/index.ts';
import { grantGems } from '../../src/ledger/gems.ts';
import { bookBalance } from '../../src/ledger/journal.ts';
import { offerWorkflowId } from '../../workflows/offer-messages.ts';
import { createDomain, randomLabel } from '../helpers/fixtures.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { provision } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

const OFFER_TTL_SECONDS = 20;

// Offers end to end (spec 4.7, 7, 8): the API over HTTP, one Temporal run per offer on a real worker,
// the gems escrow in the ledger, the pathUSD payment of an accepted offer on the local chain.
describe('secondary market: offers', () => {
  let s: RegistryStack;
  beforeAll(async () => {
    s = await startRegistryStack({ OFFER_TTL_HOURS: String(OFFER_TTL_SECONDS / 3600) });
  });
  afterAll(() => s?.stop());

  const call = async (
    method: string,
    path: string,
    key: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${s.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Record<string, any>,
    } as HttpResult & {
      body: Record<string, any>;
    };
  };
  /** An agent identity with gems. */
  const bidder = async (gems = 0) => {
    const p = await provision(s.t.app);
    if (gems)
      await grantGems(s.t.db.em(), { accountId: p.account_id, amount: gems, reference: `grant:${randomLabel()}` });
    return { key: p.api_key, id: p.account_id };
  };
  const gemsOf = async (id: string) => bookBalance(s.t.db.em(), 'gems', `user:${id}`);
  const ownedName = async (floor: { gems?: number } = {}) => {
    const owner = await bidder();
    const account = await s.t.db.em().findOneOrFail(Account, { id: owner.id });
    const d = await createDomain(s.t.db.orm, { label: randomLabel('offer'), namespace: 'agent', owner: account });
    if (floor.gems) {
      const e = s.t.db.em();
      e.create(Listing, {
        domainId: d.id,
        domainName: d.name,
        seller: e.getReference(Account, owner.id),
        priceGems: floor.gems * 10,
        priceUsdMinor: null,
        minOfferGems: floor.gems,
        minOfferUsdMinor: null,
      });
      await e.flush();
    }
    return { owner, name: d.name, domainId: d.id };
  };
  const offer = (key: string, domain: string, amount: number, currency = 'gems') =>
    call('POST', '/api/v1/domains/make-offer', key, { domain, amount, currency });
  const ledgerZero = async () =>
    (
      await s.t.db
        .em()
        .execute<{ total: string }[]>(
          `select sum(amount)::text as total from ledger_line group by (book like 'pathusd:%')`,
        )
    ).every((r) => r.total === '0');

  it('under the floor: 400 offer_below_minimum with minimum and currency, and nothing is held', async () => {
    const { name } = await ownedName({ gems: 500 });
    const b = await bidder(1000);
    const res = await offer(b.key, name, 400);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      status: 'error',
      code: 'offer_below_minimum',
      message: expect.any(String),
      minimum: 500,
      currency: 'gems',
    });
    expect(await gemsOf(b.id)).toBe(1000n);
    expect(await s.t.db.em().count(Offer, { domainName: name })).toBe(0);
  });

  it('three competing gems offers: the accepted one buys the name, the other two escrows come back', async () => {
    const { owner, name, domainId } = await ownedName({ gems: 100 });
    const bidders = await Promise.all([bidder(1000), bidder(1000), bidder(1000)]);
    const made = await Promise.all(bidders.map((b, i) => offer(b.key, name, 200 + i * 100)));
    for (const m of made)
      expect(m).toMatchObject({ status: 200, body: { offer: { status: 'pending', currency: 'gems' } } });
    expect(await Promise.all(bidders.map((b) => gemsOf(b.id)))).toEqual([800n, 700n, 600n]);
    const incoming = await call('GET', '/api/v1/domains/offers', owner.key);
    expect(incoming.body.data.filter((o: { domain: string }) => o.domain === name)).toHaveLength(3);

    const chosen = made[1]?.body.offer.offer_id as string;
    const accepted = await call('POST', `/api/v1/domains/offers/${chosen}/respond`, owner.key, { action: 'accept' });
    expect(accepted).toMatchObject({
      status: 200,
      body: { offer: { status: 'accepted', sale_id: expect.any(Number) } },
    });
    expect((await s.t.db.em().findOneOrFail(Domain, { id: domainId })).owner.id).toBe(bidders[1]?.id);
    // 300 gems: 270 to the seller, 30 to the platform; the other two bidders are whole again.
    expect(await gemsOf(owner.id)).toBe(270n);
    expect(await Promise.all(bidders.map((b) => gemsOf(b.id)))).toEqual([1000n, 700n, 1000n]);
    const statuses = await s.t.db.em().find(Offer, { domainName: name }, { orderBy: { amount: 'asc' } });
    expect(statuses.map((o) => o.status)).toEqual(['rejected', 'accepted', 'rejected']);
    expect(await s.t.db.em().count(Sale, { domainId, source: 'offer' })).toBe(1);
    expect(await s.t.db.em().count(Listing, { domainId })).toBe(0);
    // Every offer's run ends Completed, the rejected ones told by the sale.
    for (const m of made)
      await eventually(
        async () =>
          (await s.t.temporal.client.workflow.getHandle(offerWorkflowId(m.body.offer.offer_id)).describe()).status
            .name === 'COMPLETED',
      );
    expect(await ledgerZero()).toBe(true);
    // A decided offer cannot be decided again.
    const again = await call('POST', `/api/v1/domains/offers/${chosen}/respond`, bidders[1]?.key, {
      action: 'reject',
    });
    expect(again.status).toBe(409);
  });

  it('withdrawn and expired offers give their escrow back; only the owner answers', async () => {
    const { owner, name } = await ownedName();
    const b = await bidder(500);
    const stranger = await bidder();
    const first = await offer(b.key, name, 200);
    const id = first.body.offer.offer_id as string;
    expect(
      (await call('POST', `/api/v1/domains/offers/${id}/respond`, stranger.key, { action: 'accept' })).status,
    ).toBe(404);
    expect((await call('POST', `/api/v1/domains/offers/${id}/respond`, b.key, { action: 'accept' })).status).toBe(403);
    const withdrawn = await call('POST', `/api/v1/domains/offers/${id}/withdraw`, b.key);
    expect(withdrawn).toMatchObject({ status: 200, body: { offer: { status: 'withdrawn' } } });
    expect(await gemsOf(b.id)).toBe(500n);

    const second = await offer(b.key, name, 300);
    expect(await gemsOf(b.id)).toBe(200n);
    // Nobody answers: the run's timer ends it and the escrow comes back.
    await eventually(async () => (await gemsOf(b.id)) === 500n, (OFFER_TTL_SECONDS + 15) * 1000);
    expect((await s.t.db.em().findOneOrFail(Offer, { id: second.body.offer.offer_id })).status).toBe('expired');
    expect(
      (
        await call('POST', `/api/v1/domains/offers/${second.body.offer.offer_id}/respond`, owner.key, {
          action: 'accept',
        })
      ).status,
    ).toBe(409);
    expect(await ledgerZero()).toBe(true);
  });

  it('an accepted pathUSD offer is paid by the bidder through a 402, and the name moves', async () => {
    const { owner, name, domainId } = await ownedName();
    const b = await bidder();
    const made = await offer(b.key, name, 12.5, 'pathusd');
    expect(made).toMatchObject({ status: 200, body: { offer: { currency: 'pathusd', amount: 12.5 } } });
    const id = made.body.offer.offer_id as string;
    expect(await call('POST', `/api/v1/domains/offers/${id}/respond`, owner.key, { action: 'accept' })).toMatchObject({
      status: 200,
      body: { offer: { status: 'accepted' } },
    });
    const first = await call('POST', `/api/v1/domains/offers/${id}/pay`, b.key, {});
    const { challenge, required } = readChallenge(first);
    expect(required).toMatchObject({ amount_minor: '12500000' });
    const paid = await payChallenge({ rpcUrl: s.anvil.rpcUrl, privateKey: s.payerKeys[1] as Hex, challenge, required });
    const res = await call('POST', `/api/v1/domains/offers/${id}/pay`, b.key, {}, { authorization: paid.credential });
    expect(res).toMatchObject({ status: 200, body: { sale: { currency: 'pathusd', price: 12.5, buyer_id: b.id } } });
    expect((await s.t.db.em().findOneOrFail(Domain, { id: domainId })).owner.id).toBe(b.id);
    expect((await s.t.db.em().findOneOrFail(Offer, { id })).saleId).toBe(res.body.sale.sale_id);
    expect(await ledgerZero()).toBe(true);
  });

  // The offer run's decision step, retried as Temporal retries an activity whose worker died after its
  // transaction committed and before it reported: the same decision is answered again (before, it was
  // refused offer_not_pending, and the run, never hearing of the acceptance, waited for it forever).
  it('a decision retried after it committed is answered again; another decision is still refused', async () => {
    const steps = createOfferActivities({ orm: s.t.db.orm } as ActivityDeps);
    const open = async (name: string, bidderId: string) => {
      const offerId = randomUUID();
      const input = { domainName: name, bidderId, currency: 'gems' as const, amount: '300' };
      await steps.openOffer({ ...input, offerId, expiresAtMs: Date.now() + 60_000, payWindowMs: 60_000 });
      return offerId;
    };
    const { owner, name } = await ownedName();
    const b = await bidder(1_000);

    const accepted = await open(name, b.id);
    const accept = { offerId: accepted, action: 'accept' as const, accountId: owner.id };
    const first = await steps.decideOffer(accept);
    expect(first.status).toBe('accepted');
    expect(await steps.decideOffer(accept)).toEqual(first);
    const notPending = { type: 'offer_not_pending' };
    await expect(steps.decideOffer({ ...accept, action: 'reject' })).rejects.toMatchObject(notPending);
    await expect(steps.decideOffer({ ...accept, action: 'withdraw', accountId: b.id })).rejects.toMatchObject(
      notPending,
    );
    await expect(steps.decideOffer({ ...accept, accountId: b.id })).rejects.toMatchObject(notPending);

    const rejected = await open(name, b.id);
    const reject = { offerId: rejected, action: 'reject' as const, accountId: owner.id };
    const refused = await steps.decideOffer(reject);
    expect(await steps.decideOffer(reject)).toEqual(refused);
    // Its escrow came back once: the accepted offer's 300 is still held, the rejected one's is not.
    expect(await gemsOf(b.id)).toBe(700n);
    await expect(steps.decideOffer({ ...reject, accountId: b.id })).rejects.toMatchObject(notPending);
  });

  // A decision answers 200 only when it is what happened (issue 25 item 5): before, an accept whose sale
  // lost to a third party's purchase answered 200 with `status: rejected`.
  it('an offer that ended otherwise first: the accept is a 409 offer_not_pending carrying the offer as it ended', async () => {
    const respond = (key: string, id: string, action = 'accept') =>
      call('POST', `/api/v1/domains/offers/${id}/respond`, key, { action });
    const conflict = (status: string) => ({
      status: 409,
      body: { status: 'error', code: 'offer_not_pending', message: expect.any(String), offer: { status } },
    });

    const withdrawn = await ownedName();
    const b = await bidder(1_000);
    const first = (await offer(b.key, withdrawn.name, 200)).body.offer.offer_id as string;
    expect((await call('POST', `/api/v1/domains/offers/${first}/withdraw`, b.key)).status).toBe(200);
    expect(await respond(withdrawn.owner.key, first)).toMatchObject(conflict('withdrawn'));
    expect(await respond(withdrawn.owner.key, first, 'reject')).toMatchObject(conflict('withdrawn'));
    expect(await call('POST', `/api/v1/domains/offers/${first}/withdraw`, b.key)).toMatchObject(conflict('withdrawn'));

    // The name is bought by a third party: the offer ends rejected; its former owner learns so.
    const sold = await ownedName({ gems: 100 });
    const second = (await offer(b.key, sold.name, 200)).body.offer.offer_id as string;
    const buyer = await bidder(5_000);
    const bought = await call('POST', '/api/v1/domains/buy-secondary', buyer.key, {
      domain: sold.name,
      payment_method: 'gems',
    });
    expect(bought.status).toBe(200);
    const ended = await respond(sold.owner.key, second);
    expect(ended).toMatchObject(conflict('rejected'));
    expect(ended.body.offer).toMatchObject({ offer_id: second, sale_id: null, seller_id: sold.owner.id });
    expect(await gemsOf(b.id)).toBe(1_000n);
  });

  it('accept, withdraw and a third party buying at once: each answers 200 only for what happened', async () => {
    const round = async () => {
      const { owner, name, domainId } = await ownedName({ gems: 100 });
      const [b, buyer] = await Promise.all([bidder(1_000), bidder(5_000)]);
      const id = (await offer(b.key, name, 300)).body.offer.offer_id as string;
      const [accept, withdraw, buy] = await Promise.all([
        call('POST', `/api/v1/domains/offers/${id}/respond`, owner.key, { action: 'accept' }),
        call('POST', `/api/v1/domains/offers/${id}/withdraw`, b.key),
        call('POST', '/api/v1/domains/buy-secondary', buyer.key, { domain: name, payment_method: 'gems' }),
      ]);
      const final = await s.t.db.em().findOneOrFail(Offer, { id });
      const holder = (await s.t.db.em().findOneOrFail(Domain, { id: domainId })).owner.id;
      const answer = (r: typeof accept) => ({ status: r.status, code: r.body.code, offer: r.body.offer?.status });
      const expected = (done: boolean, asked: string) =>
        done
          ? { status: 200, code: undefined, offer: asked }
          : { status: 409, code: expect.stringMatching(/^offer_not_pending$/), offer: final.status };
      const soldByOffer = final.status === 'accepted' && final.saleId !== null;
      expect({ accept: answer(accept), withdraw: answer(withdraw), buy: buy.status }).toEqual({
        accept: expected(soldByOffer, 'accepted'),
        withdraw: expected(final.status === 'withdrawn', 'withdrawn'),
        buy: holder === buyer.id ? 200 : expect.any(Number),
      });
      if (buy.status !== 200) expect(buy.status).toBeGreaterThanOrEqual(400);
      expect(holder).toBe(soldByOffer ? b.id : holder === buyer.id ? buyer.id : owner.id);
      // The bidder paid only for a name it got.
      expect(await gemsOf(b.id)).toBe(soldByOffer ? 700n : 1_000n);
      return final.status;
    };
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(...(await Promise.all([round(), round()])));
    expect(outcomes.length).toBe(8);
    expect(await ledgerZero()).toBe(true);
  });

  it('bad input is a 4xx and changes nothing', async () => {
    const { owner, name } = await ownedName();
    const b = await bidder(100);
    for (const [amount, currency] of [
      [-5, 'gems'],
      [0, 'gems'],
      [1.5, 'gems'],
      [1e12, 'gems'],
      [10.123, 'pathusd'],
      [5, 'bitcoin'],
    ] as const)
      expect((await offer(b.key, name, amount, currency)).status).toBe(400);
    expect((await offer(b.key, name, 500)).body).toMatchObject({ code: 'insufficient_gems' });
    expect((await offer(owner.key, name, 10)).body).toMatchObject({ code: 'own_domain' });
    expect((await offer(b.key, 'nobody-has-this.agent', 10)).status).toBe(404);
    expect(await gemsOf(b.id)).toBe(100n);
    expect(await s.t.db.em().count(Offer, { domainName: name })).toBe(0);
  });
});
