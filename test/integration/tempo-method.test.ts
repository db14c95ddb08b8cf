import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Challenge, Credential } from 'mppx';
import { tempo as tempoPay } from 'mppx/client';
import type { Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { Actions } from 'viem/tempo';
import {
  ANVIL_DEPLOYER_KEY,
  ANVIL_PAYER_KEYS,
  ANVIL_TREASURY_KEY,
  LOCAL_TEMPO_CHAIN_ID,
  startAnvil,
  TEMPO_PATH_USD,
  type Anvil,
} from '../../src/infra/anvil.ts';
import { payChallenge } from '../../examples/pay-and-register.ts';
import {
  attributionMemo,
  buildTempoChallenge,
  challengeMemo,
  createTempoVerifier,
} from '../../src/payments/tempo-method.ts';
import type { PaymentVerifier } from '../../src/payments/verifier.ts';
import { freePort } from '../helpers/ports.ts';
import { refusal } from '../helpers/refusal.ts';
import { fundedPayer, tempoClient } from '../helpers/tempo-chain.ts';

// A real `anvil --network tempo`: pathUSD is its TIP-20 precompile, payments are Tempo (0x76)
// transactions made by mppx's own Tempo client, and the verifier is mppx's Tempo server method.
const CHAIN_ID = LOCAL_TEMPO_CHAIN_ID;
const PATH_USD: Hex = TEMPO_PATH_USD;
const SECRET = 'test-mpp-secret-0123456789abcdef0123456789';
const REALM = 'registry.test';
const PRICE = 15_000_000n; // 15.00 pathUSD
const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;

describe('mppx Tempo charge method (anvil --network tempo)', () => {
  let rpcUrl: string;
  let anvil: Anvil;
  let verifier: PaymentVerifier;
  const funder = privateKeyToAccount(ANVIL_DEPLOYER_KEY); // holds pathUSD (and ETH) on anvil --network tempo
  const client = () => tempoClient(rpcUrl);

  // A fresh, funded account per payment keeps each case's payer apart (the chain allows many per payer:
  // see the case that pays twice from one).
  const newPayer = () => fundedPayer(rpcUrl);
  const challengeFor = (sessionId: string, amountMinor = PRICE, expiresAt = new Date(Date.now() + 15 * 60_000)) =>
    buildTempoChallenge({
      sessionId,
      realm: REALM,
      amountMinor,
      expiresAt,
      secret: SECRET,
      chainId: CHAIN_ID,
      payTo,
      currency: PATH_USD,
    });
  const pay = async (header: string, mode: 'push' | 'pull', payer?: PrivateKeyAccount) => {
    const account = payer ?? (await newPayer());
    const method = tempoPay.charge({ account, mode, getClient: () => client() });
    const challenge = Challenge.deserialize(header) as Parameters<typeof method.createCredential>[0]['challenge'];
    return { credential: await method.createCredential({ challenge, context: {} }), payer: account };
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID, network: 'tempo' });
    rpcUrl = anvil.rpcUrl;
    verifier = createTempoVerifier({ rpcUrl, chainId: CHAIN_ID, payTo, token: PATH_USD, secret: SECRET, realm: REALM });
  });
  afterAll(() => anvil?.stop());

  it('builds an mppx tempo/charge challenge: same input, same id', () => {
    const expiresAt = new Date(Date.now() + 60_000);
    const a = challengeFor('s-1', PRICE, expiresAt);
    const c = Challenge.deserialize(a.header);
    expect(c).toMatchObject({ method: 'tempo', intent: 'charge', realm: REALM, id: a.challengeId });
    expect(c.request).toMatchObject({
      amount: '15000000',
      currency: PATH_USD,
      recipient: payTo,
      methodDetails: { chainId: CHAIN_ID },
    });
    expect(a.memo).toBe(challengeMemo(a.challengeId));
    expect(challengeFor('s-1', PRICE, expiresAt)).toEqual(a);
    expect(challengeFor('s-2', PRICE, expiresAt).challengeId).not.toBe(a.challengeId);
  });

  it('verifies a push payment (client-broadcast hash) and finds it by memo; verify is repeatable', async () => {
    const ch = challengeFor(randomUUID());
    const { credential, payer } = await pay(ch.header, 'push');
    expect(Credential.deserialize(credential).payload).toMatchObject({ type: 'hash' });
    const v = await verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo });
    expect(v.payer).toBe(payer.address.toLowerCase());
    expect(await verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo })).toEqual(v);
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: ch.memo })).toEqual(v);
    expect(await verifier.findByMemo({ amountMinor: PRICE + 1n, memo: ch.memo })).toBeNull();
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: challengeFor(randomUUID()).memo })).toBeNull();
  });

  it('verifies a pull payment (signed transaction, broadcast by verify), idempotently', async () => {
    const ch = challengeFor(randomUUID());
    const { credential, payer } = await pay(ch.header, 'pull');
    expect(Credential.deserialize(credential).payload).toMatchObject({ type: 'transaction' });
    const v = await verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo });
    expect(v.payer).toBe(payer.address.toLowerCase());
    expect(await verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo })).toEqual(v);
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: ch.memo })).toEqual(v);
  });

  it('refuses a wrong amount: a challenge for another price, or a bound transfer paying less', async () => {
    const ch = challengeFor(randomUUID(), PRICE - 1n);
    const { credential } = await pay(ch.header, 'push');
    expect(await refusal(verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo }))).toEqual({
      reason: 'wrong_amount',
      retryable: false,
    });

    // Underpaying by hand, with the right attribution memo: mppx finds no matching transfer.
    const full = challengeFor(randomUUID());
    const memo = attributionMemo({ challengeId: full.challengeId, realm: REALM });
    const { receipt } = await Actions.token.transferSync(client(), {
      account: funder,
      token: PATH_USD,
      to: payTo,
      amount: PRICE - 1n,
      memo,
    });
    const forged = Credential.serialize({
      challenge: Challenge.deserialize(full.header),
      payload: { type: 'hash', hash: receipt.transactionHash },
    });
    expect(await refusal(verifier.verify({ receipt: forged, amountMinor: PRICE, memo: full.memo }))).toEqual({
      reason: 'wrong_amount',
      retryable: false,
    });
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: full.memo })).toBeNull();
  });

  it("refuses a replay for another session: the credential, or its transaction under the other session's challenge", async () => {
    const a = challengeFor(randomUUID());
    const b = challengeFor(randomUUID());
    const { credential } = await pay(a.header, 'push');
    await verifier.verify({ receipt: credential, amountMinor: PRICE, memo: a.memo });
    // A's credential offered for session B.
    expect(await refusal(verifier.verify({ receipt: credential, amountMinor: PRICE, memo: b.memo }))).toEqual({
      reason: 'wrong_session',
      retryable: false,
    });
    // A's transaction wrapped in B's (genuine) challenge: its memo is bound to A's challenge.
    const hash = (Credential.deserialize(credential).payload as { hash: Hex }).hash;
    const replay = Credential.serialize({
      challenge: Challenge.deserialize(b.header),
      payload: { type: 'hash', hash },
    });
    expect(await refusal(verifier.verify({ receipt: replay, amountMinor: PRICE, memo: b.memo }))).toEqual({
      reason: 'wrong_session',
      retryable: false,
    });
    // A challenge signed with another secret.
    const foreign = buildTempoChallenge({
      sessionId: 'x',
      realm: REALM,
      amountMinor: PRICE,
      expiresAt: new Date(Date.now() + 60_000),
      secret: 'another-secret-0123456789abcdef0123456789',
      chainId: CHAIN_ID,
      payTo,
      currency: PATH_USD,
    });
    const stranger = Credential.serialize({
      challenge: Challenge.deserialize(foreign.header),
      payload: { type: 'hash', hash },
    });
    expect(await refusal(verifier.verify({ receipt: stranger, amountMinor: PRICE, memo: foreign.memo }))).toEqual({
      reason: 'wrong_session',
      retryable: false,
    });
  });

  it('reports an unknown transaction as not found (retryable) and garbage as not a transfer', async () => {
    const ch = challengeFor(randomUUID());
    const unknown = Credential.serialize({
      challenge: Challenge.deserialize(ch.header),
      payload: { type: 'hash', hash: `0x${'ab'.repeat(32)}` },
    });
    expect(await refusal(verifier.verify({ receipt: unknown, amountMinor: PRICE, memo: ch.memo }))).toEqual({
      reason: 'not_found',
      retryable: true,
    });
    expect(await refusal(verifier.verify({ receipt: 'nonsense', amountMinor: PRICE, memo: ch.memo }))).toEqual({
      reason: 'not_a_transfer',
      retryable: false,
    });
  });

  it('one payer pays one challenge after another and two at once (expiring nonces, hardfork T4)', async () => {
    const payer = privateKeyToAccount(ANVIL_PAYER_KEYS[2]);
    for (const mode of ['pull', 'push'] as const) {
      const chs = [challengeFor(randomUUID()), challengeFor(randomUUID())];
      const paid = await Promise.all(chs.map((ch) => pay(ch.header, mode, payer)));
      const verified = await Promise.all(
        paid.map((p, i) => verifier.verify({ receipt: p.credential, amountMinor: PRICE, memo: chs[i]!.memo })),
      );
      expect(verified.map((v) => v.payer)).toEqual([payer.address.toLowerCase(), payer.address.toLowerCase()]);
      expect(verified[0]!.txHash).not.toBe(verified[1]!.txHash);
    }
  });

  it('a payer without an MPP client: transferWithMemo by hand with the attribution memo, the bare hash as receipt', async () => {
    const ch = challengeFor(randomUUID());
    const memo = attributionMemo({ challengeId: ch.challengeId, realm: REALM });
    const byHand = (amount: bigint, m: Hex) =>
      Actions.token
        .transferSync(client(), { account: funder, token: PATH_USD, to: payTo, amount, memo: m })
        .then((r) => r.receipt.transactionHash);
    const good = await byHand(PRICE, memo);
    const v = await verifier.verify({ receipt: good, amountMinor: PRICE, memo: ch.memo });
    expect(v).toEqual({ txHash: good.toLowerCase(), payer: funder.address.toLowerCase() });
    expect(await verifier.verify({ receipt: `Payment ${good}`, amountMinor: PRICE, memo: ch.memo })).toEqual(v);
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: ch.memo })).toEqual(v);
    // The same transfer for another session, a memo of another challenge, or the wrong amount.
    const other = challengeFor(randomUUID());
    expect(await refusal(verifier.verify({ receipt: good, amountMinor: PRICE, memo: other.memo }))).toEqual({
      reason: 'wrong_session',
      retryable: false,
    });
    const short = await byHand(PRICE - 1n, attributionMemo({ challengeId: other.challengeId, realm: REALM }));
    expect(await refusal(verifier.verify({ receipt: short, amountMinor: PRICE, memo: other.memo }))).toEqual({
      reason: 'wrong_amount',
      retryable: false,
    });
    expect(
      await refusal(verifier.verify({ receipt: `0x${'ab'.repeat(32)}`, amountMinor: PRICE, memo: ch.memo })),
    ).toEqual({
      reason: 'not_found',
      retryable: true,
    });
  });

  it('a payment made while its challenge was open is verified after the challenge expired, as often as asked (push and pull)', async () => {
    // Verification can come late (the chain, Temporal or the worker away) and twice (a local activity run
    // again after its workflow task was lost): the memo binds the transfer to its challenge for good.
    const expiresAt = new Date(Date.now() + 6_000);
    const chs = [challengeFor(randomUUID(), PRICE, expiresAt), challengeFor(randomUUID(), PRICE, expiresAt)];
    const push = await pay(chs[0]!.header, 'push');
    const pull = await pay(chs[1]!.header, 'pull');
    const pulled = await verifier.verify({ receipt: pull.credential, amountMinor: PRICE, memo: chs[1]!.memo });
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 500));
    const again = (credential: string, i: number) =>
      verifier.verify({ receipt: credential, amountMinor: PRICE, memo: chs[i]!.memo });
    expect(await again(push.credential, 0)).toMatchObject({ payer: push.payer.address.toLowerCase() });
    expect(await again(pull.credential, 1)).toEqual(pulled);
    expect(await again(pull.credential, 1)).toEqual(pulled);
  });

  it("judges a credential's transfer by the realm its challenge names, whatever realm this worker was configured with", async () => {
    // A worker without the API's PUBLIC_BASE_URL: the challenge (verified as ours by its HMAC) names the realm.
    const elsewhere = createTempoVerifier({
      rpcUrl,
      chainId: CHAIN_ID,
      payTo,
      token: PATH_USD,
      secret: SECRET,
      realm: 'localhost:3000',
    });
    for (const mode of ['push', 'pull'] as const) {
      const ch = challengeFor(randomUUID());
      const { credential, payer } = await pay(ch.header, mode);
      expect(await elsewhere.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo })).toMatchObject({
        payer: payer.address.toLowerCase(),
      });
    }
  });

  it('a pull credential whose challenge expired before it was broadcast pays nothing and is refused as expired', async () => {
    const expiresAt = new Date(Date.now() + 6_000);
    const ch = challengeFor(randomUUID(), PRICE, expiresAt);
    const { credential, payer } = await pay(ch.header, 'pull');
    await new Promise((r) => setTimeout(r, expiresAt.getTime() - Date.now() + 500));
    expect(await refusal(verifier.verify({ receipt: credential, amountMinor: PRICE, memo: ch.memo }))).toEqual({
      reason: 'expired',
      retryable: false,
    });
    expect(await verifier.findByMemo({ amountMinor: PRICE, memo: ch.memo })).toBeNull();
    expect(payer.address).toMatch(/^0x/);
  });

  it("the example payer pays with mppx's client, and refuses a 402 body that disagrees with its challenge", async () => {
    const ch = challengeFor(randomUUID());
    const challenge = Challenge.deserialize(ch.header);
    const required = {
      status: 'payment_required' as const,
      protocol: 'mpp' as const,
      amount: 15,
      amount_minor: PRICE.toString(),
      currency: 'pathUSD',
      session_id: 's',
      pay_url: 'ethereum:…',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
      message: '',
      warnings: [],
      challenge: {
        token: PATH_USD,
        pay_to: PATH_USD,
        chain_id: CHAIN_ID,
        memo: ch.memo,
        decimals: 6,
        call: 'transferWithMemo(address,uint256,bytes32)',
        rpc_url: rpcUrl,
      },
    };
    const key = ANVIL_PAYER_KEYS[1];
    await expect(payChallenge({ rpcUrl, privateKey: key, challenge, required })).rejects.toThrow(/disagree/);
    const paid = await payChallenge({
      rpcUrl,
      privateKey: key,
      challenge,
      required: { ...required, challenge: { ...required.challenge, pay_to: payTo } },
    });
    expect(await verifier.verify({ receipt: paid.credential, amountMinor: PRICE, memo: ch.memo })).toEqual({
      txHash: paid.txHash.toLowerCase(),
      payer: paid.payer.toLowerCase(),
    });
  });
});
