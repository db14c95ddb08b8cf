import type { OnchainIdentityAnswer } from '../../identity/onchain-service.ts';
import { orderBlock } from './order.ts';
import { paidAnswer } from './paid.ts';
import { paymentRequired } from './payment-required.ts';

/** Each answer of an ERC-8004 registration request: 200 with the entry, or 402 with the challenge. */
export function onchainIdentityAnswer(a: OnchainIdentityAnswer) {
  if (a.kind === 'payment_required') return paymentRequired(a.offer, []);
  const r = a.result;
  return paidAnswer(
    {
      sessionId: a.sessionId,
      message: `${r.name} is agent ${r.agentId} in the ERC-8004 identity registry ${r.agentRegistry}.`,
      receipt: r.paymentMethod === 'mpp' ? r.paymentReference : null,
    },
    {
      domain: { name: r.name },
      erc8004: { agent_id: r.agentId, agent_registry: r.agentRegistry, agent_uri: r.agentUri, tx_hash: r.txHash },
      order: orderBlock(r),
    },
  );
}
