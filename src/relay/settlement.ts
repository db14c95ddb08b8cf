import { toFacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { parseAbi, parseEventLogs, type PublicClient, type WalletClient } from 'viem';
import { challengeOf } from './challenge.ts';
import type { Authorization, RelaySession, RelayStore } from './store.ts';
import { windowRefusal } from './window.ts';

const eip3009 = parseAbi([
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
]);

export interface RelayChain {
  publicClient: PublicClient;
  /** The relay's own account, which pays the gas of every settlement. */
  walletClient: WalletClient;
}

const same = (x: string, y: string) => x.toLowerCase() === y.toLowerCase();

/** Why an authorization is refused, as data: the x402 reason, or ours. */
export interface Refusal {
  reason: string;
  message: string;
}

const payloadOf = (s: RelaySession, authorization: Authorization, signature: string): PaymentPayload => ({
  x402Version: 2,
  accepted: challengeOf(s) as PaymentRequirements,
  payload: { authorization, signature },
});

/**
 * Verifying and settling an EIP-3009 authorization. The x402 reference facilitator's `exact` scheme
 * does the checks (scheme and network, EIP-712 domain, signature, `to` = payTo, value = amount,
 * validity window, nonce unused, balance — by simulation) and the broadcast; the relay adds its own
 * window rule and records each step, so that a relay killed at any moment finds its way on restart
 * (`recover`): a hash recorded is awaited, an authorization already used on chain is found by its
 * `AuthorizationUsed` log, and one never sent is sent — EIP-3009's nonce makes a second transfer
 * impossible whatever happens.
 */
export function settlement(store: RelayStore, chain: RelayChain) {
  const { publicClient, walletClient } = chain;
  const account = walletClient.account;
  if (!account) throw new Error('the relay wallet has no account');

  /** The facilitator signer; `recordHash` learns each transaction hash the moment it exists. */
  const signerFor = (recordHash: (hash: `0x${string}`) => Promise<void>) =>
    toFacilitatorEvmSigner({
      address: account.address,
      readContract: (args) => publicClient.readContract(args),
      verifyTypedData: (args) =>
        publicClient.verifyTypedData(args as unknown as Parameters<PublicClient['verifyTypedData']>[0]),
      writeContract: async (args) => {
        const hash = await walletClient.writeContract({
          ...(args as unknown as Parameters<WalletClient['writeContract']>[0]),
          account,
          chain: walletClient.chain,
        });
        await recordHash(hash);
        return hash;
      },
      sendTransaction: async (args) => {
        const hash = await walletClient.sendTransaction({ ...args, account, chain: walletClient.chain });
        await recordHash(hash);
        return hash;
      },
      waitForTransactionReceipt: (args) => publicClient.waitForTransactionReceipt(args),
      getCode: (args) => publicClient.getCode(args),
    });

  const verifier = new ExactEvmScheme(signerFor(async () => undefined));

  async function usedOnChain(s: RelaySession, a: Authorization): Promise<`0x${string}` | null> {
    const used = await publicClient.readContract({
      address: s.asset,
      abi: eip3009,
      functionName: 'authorizationState',
      args: [a.from, a.nonce],
    });
    if (!used) return null;
    const logs = await publicClient.getLogs({
      address: s.asset,
      event: eip3009[1],
      args: { authorizer: a.from, nonce: a.nonce },
      fromBlock: 0n,
    });
    return logs[0]?.transactionHash ?? null;
  }

  /**
   * The authorization was used on chain (by `hash`): that pays the one session it is bound to, the one
   * that accepted and broadcast it, and no other. A session holding an authorization bound elsewhere
   * (prepared before the binding existed) is not paid by it: it fails, never `confirmed` with another
   * session's transaction, and reads expired_unpaid once its time is up.
   */
  async function spent(s: RelaySession, a: Authorization, hash: `0x${string}`) {
    const owner = await store.boundTo(s.asset, a);
    return owner === s.id ? store.finish(s.id, 'confirmed', hash) : store.finish(s.id, 'failed', null);
  }

  return {
    /** The facilitator's checks and ours; null when the authorization may be settled. */
    async verify(s: RelaySession, a: Authorization, signature: string): Promise<Refusal | null> {
      const tooLong = windowRefusal(a, s.maxTimeoutSeconds);
      if (tooLong) return tooLong;
      const payload = payloadOf(s, a, signature);
      const r = await verifier.verify(payload, payload.accepted);
      return r.isValid
        ? null
        : {
            reason: r.invalidReason ?? 'invalid_payment',
            message: r.invalidMessage ?? 'The authorization is not valid.',
          };
    },

    /** Broadcasts a prepared session's authorization and follows it to its end. */
    async settle(s: RelaySession): Promise<RelaySession | null> {
      const a = s.authorization;
      if (!a || !s.signature) return null;
      // Only the session the authorization is bound to may broadcast it (one prepared before the binding
      // existed, holding another's authorization, is not paid by it).
      if ((await store.boundTo(s.asset, a)) !== s.id) return store.finish(s.id, 'failed', null);
      const payload = payloadOf(s, a, s.signature);
      const scheme = new ExactEvmScheme(
        signerFor(async (hash) => {
          await store.broadcast(s.id, hash);
        }),
      );
      const r = await scheme.settle(payload, payload.accepted);
      if (r.success) return store.finish(s.id, 'confirmed', r.transaction);
      // Refused before or after sending: if the authorization was used after all (a racing relay, or
      // a receipt lost in the answer), the chain says so and by which transaction.
      const used = await usedOnChain(s, a);
      if (used) return spent(s, a, used);
      // Sent: only its receipt decides. Not mined yet (a slow chain) is not a failure: the session stays
      // `broadcast` and recovery follows it; a payment in flight is never reported failed.
      const sent = (await store.get(s.id))?.txHash ?? null;
      if (sent) {
        const receipt = await publicClient.waitForTransactionReceipt({ hash: sent, timeout: 60_000 }).catch(() => null);
        if (!receipt) throw new Error(`settlement ${sent} not mined yet; recovery follows it`);
        const usedNow = await usedOnChain(s, a);
        if (usedNow) return spent(s, a, usedNow);
        return store.finish(s.id, 'failed', sent);
      }
      // Never sent: refused for good only once the authorization can no longer be used on chain;
      // until then recovery tries again (an RPC hiccup or a lagging block is not the payer's fault).
      if (Date.now() / 1000 > Number(a.validBefore)) return store.finish(s.id, 'failed', null);
      throw new Error(`settlement refused for now (${r.errorReason ?? 'unknown'}); recovery retries`);
    },

    /** After a restart: finish what was started (docs/payments.md "The checkout relay"). */
    async recover(): Promise<void> {
      for (const s of await store.unfinished()) {
        const a = s.authorization;
        if (!a) continue;
        if (s.txHash) {
          const receipt = await publicClient.waitForTransactionReceipt({ hash: s.txHash, timeout: 30_000 });
          const used = parseEventLogs({ abi: eip3009, logs: receipt.logs, eventName: 'AuthorizationUsed' }).filter(
            (l) => same(l.args.authorizer, a.from) && same(l.args.nonce, a.nonce),
          );
          if (receipt.status === 'success' && used.length > 0) {
            await store.finish(s.id, 'confirmed', s.txHash);
            continue;
          }
        }
        const hash = await usedOnChain(s, a);
        if (hash) await spent(s, a, hash);
        else await this.settle(s);
      }
    },
  };
}

export type Settlement = ReturnType<typeof settlement>;
