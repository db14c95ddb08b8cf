import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Challenge, Credential, Receipt } from 'mppx';
import { createPublicClient, createWalletClient, http, parseAbi, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ANVIL_PAYER_KEYS,
  ANVIL_TREASURY_KEY,
  deployPathUsd,
  fundAccount,
  localChain,
  startAnvil,
  type Anvil,
} from '../../src/infra/anvil.ts';
import {
  createChainVerifier,
  PaymentVerificationError,
  sessionMemo,
  type ChainVerifier,
} from '../../src/payments/chain-verifier.ts';
import {
  buildChallenge,
  checkChallenge,
  parseCredential,
  receiptHeader,
  tip20Charge,
  type ChallengeInput,
} from '../../src/payments/mpp.ts';
import { payChallenge } from '../../examples/pay-and-register.ts';
import { freePort } from '../helpers/ports.ts';
import { refusal } from '../helpers/refusal.ts';

// A real anvil and a real PathUsd deployment: every refusal below is a transaction actually mined.
const CHAIN_ID = 31337;
const SECRET = 'test-mpp-secret-0123456789abcdef0123456789';
const abi = parseAbi([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferWithMemo(address to, uint256 amount, bytes32 memo)',
]);
const payer = privateKeyToAccount(ANVIL_PAYER_KEYS[0]);
const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
const stranger = privateKeyToAccount(ANVIL_PAYER_KEYS[1]).address;
const PRICE = 15_000_000n; // 15.00 pathUSD

describe('on-chain payment verification (anvil + PathUsd)', () => {
  let anvil: Anvil;
  let token: Hex;
  let otherToken: Hex;
  let verifier: ChainVerifier;
  let wallet: ReturnType<typeof createWalletClient>;
  let reader: ReturnType<typeof createPublicClient>;

  const pay = async (o: { memo?: Hex; amount?: bigint; to?: Hex; token?: Hex; gas?: bigint }) => {
    const common = {
      account: payer,
      chain: localChain(CHAIN_ID, anvil.rpcUrl),
      address: o.token ?? token,
      abi,
      ...(o.gas ? { gas: o.gas } : {}),
    };
    const hash = o.memo
      ? await wallet.writeContract({
          ...common,
          functionName: 'transferWithMemo',
          args: [o.to ?? payTo, o.amount ?? PRICE, o.memo],
        })
      : await wallet.writeContract({ ...common, functionName: 'transfer', args: [o.to ?? payTo, o.amount ?? PRICE] });
    await reader.waitForTransactionReceipt({ hash });
    return hash;
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: CHAIN_ID });
    ({ token } = await deployPathUsd(anvil.rpcUrl, CHAIN_ID));
    ({ token: otherToken } = await deployPathUsd(anvil.rpcUrl, CHAIN_ID));
    await fundAccount(anvil.rpcUrl, CHAIN_ID, token, payer.address, 1_000_000_000n);
    await fundAccount(anvil.rpcUrl, CHAIN_ID, otherToken, payer.address, 1_000_000_000n);
    const chain = localChain(CHAIN_ID, anvil.rpcUrl);
    wallet = createWalletClient({ chain, account: payer, transport: http(anvil.rpcUrl) });
    reader = createPublicClient({ chain, pollingInterval: 50, transport: http(anvil.rpcUrl) });
    verifier = createChainVerifier({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, token, payTo });
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it('accepts an exact transferWithMemo to the receiver with the session memo', async () => {
    const memo = sessionMemo(randomUUID());
    const hash = await pay({ memo });
    const v = await verifier.verifyTransfer({ txHash: hash, amountMinor: PRICE, memo });
    expect(v).toEqual({ payer: payer.address, amountMinor: PRICE, blockNumber: expect.any(BigInt), txHash: hash });
    expect(v.blockNumber).toBeLessThanOrEqual(await verifier.blockNumber());
  });

  it('refuses every payment that does not pay exactly this session', async () => {
    const memo = sessionMemo(randomUUID());
    const check = async (hash: Hex) => refusal(verifier.verifyTransfer({ txHash: hash, amountMinor: PRICE, memo }));
    expect(await check(await pay({ memo, amount: PRICE - 1n }))).toEqual({ reason: 'wrong_amount', retryable: false });
    expect(await check(await pay({ memo, amount: PRICE + 1n }))).toEqual({ reason: 'wrong_amount', retryable: false });
    expect(await check(await pay({ memo, to: stranger }))).toEqual({ reason: 'wrong_receiver', retryable: false });
    expect(await check(await pay({ memo, token: otherToken }))).toEqual({ reason: 'wrong_token', retryable: false });
    expect(await check(await pay({ memo: sessionMemo('another-session') }))).toEqual({
      reason: 'wrong_session',
      retryable: false,
    });
    expect(await check(await pay({}))).toEqual({ reason: 'not_a_transfer', retryable: false });
    // More than the balance, with a fixed gas limit so it is mined (and reverts) instead of failing estimation.
    expect(await check(await pay({ memo, amount: 10n ** 30n, gas: 200_000n }))).toEqual({
      reason: 'failed_tx',
      retryable: false,
    });
  });

  it('calls an unknown transaction not_found, and that is retryable', async () => {
    const unknown = `0x${'ab'.repeat(32)}` as Hex;
    expect(
      await refusal(verifier.verifyTransfer({ txHash: unknown, amountMinor: PRICE, memo: sessionMemo('x') })),
    ).toEqual({
      reason: 'not_found',
      retryable: true,
    });
  });

  it('waits for the configured confirmations', async () => {
    const memo = sessionMemo(randomUUID());
    const hash = await pay({ memo });
    const deep = createChainVerifier({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, token, payTo, confirmations: 3 });
    expect(await refusal(deep.verifyTransfer({ txHash: hash, amountMinor: PRICE, memo }))).toEqual({
      reason: 'not_confirmed',
      retryable: true,
    });
    expect(await deep.findTransferByMemo({ memo, amountMinor: PRICE, fromBlock: 0n })).toBeNull();
    await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x2'] }),
    });
    await expect(deep.verifyTransfer({ txHash: hash, amountMinor: PRICE, memo })).resolves.toMatchObject({
      txHash: hash,
    });
    await expect(deep.findTransferByMemo({ memo, amountMinor: PRICE, fromBlock: 0n })).resolves.toEqual({
      txHash: hash,
      payer: payer.address,
    });
  });

  it('refuses to trust an RPC that serves another chain (a plain, transient error)', async () => {
    const wrong = createChainVerifier({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID + 1, token, payTo });
    const err = await wrong
      .findTransferByMemo({ memo: sessionMemo('x'), amountMinor: PRICE, fromBlock: 0n })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(PaymentVerificationError);
  });

  it('finds a payment by its memo, and nothing for an unpaid or differently priced session', async () => {
    const from = await verifier.blockNumber();
    const memo = sessionMemo(randomUUID());
    const hash = await pay({ memo });
    await pay({ memo, to: stranger }); // same memo elsewhere: not ours
    expect(await verifier.findTransferByMemo({ memo, amountMinor: PRICE, fromBlock: from })).toEqual({
      txHash: hash,
      payer: payer.address,
    });
    expect(
      await verifier.findTransferByMemo({ memo: sessionMemo(randomUUID()), amountMinor: PRICE, fromBlock: from }),
    ).toBeNull();
    expect(await verifier.findTransferByMemo({ memo, amountMinor: PRICE + 1n, fromBlock: from })).toBeNull();
    expect(
      await verifier.findTransferByMemo({ memo, amountMinor: PRICE, fromBlock: (await verifier.blockNumber()) + 10n }),
    ).toBeNull();
  });

  describe('the MPP challenge, credential and receipt', () => {
    const input = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
      sessionId: 'sess_0001',
      realm: 'registry.test',
      amountMinor: PRICE,
      currency: 'pathUSD',
      decimals: 6,
      token,
      payTo,
      chainId: CHAIN_ID,
      expiresAt: new Date(Date.now() + 15 * 60_000),
      description: 'Register scout.agent for 1 year',
      secret: SECRET,
      ...over,
    });

    it('issues a WWW-Authenticate value that mppx parses back, HMAC-bound to the session', () => {
      const expiresAt = new Date(Date.now() + 15 * 60_000);
      const built = buildChallenge(input({ expiresAt }));
      expect(built.header.startsWith('Payment ')).toBe(true);
      const parsed = Challenge.deserialize(built.header, { methods: [tip20Charge] });
      expect(parsed).toMatchObject({
        id: built.challengeId,
        realm: 'registry.test',
        method: 'tip20',
        intent: 'charge',
        expires: expiresAt.toISOString(),
      });
      expect(parsed.request).toEqual({
        amount: '15000000',
        currency: token,
        recipient: payTo,
        externalId: 'sess_0001',
        methodDetails: {
          chainId: CHAIN_ID,
          decimals: 6,
          symbol: 'pathUSD',
          memo: sessionMemo('sess_0001'),
          call: 'transferWithMemo(address,uint256,bytes32)',
          supportedModes: ['push'],
        },
      });
      expect(Challenge.verify(parsed, { secretKey: SECRET })).toBe(true);
      expect(buildChallenge(input({ expiresAt })).header).toBe(built.header); // re-issued 402s are identical
      expect(checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0001' })).toBe('ok');
      expect(checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0002' })).toBe('wrong_session');
      expect(checkChallenge(parsed, { secret: `${SECRET}-other`, sessionId: 'sess_0001' })).toBe('not_issued_here');
      expect(
        checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0001', now: new Date(expiresAt.getTime() + 1) }),
      ).toBe('expired');
      const tampered = { ...parsed, request: { ...parsed.request, recipient: stranger } };
      expect(checkChallenge(tampered, { secret: SECRET, sessionId: 'sess_0001' })).toBe('not_issued_here');
      expect(() => buildChallenge(input({ secret: 'short' }))).toThrow(/32 bytes/);
      expect(() => buildChallenge(input({ memo: sessionMemo('other') }))).toThrow(/memo/);
    });

    it('accepts the three receipt forms and rejects anything else', () => {
      const challenge = buildChallenge(input()).challenge;
      const hash = `0x${'Cd'.repeat(32)}`;
      const credential = Credential.serialize({
        challenge,
        payload: { type: 'hash', hash },
        source: `did:pkh:eip155:${CHAIN_ID}:${payer.address}`,
      });
      const lower = hash.toLowerCase();

      expect(parseCredential(credential)).toMatchObject({
        source: 'authorization',
        txHash: lower,
        challengeId: challenge.id,
        did: `did:pkh:eip155:${CHAIN_ID}:${payer.address}`,
      });
      expect(parseCredential(`Bearer abc, ${credential}`)).toMatchObject({ source: 'authorization', txHash: lower });
      expect(parseCredential(credential.slice('Payment '.length))).toMatchObject({
        source: 'credential',
        txHash: lower,
        challengeId: challenge.id,
      });
      expect(parseCredential(` ${hash} `)).toEqual({ source: 'tx_hash', txHash: lower });
      // The same forms inside `Authorization: Payment` (spec 5 names both places for one receipt).
      expect(parseCredential(`Payment ${hash}`)).toEqual({ source: 'tx_hash', txHash: lower });
      expect(parseCredential(`payment  ${hash} `)).toEqual({ source: 'tx_hash', txHash: lower });
      const echoed = parseCredential(credential)?.challenge;
      expect(echoed && checkChallenge(echoed, { secret: SECRET, sessionId: 'sess_0001' })).toBe('ok');

      const pull = Credential.serialize({ challenge, payload: { type: 'transaction', signature: '0x1234' } });
      for (const garbage of [
        '',
        'garbage',
        'Payment',
        'Payment !!!',
        'Bearer abc',
        '0x1234',
        `0x${'zz'.repeat(32)}`,
        pull,
        'a'.repeat(40_000),
      ]) {
        expect(parseCredential(garbage)).toBeNull();
      }
    });

    it('encodes the Payment-Receipt header with mppx', () => {
      const at = new Date('2026-01-02T03:04:05.000Z');
      const value = receiptHeader({ reference: `0x${'ef'.repeat(32)}`, sessionId: 'sess_0001', chainId: CHAIN_ID, at });
      expect(Receipt.deserialize(value)).toEqual({
        method: 'tip20',
        reference: `0x${'ef'.repeat(32)}`,
        status: 'success',
        timestamp: at.toISOString(),
        externalId: 'sess_0001',
        chainId: CHAIN_ID,
      });
    });

    it('closes the loop: the example client pays the challenge and the credential verifies on chain', async () => {
      const sessionId = randomUUID();
      const { header } = buildChallenge(input({ sessionId }));
      const challenge = Challenge.deserialize(header);
      const paid = await payChallenge({ rpcUrl: anvil.rpcUrl, privateKey: ANVIL_PAYER_KEYS[0], challenge });
      const parsed = parseCredential(paid.credential);
      expect(parsed?.txHash).toBe(paid.txHash.toLowerCase());
      expect(parsed?.challenge && checkChallenge(parsed.challenge, { secret: SECRET, sessionId })).toBe('ok');
      const v = await verifier.verifyTransfer({
        txHash: parsed!.txHash,
        amountMinor: PRICE,
        memo: sessionMemo(sessionId),
      });
      expect(v.payer).toBe(payer.address);
    });

    it('the example client refuses a 402 body that disagrees with its challenge', async () => {
      const sessionId = randomUUID();
      const { header } = buildChallenge(input({ sessionId }));
      const required = {
        status: 'payment_required' as const,
        protocol: 'mpp' as const,
        amount: 15,
        amount_minor: PRICE.toString(),
        currency: 'pathUSD',
        session_id: sessionId,
        pay_url: 'ethereum:…',
        challenge: { token, pay_to: stranger, chain_id: CHAIN_ID, memo: sessionMemo(sessionId) },
      };
      await expect(
        payChallenge({
          rpcUrl: anvil.rpcUrl,
          privateKey: ANVIL_PAYER_KEYS[0],
          challenge: Challenge.deserialize(header),
          required,
        }),
      ).rejects.toThrow(/disagree/);
    });
  });
});
