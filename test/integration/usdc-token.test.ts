import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import {
  createPublicClient,
  createWalletClient,
  hashDomain,
  http,
  parseEventLogs,
  parseSignature,
  toHex,
  type Address,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PAYER_KEYS, ANVIL_TREASURY_KEY, localChain, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployUsdc, eip3009AuthorizationFields, mintUsdc, usdcAbi } from '../../src/infra/usdc.ts';
import { freePort } from '../helpers/ports.ts';

// Circle's FiatToken V2.2 on a real anvil with Base's chain id: every acceptance and refusal below is
// the real contract's, signed with viem as a payer's wallet would sign it.
const BASE_CHAIN_ID = 8453;
const payer = privateKeyToAccount(ANVIL_PAYER_KEYS[0]);
const relayer = privateKeyToAccount(ANVIL_PAYER_KEYS[1]);
const outsider = privateKeyToAccount(ANVIL_PAYER_KEYS[2]);
const payTo = privateKeyToAccount(ANVIL_TREASURY_KEY).address;
const MINTED = 100_000_000n; // 100.00 USDC
const PRICE = 15_000_000n; // 15.00 USDC

const domainFields = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
] as const;
const types = {
  TransferWithAuthorization: eip3009AuthorizationFields,
  ReceiveWithAuthorization: eip3009AuthorizationFields,
};

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

describe('Base-like USDC on anvil (FiatToken V2.2)', () => {
  let anvil: Anvil;
  let token: Address;
  let reader: PublicClient;
  let wallets: (account: typeof relayer) => WalletClient;

  const domain = (chainId = BASE_CHAIN_ID) => ({ name: 'USD Coin', version: '2', chainId, verifyingContract: token });
  const balance = (of: Address) =>
    reader.readContract({ address: token, abi: usdcAbi, functionName: 'balanceOf', args: [of] });
  const used = (a: Authorization) =>
    reader.readContract({ address: token, abi: usdcAbi, functionName: 'authorizationState', args: [a.from, a.nonce] });

  const authorization = async (over: Partial<Authorization> = {}): Promise<Authorization> => {
    const { timestamp } = await reader.getBlock();
    return {
      from: payer.address,
      to: payTo,
      value: PRICE,
      validAfter: 0n,
      validBefore: timestamp + 3600n,
      nonce: toHex(randomBytes(32)),
      ...over,
    };
  };
  const sign = (
    message: Authorization,
    primaryType: keyof typeof types = 'TransferWithAuthorization',
    chainId = BASE_CHAIN_ID,
  ) => payer.signTypedData({ domain: domain(chainId), types, primaryType, message });
  const vrs = (signature: Hex) => {
    const { v, r, s } = parseSignature(signature);
    return [Number(v), r, s] as const;
  };

  /** The relayer (or `by`) submits the authorization with v, r, s; resolves to the mined receipt. */
  const submit = async (a: Authorization, signature: Hex, by = relayer, gas?: bigint) => {
    const hash = await wallets(by).writeContract({
      account: by,
      chain: localChain(BASE_CHAIN_ID, anvil.rpcUrl),
      address: token,
      abi: usdcAbi,
      functionName: 'transferWithAuthorization',
      args: [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, ...vrs(signature)],
      ...(gas ? { gas } : {}),
    });
    return reader.waitForTransactionReceipt({ hash });
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: BASE_CHAIN_ID });
    ({ token } = await deployUsdc(anvil.rpcUrl, BASE_CHAIN_ID));
    await mintUsdc(anvil.rpcUrl, BASE_CHAIN_ID, token, payer.address, MINTED);
    const chain = localChain(BASE_CHAIN_ID, anvil.rpcUrl);
    reader = createPublicClient({ chain, pollingInterval: 50, transport: http(anvil.rpcUrl) });
    wallets = (account) => createWalletClient({ chain, account, transport: http(anvil.rpcUrl) });
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it("reads as Base's USDC: USD Coin, USDC, 6 decimals, version 2, the EIP-712 domain of chain 8453", async () => {
    const read = <F extends 'name' | 'symbol' | 'decimals' | 'version' | 'DOMAIN_SEPARATOR'>(functionName: F) =>
      reader.readContract({ address: token, abi: usdcAbi, functionName });
    expect(await reader.getChainId()).toBe(BASE_CHAIN_ID);
    expect(await read('name')).toBe('USD Coin');
    expect(await read('symbol')).toBe('USDC');
    expect(await read('decimals')).toBe(6);
    expect(await read('version')).toBe('2');
    // FiatToken V2.2 has no eip712Domain() (EIP-5267): its separator must equal the standard domain hash.
    expect(await read('DOMAIN_SEPARATOR')).toBe(
      hashDomain({ domain: { ...domain(), chainId: BigInt(BASE_CHAIN_ID) }, types: { EIP712Domain: domainFields } }),
    );
    expect(await balance(payer.address)).toBe(MINTED);
  });

  it("moves exactly the authorized amount when a relayer submits the payer's signed transfer", async () => {
    const a = await authorization();
    const before = {
      payer: await balance(payer.address),
      payTo: await balance(payTo),
      relayer: await balance(relayer.address),
      payerEth: await reader.getBalance({ address: payer.address }),
    };
    expect(await used(a)).toBe(false);

    const receipt = await submit(a, await sign(a));

    expect(receipt.status).toBe('success');
    expect(receipt.from).toBe(relayer.address.toLowerCase());
    const logs = parseEventLogs({ abi: usdcAbi, logs: receipt.logs });
    expect(logs.map((l) => [l.address, l.eventName, l.args])).toEqual([
      [token.toLowerCase(), 'AuthorizationUsed', { authorizer: payer.address, nonce: a.nonce }],
      [token.toLowerCase(), 'Transfer', { from: payer.address, to: payTo, value: PRICE }],
    ]);
    expect(await balance(payer.address)).toBe(before.payer - PRICE);
    expect(await balance(payTo)).toBe(before.payTo + PRICE);
    expect(await balance(relayer.address)).toBe(before.relayer);
    expect(await reader.getBalance({ address: payer.address })).toBe(before.payerEth); // the payer paid no gas
    expect(await used(a)).toBe(true);
  });

  it('refuses the same authorization a second time, also when it is mined, in either signature form', async () => {
    const a = await authorization();
    const signature = await sign(a);
    expect((await submit(a, signature)).status).toBe('success');
    const after = await balance(payer.address);

    await expect(submit(a, signature)).rejects.toThrow(/FiatTokenV2: authorization is used or canceled/);
    await expect(
      wallets(relayer).writeContract({
        account: relayer,
        chain: localChain(BASE_CHAIN_ID, anvil.rpcUrl),
        address: token,
        abi: usdcAbi,
        functionName: 'transferWithAuthorization',
        args: [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, signature],
      }),
    ).rejects.toThrow(/FiatTokenV2: authorization is used or canceled/);
    // With a fixed gas limit the replay skips estimation and is mined: the chain itself reverts it.
    expect((await submit(a, signature, relayer, 200_000n)).status).toBe('reverted');
    expect(await balance(payer.address)).toBe(after);
  });

  it('refuses an expired authorization, one not yet valid, and one signed for another chain', async () => {
    const { timestamp } = await reader.getBlock();
    const expired = await authorization({ validBefore: timestamp });
    await expect(submit(expired, await sign(expired))).rejects.toThrow(/FiatTokenV2: authorization is expired/);
    const early = await authorization({ validAfter: timestamp + 3600n, validBefore: timestamp + 7200n });
    await expect(submit(early, await sign(early))).rejects.toThrow(/FiatTokenV2: authorization is not yet valid/);
    const elsewhere = await authorization();
    await expect(submit(elsewhere, await sign(elsewhere, 'TransferWithAuthorization', 1))).rejects.toThrow(
      /FiatTokenV2: invalid signature/,
    );
    for (const a of [expired, early, elsewhere]) expect(await used(a)).toBe(false);
  });

  it('lets only the payee submit a receiveWithAuthorization', async () => {
    const a = await authorization({ to: relayer.address });
    const signature = await sign(a, 'ReceiveWithAuthorization');
    const receive = (by: typeof relayer) =>
      wallets(by).writeContract({
        account: by,
        chain: localChain(BASE_CHAIN_ID, anvil.rpcUrl),
        address: token,
        abi: usdcAbi,
        functionName: 'receiveWithAuthorization',
        args: [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, signature],
      });
    await expect(receive(outsider)).rejects.toThrow(/FiatTokenV2: caller must be the payee/);
    // A transfer authorization is not a receive authorization: the type hash is part of what is signed.
    await expect(submit(a, signature)).rejects.toThrow(/FiatTokenV2: invalid signature/);

    const before = await balance(relayer.address);
    const receipt = await reader.waitForTransactionReceipt({ hash: await receive(relayer) });
    expect(receipt.status).toBe('success');
    expect(await balance(relayer.address)).toBe(before + PRICE);
    expect(await used(a)).toBe(true);
  });
});
