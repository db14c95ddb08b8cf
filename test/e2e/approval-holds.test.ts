import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CheckoutSession, MandateApproval } from '../../src/db/entities/index.ts';
import { registerDomain } from '../helpers/app.ts';
import { createListing, randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// Issue 49 part 3: a purchase waiting for the person's approval holds its name no longer than an unpaid
// checkout (CHECKOUT_TTL_SECONDS), whatever MANDATE_APPROVAL_TTL_SECONDS says, and every such hold
// (registration, renewal, buying a listed name) counts against the one per-holder cap (CHECKOUT_MAX_OPEN).
const CHECKOUT_TTL_SECONDS = 120;
const GRACE_MS = 60_000;

describe('holds of purchases waiting for approval', () => {
  let s: RegistryStack;
  let person: { accountId: string; cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({
      RATE_LIMIT_MAX: '10000',
      CHECKOUT_MAX_OPEN: '3',
      CHECKOUT_TTL_SECONDS: String(CHECKOUT_TTL_SECONDS),
      MANDATE_APPROVAL_TTL_SECONDS: '86400',
    });
    person = await humanWithSession(s.t.app, s.t.db.orm, `holds-${randomLabel()}`);
  }, 120_000);
  afterAll(() => s?.stop());

  /** A fresh agent whose every purchase waits for the person. */
  async function waitingAgent() {
    const a = await claimedAgent(s.t.app, s.t.db.orm, person.cookie, 1_000_000);
    const set = await s.t.app.inject({
      method: 'PUT',
      url: `/api/v1/agents/${a.id}/mandate`,
      headers: { cookie: person.cookie },
      payload: { approval_above: { gems: 0 } },
    });
    expect(set.statusCode).toBe(200);
    return a;
  }
  const buy = (key: Record<string, string>, name: string) =>
    s.t.app.inject({
      method: 'POST',
      url: '/api/v1/domains/buy-secondary',
      headers: key,
      payload: { domain: name, payment_method: 'gems' },
    });
  const rowOf = async (approvalId: string) => {
    const { sessionId } = await s.t.db.em().findOneOrFail(MandateApproval, { id: approvalId });
    return s.t.db.em().findOneOrFail(CheckoutSession, { sessionId });
  };

  it('holds the name no longer than an unpaid checkout, on every rail and for a listed name', async () => {
    const a = await waitingAgent();
    const listing = await createListing(s.t.db.orm, { priceGems: 1500 });
    const asked = Date.now();
    const answers = [
      await registerDomain(s.t.app, randomLabel('hold'), { headers: a.key, method: 'gems' }),
      await registerDomain(s.t.app, randomLabel('hold'), { headers: a.key, method: 'mpp' }),
      await buy(a.key, listing.name),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const unpaidHold = asked + CHECKOUT_TTL_SECONDS * 1000 + GRACE_MS + 5_000;
    for (const r of answers) {
      expect(Date.parse(r.json().expires_at)).toBeLessThanOrEqual(asked + CHECKOUT_TTL_SECONDS * 1000 + 5_000);
      const row = await rowOf(r.json().approval_id);
      expect(row.expiresAt.getTime()).toBeLessThanOrEqual(unpaidHold);
    }
  }, 60_000);

  it('counts every waiting hold, registrations and buys alike, against the one per-holder cap', async () => {
    const a = await waitingAgent();
    const listings = await Promise.all([1, 2, 3].map(() => createListing(s.t.db.orm, { priceGems: 1500 })));
    const held = [
      await registerDomain(s.t.app, randomLabel('cap'), { headers: a.key, method: 'gems' }),
      await buy(a.key, listings[0]!.name),
      await registerDomain(s.t.app, randomLabel('cap'), { headers: a.key, method: 'mpp' }),
    ];
    expect(held.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const over = [
      await buy(a.key, listings[1]!.name),
      await registerDomain(s.t.app, randomLabel('cap'), { headers: a.key, method: 'gems' }),
      await buy(a.key, listings[2]!.name),
    ];
    expect(over.map((r) => [r.statusCode, r.json().code])).toEqual([
      [429, 'too_many_open_checkouts'],
      [429, 'too_many_open_checkouts'],
      [429, 'too_many_open_checkouts'],
    ]);
    expect(await s.t.db.em().count(MandateApproval, { accountId: a.id, status: 'pending' })).toBe(3);
  }, 60_000);
});
