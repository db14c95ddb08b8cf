import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  encodeEventTopics,
  http,
  parseEventLogs,
  toHex,
  type Address,
  type Hex,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ANVIL_PAYER_KEYS, localChain, startAnvil, type Anvil } from '../../src/infra/anvil.ts';
import { deployIdentityRegistry } from '../../src/infra/erc8004.ts';
import { identityRegistryAbi } from '../../src/identity/erc8004/registry.ts';
import { freePort } from '../helpers/ports.ts';

// Our ERC-8004 Identity Registry on a real anvil with Base's chain id, called with viem as the registry's
// code and an agent's owner would call the canonical one on Base.
const BASE_CHAIN_ID = 8453;
const owner = privateKeyToAccount(ANVIL_PAYER_KEYS[0]);
const outsider = privateKeyToAccount(ANVIL_PAYER_KEYS[1]);
const newOwner = privateKeyToAccount(ANVIL_PAYER_KEYS[2]);

describe('ERC-8004 Identity Registry on anvil', () => {
  let anvil: Anvil;
  let registry: Address;
  let reader: PublicClient;

  const call = { abi: identityRegistryAbi } as const;
  /** A wallet of `account` on the chain: its writeContract calls are typed by identityRegistryAbi. */
  const wallet = (account: typeof owner) =>
    createWalletClient({ chain: localChain(BASE_CHAIN_ID, anvil.rpcUrl), account, transport: http(anvil.rpcUrl) });
  /** Waits for a sent transaction (viem estimates it first, so a reverting call rejects before sending). */
  const mined = async (sent: Promise<Hash>) => {
    const receipt = await reader.waitForTransactionReceipt({ hash: await sent });
    expect(receipt.status).toBe('success');
    return receipt;
  };
  const [registeredTopic] = encodeEventTopics({ abi: identityRegistryAbi, eventName: 'Registered' });
  const registeredId = (receipt: TransactionReceipt): bigint => {
    const log = receipt.logs.find((l) => l.address === registry.toLowerCase() && l.topics[0] === registeredTopic);
    if (!log) throw new Error('no Registered log');
    const event = decodeEventLog({
      abi: identityRegistryAbi,
      eventName: 'Registered',
      data: log.data,
      topics: log.topics,
    });
    return event.args.agentId;
  };
  const read = {
    tokenURI: (agentId: bigint) =>
      reader.readContract({ address: registry, ...call, functionName: 'tokenURI', args: [agentId] }),
    ownerOf: (agentId: bigint) =>
      reader.readContract({ address: registry, ...call, functionName: 'ownerOf', args: [agentId] }),
    metadata: (agentId: bigint, key: string) =>
      reader.readContract({ address: registry, ...call, functionName: 'getMetadata', args: [agentId, key] }),
    wallet: (agentId: bigint) =>
      reader.readContract({ address: registry, ...call, functionName: 'getAgentWallet', args: [agentId] }),
  };

  beforeAll(async () => {
    anvil = await startAnvil({ port: await freePort(), chainId: BASE_CHAIN_ID });
    ({ registry } = await deployIdentityRegistry(anvil.rpcUrl, BASE_CHAIN_ID));
    const chain = localChain(BASE_CHAIN_ID, anvil.rpcUrl);
    reader = createPublicClient({ chain, pollingInterval: 50, transport: http(anvil.rpcUrl) });
  });

  afterAll(async () => {
    await anvil?.stop();
  });

  it('registers an agent with register(string): the caller owns agentId 0, whose tokenURI is the agentURI', async () => {
    expect(await reader.readContract({ address: registry, ...call, functionName: 'name' })).toBe('AgentIdentity');
    expect(await reader.readContract({ address: registry, ...call, functionName: 'symbol' })).toBe('AGENT');

    const uri = 'https://registry.example/api/v1/domains/scout.agent/erc8004.json';
    const receipt = await mined(
      wallet(owner).writeContract({
        address: registry,
        ...call,
        functionName: 'register',
        args: [uri],
      }),
    );
    const agentId = registeredId(receipt);
    expect(agentId).toBe(0n);
    const [registered] = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'Registered' });
    expect(registered?.args).toEqual({ agentId, agentURI: uri, owner: owner.address });
    // One Transfer (the mint) and one MetadataSet, for agentWallet, set to the owner.
    const transfers = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'Transfer' });
    expect(transfers.map((t) => t.args)).toEqual([
      { from: '0x0000000000000000000000000000000000000000', to: owner.address, tokenId: agentId },
    ]);
    const metadata = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'MetadataSet' });
    expect(metadata.map((m) => [m.args.metadataKey, m.args.metadataValue])).toEqual([
      ['agentWallet', owner.address.toLowerCase()],
    ]);

    expect(await read.tokenURI(agentId)).toBe(uri);
    expect(await read.ownerOf(agentId)).toBe(owner.address);
    expect(await read.wallet(agentId)).toBe(owner.address);
    expect(await read.metadata(agentId, 'agentWallet')).toBe(owner.address.toLowerCase());

    // The next registration takes the next id; register() leaves the URI empty.
    const bare = registeredId(
      await mined(wallet(outsider).writeContract({ address: registry, ...call, functionName: 'register', args: [] })),
    );
    expect(bare).toBe(1n);
    expect(await read.tokenURI(bare)).toBe('');
    expect(await read.ownerOf(bare)).toBe(outsider.address);
  });

  it('lets only the owner (or an approved address) change the agentURI, and says who did in URIUpdated', async () => {
    const agentId = registeredId(
      await mined(
        wallet(owner).writeContract({ address: registry, ...call, functionName: 'register', args: ['ipfs://before'] }),
      ),
    );
    const setUri = (by: typeof owner, uri: string) =>
      mined(
        wallet(by).writeContract({ address: registry, ...call, functionName: 'setAgentURI', args: [agentId, uri] }),
      );

    await expect(setUri(outsider, 'ipfs://hijacked')).rejects.toThrow(/ERC721InsufficientApproval/);
    expect(await read.tokenURI(agentId)).toBe('ipfs://before');

    const receipt = await setUri(owner, 'ipfs://after');
    const [updated] = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'URIUpdated' });
    expect(updated?.args).toEqual({ agentId, newURI: 'ipfs://after', updatedBy: owner.address });
    expect(await read.tokenURI(agentId)).toBe('ipfs://after');

    // An address the owner approves for this agent may change it too.
    await mined(
      wallet(owner).writeContract({
        address: registry,
        ...call,
        functionName: 'approve',
        args: [outsider.address, agentId],
      }),
    );
    await setUri(outsider, 'ipfs://by-operator');
    expect(await read.tokenURI(agentId)).toBe('ipfs://by-operator');
  });

  it('stores the metadata given to register(string, MetadataEntry[]), and refuses the reserved agentWallet key', async () => {
    const entries = [
      { metadataKey: 'agentName', metadataValue: toHex('scout.agent') },
      { metadataKey: 'ens', metadataValue: toHex('scout.eth') },
    ];
    const receipt = await mined(
      wallet(owner).writeContract({
        address: registry,
        ...call,
        functionName: 'register',
        args: ['https://registry.example/scout.json', entries],
      }),
    );
    const agentId = registeredId(receipt);
    const events = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'MetadataSet' });
    expect(events.map((e) => [e.args.metadataKey, e.args.metadataValue])).toEqual([
      ['agentWallet', owner.address.toLowerCase()],
      ['agentName', toHex('scout.agent')],
      ['ens', toHex('scout.eth')],
    ]);
    expect(await read.metadata(agentId, 'agentName')).toBe(toHex('scout.agent'));
    expect(await read.metadata(agentId, 'ens')).toBe(toHex('scout.eth'));
    expect(await read.metadata(agentId, 'unset')).toBe('0x');
    expect(await read.tokenURI(agentId)).toBe('https://registry.example/scout.json');

    const setMetadata = (by: typeof owner, key: string, value: Hex) =>
      mined(
        wallet(by).writeContract({
          address: registry,
          ...call,
          functionName: 'setMetadata',
          args: [agentId, key, value],
        }),
      );
    await setMetadata(owner, 'agentName', toHex('scout-2.agent'));
    expect(await read.metadata(agentId, 'agentName')).toBe(toHex('scout-2.agent'));
    await expect(setMetadata(outsider, 'agentName', toHex('taken'))).rejects.toThrow(/ERC721InsufficientApproval/);
    await expect(setMetadata(owner, 'agentWallet', outsider.address)).rejects.toThrow(/ReservedMetadataKey/);
    await expect(
      mined(
        wallet(owner).writeContract({
          address: registry,
          ...call,
          functionName: 'register',
          args: ['ipfs://x', [{ metadataKey: 'agentWallet', metadataValue: outsider.address }]],
        }),
      ),
    ).rejects.toThrow(/ReservedMetadataKey/);
    expect(await read.wallet(agentId)).toBe(owner.address);
  });

  it("moves agentWallet only on the new wallet's EIP-712 signature, and clears it when the agent is transferred", async () => {
    const agentId = registeredId(
      await mined(
        wallet(owner).writeContract({ address: registry, ...call, functionName: 'register', args: ['ipfs://wallet'] }),
      ),
    );
    const { timestamp } = await reader.getBlock();
    const deadline = timestamp + 60n;
    const sign = (signer: typeof owner, forOwner: Address = owner.address) =>
      signer.signTypedData({
        domain: { name: 'ERC8004IdentityRegistry', version: '1', chainId: BASE_CHAIN_ID, verifyingContract: registry },
        types: {
          AgentWalletSet: [
            { name: 'agentId', type: 'uint256' },
            { name: 'newWallet', type: 'address' },
            { name: 'owner', type: 'address' },
            { name: 'deadline', type: 'uint256' },
          ],
        },
        primaryType: 'AgentWalletSet',
        message: { agentId, newWallet: outsider.address, owner: forOwner, deadline },
      });
    const setWallet = (signature: Hex, at = deadline) =>
      mined(
        wallet(owner).writeContract({
          address: registry,
          ...call,
          functionName: 'setAgentWallet',
          args: [agentId, outsider.address, at, signature],
        }),
      );

    // Signed by someone else than the new wallet, or for another owner: refused.
    await expect(setWallet(await sign(newOwner))).rejects.toThrow(/InvalidWalletSignature/);
    await expect(setWallet(await sign(outsider, newOwner.address))).rejects.toThrow(/InvalidWalletSignature/);
    await expect(setWallet(await sign(outsider), timestamp + 3600n)).rejects.toThrow(/WalletDeadlineTooFar/);

    await setWallet(await sign(outsider));
    expect(await read.wallet(agentId)).toBe(outsider.address);
    expect(await read.metadata(agentId, 'agentWallet')).toBe(outsider.address.toLowerCase());

    const receipt = await mined(
      wallet(owner).writeContract({
        address: registry,
        ...call,
        functionName: 'transferFrom',
        args: [owner.address, newOwner.address, agentId],
      }),
    );
    const cleared = parseEventLogs({ abi: identityRegistryAbi, logs: receipt.logs, eventName: 'MetadataSet' });
    expect(cleared.map((e) => [e.args.metadataKey, e.args.metadataValue])).toEqual([['agentWallet', '0x']]);
    expect(await read.ownerOf(agentId)).toBe(newOwner.address);
    expect(await read.wallet(agentId)).toBe('0x0000000000000000000000000000000000000000');
    expect(await read.metadata(agentId, 'agentWallet')).toBe('0x');
  });
});
