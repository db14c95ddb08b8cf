import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Account } from '../../src/db/entities/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { humanWithSession, provision } from '../helpers/identities.ts';
import { randomLabel } from '../helpers/fixtures.ts';

// An EIP-55 checksummed address and its lowercase form.
const CHECKSUMMED = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const LOWER = CHECKSUMMED.toLowerCase();

describe('PUT /api/v1/agents/me/payout-address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/agents/me/payout-address', headers, payload: payload as object });
  const me = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/agents/me', headers })).json().account;
  const stored = async (id: string) =>
    (await t.db.orm.em.fork().findOneOrFail(Account, { id }, { fields: ['payoutAddress'] })).payoutAddress ?? null;

  it('sets the calling account’s address (lowercased), shows it in /agents/me, and clears it with null', async () => {
    const agent = await provision(t.app);
    const key = { 'x-api-key': agent.api_key };
    expect(await me(key)).toMatchObject({ payout_address: null });

    const set = await put(key, { address: CHECKSUMMED });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ status: 'success', payout_address: LOWER });
    expect(await stored(agent.account_id)).toBe(LOWER);
    expect(await me(key)).toMatchObject({ account_id: agent.account_id, payout_address: LOWER });

    const cleared = await put(key, { address: null });
    expect(cleared.json()).toEqual({ status: 'success', payout_address: null });
    expect(await stored(agent.account_id)).toBeNull();
    expect(await me(key)).toMatchObject({ payout_address: null });
  });

  it('works for a browser session, on the session’s own account only', async () => {
    const person = await humanWithSession(t.app, t.db.orm, randomLabel('payee'));
    const other = await provision(t.app);
    const upper = `0x${LOWER.slice(2).toUpperCase()}`; // one case: no checksum to check
    expect((await put({ cookie: person.cookie }, { address: upper })).statusCode).toBe(200);
    expect(await stored(person.accountId)).toBe(LOWER);
    expect(await stored(other.account_id)).toBeNull();
  });

  it.each([
    ['not hex', { address: '0xnot-an-address' }],
    ['too short', { address: '0x8ba1f109551bd432803012645ac136ddd64dba7' }],
    ['no 0x', { address: LOWER.slice(2) }],
    ['a wrong checksum', { address: CHECKSUMMED.replace('bD43', 'bd43') }],
    ['the zero address', { address: `0x${'0'.repeat(40)}` }],
    ['a number', { address: 42 }],
    ['no address field', {}],
    ['an unknown field', { address: LOWER, chain: 'base' }],
  ])('refuses %s with 400 validation_failed and changes nothing', async (_label, body) => {
    const agent = await provision(t.app);
    const key = { 'x-api-key': agent.api_key };
    await put(key, { address: LOWER });
    const res = await put(key, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    expect(await stored(agent.account_id)).toBe(LOWER);
  });

  it('needs a credential', async () => {
    const res = await put({}, { address: LOWER });
    expect([res.statusCode, res.json().code]).toEqual([401, 'unauthorized']);
  });
});
