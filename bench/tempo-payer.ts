import { parseAbi, type Hex } from 'viem';
import { ANVIL_PAYER_KEYS, localClients } from '../src/infra/anvil.ts';

// The receipt scenario's payers: anvil's funded dev accounts paying 402 challenges by hand, as the skill
// file tells an agent without an MPP client to: `transferWithMemo(pay_to, amount_minor, memo)` on
// `challenge.token`, then the bare transaction hash is the receipt. Untimed: the bench waits until every
// transfer is mined before a round starts.

/** The call the 402 names (`challenge.call`); the bench pays only that one. */
const TRANSFER_WITH_MEMO = 'transferWithMemo(address,uint256,bytes32)';
/** Transfers of one payer sent before the bench waits for them to be mined. */
const IN_FLIGHT = 40;
const abi = parseAbi(['function transferWithMemo(address to, uint256 amount, bytes32 memo)']);

/** What the bench reads of a default-route 402 (src/api/routes/domains/register.schemas.ts paymentRequiredResponse). */
export interface Challenge402 {
  session_id: string;
  amount_minor: string;
  challenge: { token: Hex; pay_to: Hex; chain_id: number; memo: Hex; call: string };
}

export function isChallenge402(body: unknown): body is Challenge402 {
  const b = body as Partial<Challenge402> | null;
  return typeof b?.amount_minor === 'string' && typeof b.challenge?.memo === 'string';
}

/**
 * Pays every challenge once and waits until each transfer is mined; the hashes, in the challenges'
 * order. The challenges are shared out over the payers; each sends its transfers back to back with
 * nonces it counts itself (one after the other on chain, none waiting for the one before).
 */
export async function payChallenges(rpcUrl: string, challenges: readonly Challenge402[]): Promise<Hex[]> {
  if (challenges.length === 0) return [];
  const chainId = (challenges[0] as Challenge402).challenge.chain_id;
  const payers = ANVIL_PAYER_KEYS.map((key) => localClients(rpcUrl, chainId, key));
  const hashes: Hex[] = new Array<Hex>(challenges.length);
  await Promise.all(
    payers.map(async (payer, p) => {
      let nonce = await payer.public.getTransactionCount({ address: payer.account.address, blockTag: 'pending' });
      let mine: Hex[] = [];
      const mined = async () => {
        for (const hash of mine) {
          const receipt = await payer.public.waitForTransactionReceipt({ hash, timeout: 60_000 });
          if (receipt.status !== 'success') throw new Error(`transferWithMemo ${hash} reverted`);
        }
        mine = [];
      };
      for (let i = p; i < challenges.length; i += payers.length) {
        // At most IN_FLIGHT transfers of one payer wait in anvil's pool at once: with hundreds queued
        // behind each other, a run once saw one never mined.
        if (mine.length >= IN_FLIGHT) await mined();
        const c = challenges[i] as Challenge402;
        if (c.challenge.call !== TRANSFER_WITH_MEMO)
          throw new Error(`the 402 asks for ${c.challenge.call}: not paying`);
        const hash = await payer.wallet.writeContract({
          address: c.challenge.token,
          abi,
          functionName: 'transferWithMemo',
          args: [c.challenge.pay_to, BigInt(c.amount_minor), c.challenge.memo],
          nonce: nonce++,
        });
        hashes[i] = hash;
        mine.push(hash);
      }
      await mined();
    }),
  );
  return hashes;
}
