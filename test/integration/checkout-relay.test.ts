import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPublicClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_RELAY_KEY,
  ANVIL_TREASURY_KEY,
  localChain,
  startAnvil,
  type Anvil,
} from '../../src/infra/anvil.ts';
import { deployUsdc, eip3009AuthorizationFields, mintUsdc, usdcAbi } from '../../src/infra/usdc.ts';
import { relayClient, RelayUnavailableError } from '../../src/payments/relay-client.ts';
import { usdcTransferVerifier } from '../../src/payments/usdc-transfer.ts';
import { buildRelayApp } from '../../src/relay/app.ts';
import { relayChain } from '../../src/relay/chain.ts';
import { settlement as settlementOf } from '../../src/relay/settlement.ts';
import { relayStore, type RelayStore } from '../../src/relay/store.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';
import { eventually } from '../helpers/hosted-checkout.ts';
import { freePort } from '../helpers/ports.ts';

const BASE = 8453;
// anvil's account 9 pays the relay's gas; account 1 receives (the registry's treasury).
const SETTLER_KEY: Hex = ANVIL_RELAY_KEY;
const API_KEY = 'relay-test-merchant-secret-0123456789';

// The checkout relay against a real anvil (chain id 8453) running Circle's FiatToken V2.2: sessions,
// the payer's EIP-3009 authorization checked by the x402 exact-scheme facilitator and our window rule,
// settlement on chain, idempotency, and recovery after the relay dies mid-settlement.
describe('checkout relay', () => {
  let anvil: Anvil;
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: RelayStore;
  let token: Hex;
  let app: Awaited<ReturnType<typeof buildRelayApp>>;
  const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
  const payer = privateKeyToAccount(ANVIL_PAYER_KEYS[0]);
  let chain: ReturnType<typeof relayChain>;

  const build = (settlementEnabled = true) =>
    buildRelayApp({
      store,
      settlement: settlementOf(store, chain),
      settings: {
        publicUrl: 'http://127.0.0.1:1',
        apiKey: API_KEY,
        asset: token,
        payTo,
        network: `eip155:${BASE}`,
        maxTimeoutSeconds: 300,
        settlementEnabled,
      },
    });

  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: BASE });
    ({ token } = await deployUsdc(anvil.rpcUrl, BASE));
    await mintUsdc(anvil.rpcUrl, BASE, token, payer.address, 1_000_000_000n);
    db = await createTestDatabase({ loadCatalog: false });
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    store = relayStore(pool);
    await store.migrate();
    chain = relayChain(anvil.rpcUrl, BASE, SETTLER_KEY);
    app = await build();
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
    await db?.drop();
    await anvil?.stop();
  });

  const balance = (who: Hex) =>
    createPublicClient({ chain: localChain(BASE, anvil.rpcUrl), transport: http(anvil.rpcUrl) }).readContract({
      address: token,
      abi: usdcAbi,
      functionName: 'balanceOf',
      args: [who],
    });
  const open = async (amount = '15000000') => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/sessions',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { reference: `order:${randomUUID()}`, amount },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{
      session_id: string;
      session_token: string;
      payment_challenges: { asset: Hex; payTo: Hex; amount: string; maxTimeoutSeconds: number; network: string };
    }>();
  };
  /** The payer's side: a TransferWithAuthorization signed locally for the challenge (or tampered terms). */
  const sign = async (
    c: { asset: Hex; payTo: Hex; amount: string },
    over: Partial<{ to: Hex; value: string; validAfter: string; validBefore: string; chainId: number }> = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const authorization = {
      from: payer.address,
      to: over.to ?? c.payTo,
      value: over.value ?? c.amount,
      validAfter: over.validAfter ?? String(now - 5),
      validBefore: over.validBefore ?? String(now + 120),
      nonce: `0x${randomBytes(32).toString('hex')}` as Hex,
    };
    const signature = await payer.signTypedData({
      domain: { name: 'USD Coin', version: '2', chainId: over.chainId ?? BASE, verifyingContract: c.asset },
      types: {
        TransferWithAuthorization: eip3009AuthorizationFields,
      },
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
    });
    return { authorization, signature };
  };
  const settle = (
    s: { session_id: string; session_token: string },
    body: Record<string, unknown>,
    key = `settle-${randomUUID()}`,
  ) =>
    app.inject({
      method: 'POST',
      url: `/v1/sessions/${s.session_id}/settle`,
      headers: { 'x-checkout-session-token': s.session_token, 'idempotency-key': key },
      payload: body,
    });
  const receipt = async (s: { session_id: string; session_token: string }) =>
    (
      await app.inject({
        method: 'GET',
        url: `/v1/sessions/${s.session_id}/receipt`,
        headers: { 'x-checkout-session-token': s.session_token },
      })
    ).json<{ status: string; tx_hash: Hex | null }>();

  it('reports the Base method, and settles a signed authorization on chain exactly once', async () => {
    const methods = (await app.inject({ method: 'GET', url: '/.well-known/payment-methods' })).json();
    expect(methods.methods[0]).toMatchObject({ network: 'eip155:8453', settlement_enabled: true, asset: token });

    const s = await open();
    expect(s.payment_challenges).toEqual({
      scheme: 'exact',
      network: 'eip155:8453',
      asset: token,
      payTo,
      amount: '15000000',
      maxTimeoutSeconds: 300,
      extra: { assetTransferMethod: 'eip3009', name: 'USD Coin', version: '2' },
    });
    const before = [await balance(payer.address), await balance(payTo)];
    const signed = await sign(s.payment_challenges);
    const key = `settle-${randomUUID()}`;
    const first = await settle(s, { ...signed, accepted: s.payment_challenges }, key);
    expect(first.statusCode).toBe(200);
    expect(['prepared', 'broadcast', 'confirmed']).toContain(first.json().status);
    await eventually(async () => (await receipt(s)).status === 'confirmed');
    const done = await receipt(s);
    expect(done.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect([await balance(payer.address), await balance(payTo)]).toEqual([
      (before[0] ?? 0n) - 15_000_000n,
      (before[1] ?? 0n) + 15_000_000n,
    ]);
    // The registry's own check of what the relay reports: exactly this Transfer of this token to us.
    const verify = usdcTransferVerifier({ rpcUrl: anvil.rpcUrl, token, payTo });
    const hash = done.tx_hash as Hex;
    expect((await verify({ txHash: hash, amountMinor: 15_000_000n, payer: payer.address })).payer).toBe(payer.address);
    for (const [wrong, reason] of [
      [{ txHash: hash, amountMinor: 15_000_001n }, 'wrong_amount'],
      [{ txHash: hash, amountMinor: 15_000_000n, payer: payTo }, 'wrong_amount'],
      [{ txHash: `0x${'ab'.repeat(32)}`, amountMinor: 15_000_000n }, 'not_found'],
    ] as const)
      await expect(verify(wrong)).rejects.toMatchObject({ reason });
    await expect(
      usdcTransferVerifier({ rpcUrl: anvil.rpcUrl, token: payTo, payTo })({ txHash: hash, amountMinor: 15_000_000n }),
    ).rejects.toMatchObject({ reason: 'wrong_token' });
    await expect(
      usdcTransferVerifier({ rpcUrl: anvil.rpcUrl, token, payTo: payer.address })({
        txHash: hash,
        amountMinor: 15_000_000n,
      }),
    ).rejects.toMatchObject({ reason: 'wrong_receiver' });

    // The same call again answers the same result; a different authorization is refused, never settled.
    const again = await settle(s, { ...signed, accepted: s.payment_challenges }, key);
    expect(again.json()).toMatchObject({ status: 'confirmed', tx_hash: done.tx_hash });
    const other = await settle(s, { ...(await sign(s.payment_challenges)), accepted: s.payment_challenges });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ status: 'error', code: 'session_already_paying' });
    expect(await balance(payer.address)).toBe((before[0] ?? 0n) - 15_000_000n);
  });

  it('refuses tampered terms, a replayed authorization and a window over maxTimeoutSeconds', async () => {
    const s = await open();
    const c = s.payment_challenges;
    const now = Math.floor(Date.now() / 1000);
    const refused: [Record<string, unknown>, number, string | RegExp][] = [
      [{ ...(await sign(c, { value: '14999999' })), accepted: c }, 402, /value|amount/i],
      [{ ...(await sign(c, { to: payer.address })), accepted: c }, 402, /recipient|payTo|to/i],
      [{ ...(await sign(c)), accepted: { ...c, amount: '1' } }, 400, 'challenge_mismatch'],
      [{ ...(await sign(c)), accepted: { ...c, asset: payTo } }, 400, 'challenge_mismatch'],
      [{ ...(await sign(c)), accepted: { ...c, network: 'eip155:1' } }, 400, 'challenge_mismatch'],
      [{ ...(await sign(c, { chainId: 1 })), accepted: c }, 402, /signature/i],
      [
        { ...(await sign(c, { validAfter: String(now - 10), validBefore: String(now + 600) })), accepted: c },
        402,
        'validity_window_too_long',
      ],
    ];
    for (const [body, status, code] of refused) {
      const res = await settle(s, body);
      expect([res.statusCode, res.json().code]).toEqual([status, expect.stringMatching(code)]);
    }
    expect((await receipt(s)).status).toBe('awaiting_payment');

    // An authorization already used for one session cannot pay another.
    const paid = await open();
    const signed = await sign(paid.payment_challenges);
    await settle(paid, { ...signed, accepted: paid.payment_challenges });
    await eventually(async () => (await receipt(paid)).status === 'confirmed');
    const replay = await settle(s, { ...signed, accepted: s.payment_challenges });
    expect(replay.statusCode).toBe(402);
    expect((await receipt(s)).status).toBe('awaiting_payment');
  });

  it('20 concurrent settle calls for one session settle once', async () => {
    const s = await open('1000000');
    const signed = await sign(s.payment_challenges);
    const key = `settle-${randomUUID()}`;
    const before = await balance(payer.address);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => settle(s, { ...signed, accepted: s.payment_challenges }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    await eventually(async () => (await receipt(s)).status === 'confirmed');
    expect(await balance(payer.address)).toBe(before - 1_000_000n);
  });

  const rpc = async (method: string, params: unknown[] = []) => {
    const res = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
  };

  it('one authorization posted to two sessions at once is bound to one: the other is refused and never confirmed', async () => {
    // Two sessions with the same terms, so the one signed authorization verifies for both.
    const a = await open('6000000');
    const b = await open('6000000');
    const signed = await sign(a.payment_challenges);
    const before = await balance(payer.address);
    // Nothing is mined while both are answered: without the binding both would be prepared and broadcast.
    await rpc('evm_setAutomine', [false]);
    let answers: Awaited<ReturnType<typeof settle>>[];
    try {
      answers = await Promise.all(
        [a, b].map((s) => settle(s, { ...signed, accepted: s.payment_challenges }, `settle-${randomUUID()}`)),
      );
    } finally {
      await rpc('evm_setAutomine', [true]);
      await rpc('evm_mine');
    }
    const won = answers.findIndex((r) => r.statusCode === 200);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [winner, loser] = won === 0 ? [a, b] : [b, a];
    const refused = answers[1 - won];
    expect(refused?.json()).toMatchObject({ status: 'error', code: 'authorization_bound_elsewhere' });
    await eventually(async () => (await receipt(winner)).status === 'confirmed');
    // Recovery (what a restarted relay runs) confirms only the session that broadcast it.
    await settlementOf(store, chain).recover();
    expect(await receipt(loser)).toMatchObject({ status: 'awaiting_payment', tx_hash: null });
    // Retrying the same authorization on the loser, now spent, is refused again; one transfer in all.
    const retry = await settle(loser, { ...signed, accepted: loser.payment_challenges });
    expect([402, 409]).toContain(retry.statusCode);
    expect((await receipt(loser)).status).not.toBe('confirmed');
    expect(await balance(payer.address)).toBe(before - 6_000_000n);
  });

  it('the store binds an authorization to one session, and recovery never confirms one holding another’s', async () => {
    const c = await open('7000000');
    const d = await open('7000000');
    const e = await open('7000000');
    const signed = await sign(c.payment_challenges);
    const tries = await Promise.allSettled(
      [c, d].map((s) => store.prepare(s.session_id, `k-${s.session_id}`, signed.authorization, signed.signature)),
    );
    expect(tries.filter((t) => t.status === 'fulfilled' && t.value !== null)).toHaveLength(1);
    expect(tries.filter((t) => t.status === 'rejected').map((t) => (t.reason as Error).name)).toEqual([
      'AuthorizationBoundError',
    ]);
    const owner = tries[0]?.status === 'fulfilled' ? c : d;
    // A session prepared with the same authorization behind the binding's back (as before it existed),
    // and first in line for recovery: it must neither broadcast it nor be confirmed by its transfer.
    await pool.query(
      `update checkout_relay.session set status = 'prepared', "authorization" = $2, signature = $3,
         updated_at = now() - interval '1 minute' where id = $1`,
      [e.session_id, JSON.stringify(signed.authorization), signed.signature],
    );
    const before = await balance(payer.address);
    await settlementOf(store, chain).recover();
    await eventually(async () => (await receipt(owner)).status === 'confirmed');
    await settlementOf(store, chain).recover();
    expect(await receipt(e)).toMatchObject({ status: 'failed', tx_hash: null });
    expect(await balance(payer.address)).toBe(before - 7_000_000n);
  });

  it('a session the merchant gives up before any authorization is closed expired_unpaid; one with an authorization is not', async () => {
    const close = (id: string) =>
      app.inject({
        method: 'POST',
        url: `/v1/sessions/${id}/close`,
        headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
        payload: {},
      });
    const s = await open('8000000');
    expect((await app.inject({ method: 'POST', url: `/v1/sessions/${s.session_id}/close` })).statusCode).toBe(401);
    const closed = await close(s.session_id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'expired_unpaid', tx_hash: null });
    expect((await close(s.session_id)).json()).toMatchObject({ status: 'expired_unpaid' });
    // Nothing is taken for it afterwards.
    const late = await settle(s, { ...(await sign(s.payment_challenges)), accepted: s.payment_challenges });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'expired_unpaid' });
    expect(await receipt(s)).toMatchObject({ status: 'expired_unpaid', payer: null });

    const paying = await open('8000000');
    await settle(paying, { ...(await sign(paying.payment_challenges)), accepted: paying.payment_challenges });
    expect(['prepared', 'broadcast', 'confirmed']).toContain((await close(paying.session_id)).json().status);
    await eventually(async () => (await receipt(paying)).status === 'confirmed');

    // Close and settle racing for one session: exactly one of them wins it.
    const raced = await open('8000000');
    const signed = await sign(raced.payment_challenges);
    const [shut, paid] = await Promise.all([
      close(raced.session_id),
      settle(raced, { ...signed, accepted: raced.payment_challenges }),
    ]);
    expect([200, 410]).toContain(paid.statusCode);
    expect(shut.json().status === 'expired_unpaid').toBe(paid.statusCode === 410);
    if (paid.statusCode === 200) await eventually(async () => (await receipt(raced)).status === 'confirmed');
    expect((await close(randomUUID())).statusCode).toBe(404);
  });

  it('a relay that died after accepting finishes on restart, with one transfer', async () => {
    const s = await open('2000000');
    const signed = await sign(s.payment_challenges);
    // The relay accepted the authorization and died before broadcasting it…
    await store.prepare(s.session_id, 'died-before-broadcast', signed.authorization, signed.signature);
    // …and another one died after the chain took the transaction but before it recorded the hash.
    const t = await open('3000000');
    const signedT = await sign(t.payment_challenges);
    await store.prepare(t.session_id, 'died-after-broadcast', signedT.authorization, signedT.signature);
    const sent = await chain.walletClient.writeContract({
      address: token,
      abi: usdcAbi,
      functionName: 'transferWithAuthorization',
      args: [
        signedT.authorization.from,
        signedT.authorization.to,
        BigInt(signedT.authorization.value),
        BigInt(signedT.authorization.validAfter),
        BigInt(signedT.authorization.validBefore),
        signedT.authorization.nonce,
        signedT.signature,
      ],
      account: chain.walletClient.account ?? null,
      chain: chain.walletClient.chain,
    });
    await chain.publicClient.waitForTransactionReceipt({ hash: sent });
    const before = await balance(payer.address);

    await settlementOf(store, chain).recover();
    expect(await receipt(s)).toMatchObject({ status: 'confirmed' });
    expect(await receipt(t)).toMatchObject({ status: 'confirmed', tx_hash: sent });
    expect(await balance(payer.address)).toBe(before - 2_000_000n);
  });

  it('reads a session whose time ran out with no money moved as expired_unpaid, never one that paid', async () => {
    const unpaid = await open();
    const reverted = await open();
    const signed = await sign(reverted.payment_challenges);
    await store.prepare(reverted.session_id, 'reverted', signed.authorization, signed.signature);
    await store.finish(reverted.session_id, 'failed', null);
    const paid = await open();
    await settle(paid, { ...(await sign(paid.payment_challenges)), accepted: paid.payment_challenges });
    await eventually(async () => (await receipt(paid)).status === 'confirmed');
    expect((await receipt(reverted)).status).toBe('failed');
    await pool.query(`update checkout_relay.session set expires_at = now() - interval '1 second' where id = any($1)`, [
      [unpaid.session_id, reverted.session_id, paid.session_id],
    ]);
    expect((await receipt(unpaid)).status).toBe('expired_unpaid');
    expect((await receipt(reverted)).status).toBe('expired_unpaid');
    expect((await receipt(paid)).status).toBe('confirmed');
  });

  it("the registry's client opens and reads sessions over HTTP, and reports a relay it cannot use", async () => {
    const port = await freePort();
    await app.listen({ host: '127.0.0.1', port });
    const client = relayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: API_KEY });
    expect(await client.settlementEnabled('eip155:8453')).toBe(true);
    expect(await client.settlementEnabled('eip155:1')).toBe(false);
    const reference = `registration:${randomUUID()}`;
    const opened = await client.openSession({ reference, amount: '4000000', expiresInSeconds: 600 });
    expect(opened).toMatchObject({ reference, status: 'awaiting_payment', amount: '4000000' });
    expect(opened.session_token).toMatch(/^cst_/);
    const again = await client.openSession({ reference, amount: '4000000', expiresInSeconds: 600 });
    expect([again.session_id, again.session_token]).toEqual([opened.session_id, null]);
    const signed = await sign(opened.payment_challenges as { asset: Hex; payTo: Hex; amount: string });
    await settle(
      { session_id: opened.session_id, session_token: opened.session_token as string },
      { ...signed, accepted: opened.payment_challenges },
    );
    await eventually(async () => (await client.session(opened.session_id)).status === 'confirmed');
    expect((await client.session(opened.session_id)).payer?.toLowerCase()).toBe(payer.address.toLowerCase());

    const wrongKey = relayClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'not-the-merchant-secret-000' });
    await expect(wrongKey.session(opened.session_id)).rejects.toThrow(/refused \(401 unauthorized\)/);
    const down = relayClient({ baseUrl: `http://127.0.0.1:${await freePort()}`, apiKey: API_KEY, timeoutMs: 500 });
    await expect(down.settlementEnabled('eip155:8453')).rejects.toBeInstanceOf(RelayUnavailableError);
  });

  it('with settlement disabled, the method says so and no session opens', async () => {
    const closed = await build(false);
    try {
      const methods = (await closed.inject({ method: 'GET', url: '/.well-known/payment-methods' })).json();
      expect(methods.methods[0].settlement_enabled).toBe(false);
      const res = await closed.inject({
        method: 'POST',
        url: '/v1/sessions',
        headers: { authorization: `Bearer ${API_KEY}` },
        payload: { reference: `order:${randomUUID()}`, amount: '1000000' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', code: 'settlement_disabled' });
    } finally {
      await closed.close();
    }
  });
});
