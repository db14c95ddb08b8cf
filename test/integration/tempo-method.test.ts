import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Challenge, Credential } from 'mppx';
import { tempo as tempoPay } from 'mppx/client';
import { createClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { Actions } from 'viem/tempo';
import { tempo as tempoMainnet } from 'viem/tempo/chains';
import { ANVIL_DEPLOYER_KEY, ANVIL_TREASURY_KEY, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import {
  attributionMemo,
  buildTempoChallenge,
  challengeMemo,
  createTempoVerifier,
} from '../../src/payments/tempo-method.ts';
import type { PaymentVerifier } from '../../src/payments/verifier.ts';
import { freePort } from '../helpers/ports.ts';
import { refusal } from '../helpers/refusal.ts';

// A real `anvil --network tempo`: pathUSD is its TIP-20 precompile, payments are Tempo (0x76)
// transactions made by mppx's own Tempo client, and the verifier is mppx's Tempo server method.
const CHAIN_ID = 31337;
const PATH_USD: Hex = '0x20c0000000000000000000000000000000000000';
const SECRET = 'test-mpp-secret-0123456789abcdef0123456789';
const REALM = 'registry.test';
const PRICE = 15_000_000n; // 15.00 pathUSD
const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;

describe('mppx Tempo charge method (anvil --network tempo)', () => {
  let rpcUrl: string;
  let anvil: Anvil;
  let verifier: PaymentVerifier;
  const chain = () => ({ ...tempoMainnet, id: CHAIN_ID, rpcUrls: { default: { http: [rpcUrl] } } });
  const funder = privateKeyToAccount(ANVIL_DEPLOYER_KEY); // holds pathUSD (and ETH) on anvil --network tempo
  const client = () => createClient({ chain: chain(), pollingInterval: 50, transport: http(rpcUrl) });

  // anvil 1.7.1 mines only the first expiring-nonce transaction (which mppx's client always sends) of
  // each sender and silently drops later ones, so every payment comes from a fresh, funded account.
  const newPayer = async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await Actions.token.transferSync(client(), {
      account: funder,
      token: PATH_USD,
      to: payer.address,
      amount: 100_000_000n,
    });
    return payer;
  };
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
});
