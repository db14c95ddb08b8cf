import { decodeEventLog, encodeFunctionData, keccak256, type Address, type Hex } from 'viem';
import type { Config } from '../../config/env.ts';
import { onchainIdentities } from '../../db/onchain-identities.ts';
import type { Orm } from '../../db/orm.ts';
import { chainSender } from '../../payments/chain-sender.ts';
import { identityRegistryAbi } from './registry.ts';

export interface OnchainRegistrarSettings {
  orm: Orm;
  rpcUrl: string;
  chainId: number;
  /** The ERC-8004 identity registry's address. */
  registry: Address;
  /** The registrar's key: it sends the registrations and holds the identities it mints. */
  privateKey: Hex;
}

/**
 * The on-chain registrar from the configuration: Base (BASE_RPC_URL), the identity registry
 * (ERC8004_REGISTRY_ADDRESS) and the registrar's key (ERC8004_SIGNER_KEY). Null without them: the
 * operation answers that it is not offered here.
 */
export function onchainRegistrarFromConfig(config: Config, orm: Orm): OnchainRegistrar | null {
  const { BASE_RPC_URL, ERC8004_REGISTRY_ADDRESS, ERC8004_SIGNER_KEY } = config;
  if (!BASE_RPC_URL || !ERC8004_REGISTRY_ADDRESS || !ERC8004_SIGNER_KEY) return null;
  return onchainRegistrar({
    orm,
    rpcUrl: BASE_RPC_URL,
    chainId: config.ERC8004_CHAIN_ID,
    registry: ERC8004_REGISTRY_ADDRESS as Address,
    privateKey: ERC8004_SIGNER_KEY as Hex,
  });
}

/**
 * Sends a paid entry's registration to the identity registry, never twice (docs/discovery.md "On chain").
 * The transaction is signed and stored BEFORE it is sent, so a retry after a crash sends the very same
 * transaction again (same nonce, same hash) and the chain takes it once. Only when the chain proves the
 * stored one can never be mined (its nonce used by another transaction, no receipt) is a new one signed.
 * Signing is serialised across workers by an advisory lock on the signer, as the market's payouts are.
 */
export function onchainRegistrar(s: OnchainRegistrarSettings) {
  const sender = chainSender(s);
  const { client, receiptOf } = sender;

  /** Signs the registration and stores it on the entry (committed before anything is sent), then sends it. */
  async function signAndStore(sessionId: string, agentUri: string): Promise<Hex> {
    const raw = await s.orm.em.fork().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`chain-signer:${s.chainId}:${sender.address}`]);
      const data = encodeFunctionData({ abi: identityRegistryAbi, functionName: 'register', args: [agentUri] });
      const raw = await sender.signCall(s.registry, data);
      await onchainIdentities(tx).storeTx(sessionId, raw, keccak256(raw));
      return raw;
    });
    await sender.send(raw);
    return raw;
  }

  /**
   * The agent id of the session's entry: its stored transaction sent (again) and waited for, or signed
   * first if it has none. Throws while it is not mined yet (the caller retries), and for a transaction
   * the chain reverted (an operator must look).
   */
  async function publish(sessionId: string): Promise<{ agentId: number; txHash: string }> {
    const entry = await onchainIdentities(s.orm.em.fork()).bySession(sessionId);
    if (!entry) throw new Error(`no on-chain identity was paid for session ${sessionId}`);
    if (entry.status === 'registered' && entry.agentId !== null && entry.txHash)
      return { agentId: entry.agentId, txHash: entry.txHash };
    let raw = entry.rawTx as Hex | null;
    if (raw && !(await receiptOf(keccak256(raw))) && !(await sender.resend(raw))) raw = null;
    raw ??= await signAndStore(sessionId, entry.agentUri);
    const hash = keccak256(raw);
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 30_000 });
    if (receipt.status !== 'success')
      throw new Error(`registration ${hash} of ${entry.domainName} reverted; an operator must look`);
    const registered = receipt.logs
      .filter((log) => log.address.toLowerCase() === s.registry.toLowerCase())
      .map((log) => {
        try {
          return decodeEventLog({ abi: identityRegistryAbi, data: log.data, topics: log.topics });
        } catch {
          return null;
        }
      })
      .find((e) => e?.eventName === 'Registered');
    if (!registered) throw new Error(`registration ${hash} of ${entry.domainName} emitted no Registered event`);
    const agentId = registered.args.agentId;
    await onchainIdentities(s.orm.em.fork()).markRegistered(sessionId, agentId);
    return { agentId: Number(agentId), txHash: hash };
  }

  return { address: sender.address, chainId: s.chainId, registry: s.registry, publish };
}

export type OnchainRegistrar = ReturnType<typeof onchainRegistrar>;
