import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CheckoutSession, Domain, DomainOrder } from '../../src/db/entities/index.ts';
import { gemsBalance } from '../../src/ledger/gems.ts';
import { registerDomain } from '../helpers/app.ts';
import { randomLabel } from '../helpers/fixtures.ts';
import { claimedAgent, humanWithSession } from '../helpers/identities.ts';
import { startRegistryStack, type RegistryStack } from '../helpers/registry-stack.ts';

// POST /api/v1/batch over real parts (API, worker, Temporal, PostgreSQL): each operation through its own
// route's rules, answered on its own (docs/teams.md "Batch").
describe('batch', () => {
  let s: RegistryStack;
  let person: { cookie: string };
  beforeAll(async () => {
    s = await startRegistryStack({ RATE_LIMIT_MAX: '10000' });
    person = await humanWithSession(s.t.app, s.t.db.orm, `batch-${randomLabel()}`);
  }, 120_000);
  afterAll(() => s?.stop());

  const batch = (headers: Record<string, string>, operations: unknown[]) =>
    s.t.app.inject({ method: 'POST', url: '/api/v1/batch', headers, payload: { operations } });

  it('runs 50 operations with mixed outcomes, each answered as its route would, and pays for nothing', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const names: string[] = [];
    for (let i = 0; i < 5; i++) {
      const label = randomLabel('batch');
      expect((await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' })).statusCode).toBe(200);
      names.push(`${label}.agent`);
    }
    const [a, b, c, d, e] = names as [string, string, string, string, string];
    const stranger = `${randomLabel('nobody')}.agent`;
    const before = await gemsBalance(s.t.db.em(), agent.id);
    const expiryOf = async (name: string) => (await s.t.db.em().findOneOrFail(Domain, { name })).expiryDate.getTime();
    const aExpiry = await expiryOf(a);

    const ops: unknown[] = [
      { op: 'renew', idempotency_key: `renew-${a}`, domain: a, years: 1, payment_method: 'gems' }, // 200
      { op: 'renew', idempotency_key: `renew-${a}`, domain: a, years: 1, payment_method: 'gems' }, // replayed, not twice
      { op: 'renew', domain: b, years: 1 }, // mpp: a batch does not pay
      { op: 'set_auto_renew', domain: b, enabled: true, max_gems: 5000 }, // 200
      { op: 'lock', domain: c }, // 200
      { op: 'list_for_sale', domain: c, price: { gems: 5000 } }, // 423: locked just before
      { op: 'list_for_sale', domain: d, price: { gems: 5000 } }, // 200
      { op: 'renew', domain: stranger, years: 1, payment_method: 'gems' }, // 404
      { op: 'patch_records', domain: e, records: [{ type: 'TXT', name: '_x', content: 'hi' }] }, // key: bearer only
    ];
    // Filled to fifty with idempotent locks of the last name.
    while (ops.length < 50) ops.push({ op: 'lock', domain: e });
    const r = await batch(agent.key, ops);
    expect(r.statusCode).toBe(200);
    const results = r.json().results as { index: number; op: string; status: number; body: Record<string, unknown> }[];
    expect(results).toHaveLength(50);
    expect(results.map((x) => x.index)).toEqual([...Array(50).keys()]);
    const statuses = results.slice(0, 9).map((x) => x.status);
    expect(statuses).toEqual([200, 200, 402, 200, 200, 423, 200, 404, 403]);
    expect(results[2]?.body).toMatchObject({ code: 'batch_cannot_pay' });
    expect(results[5]?.body).toMatchObject({ code: 'name_locked' });
    expect(results[8]?.body).toMatchObject({ code: 'credential_not_accepted' });
    expect(results.slice(9).every((x) => x.status === 200 && x.body.locked === true)).toBe(true);

    // The renewal happened once (the same key again replayed it), and only it moved gems.
    expect(results[1]?.body).toEqual(results[0]?.body);
    expect(await s.t.db.em().count(DomainOrder, { domainName: a, kind: 'renewal' })).toBe(1);
    expect((await expiryOf(a)) - aExpiry).toBeGreaterThan(364 * 86_400_000);
    const renewal = results[0]?.body as { order: { amount_gems: number } };
    expect(await gemsBalance(s.t.db.em(), agent.id)).toBe(before - renewal.order.amount_gems);
    // Nothing was opened for the renewal it refused.
    expect(await s.t.db.em().count(CheckoutSession, { name: b })).toBe(0);
  });

  it('refuses a malformed batch whole, and more than 50 operations, running none', async () => {
    const agent = await claimedAgent(s.t.app, s.t.db.orm, person.cookie);
    const label = randomLabel('batch');
    await registerDomain(s.t.app, label, { headers: agent.key, method: 'gems' });
    const tooMany = Array.from({ length: 51 }, () => ({ op: 'lock', domain: `${label}.agent` }));
    expect((await batch(agent.key, tooMany)).statusCode).toBe(400);
    expect((await batch(agent.key, [{ op: 'lock', domain: `${label}.agent` }, { op: 'transfer' }])).statusCode).toBe(
      400,
    );
    expect((await batch(agent.key, [])).statusCode).toBe(400);
    expect((await batch({}, [{ op: 'lock', domain: `${label}.agent` }])).statusCode).toBe(401);
    const lock = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/domains/${label}.agent/lock`,
      headers: agent.key,
    });
    expect(lock.json().locked).toBe(false);
  });
});
