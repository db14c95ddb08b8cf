import type { EntityManager } from '@mikro-orm/postgresql';
import type { OnchainIdentityRecord } from '../db/onchain-identities.ts';
import { onchainIdentities } from '../db/onchain-identities.ts';
import { findOrder, type OrderRecord } from '../db/orders.ts';
import { agentRegistryOf } from '../domain/onchain-identity.ts';
import type { OnchainIdentityMethod, OnchainIdentityResult } from '../../workflows/onchain-identity-messages.ts';

// Paid ERC-8004 entries read back in the operation's contract shape (hence here, not in src/db).

/** The entry a checkout session paid for, with its order, or null. */
export async function findOnchainIdentityResult(
  em: EntityManager,
  sessionId: string,
): Promise<OnchainIdentityResult | null> {
  const order = await findOrder(em, sessionId, 'onchain_identity');
  return order ? toOnchainIdentityResult(order, await onchainIdentities(em).bySession(sessionId)) : null;
}

export function toOnchainIdentityResult(
  order: OrderRecord,
  entry: OnchainIdentityRecord | null,
): OnchainIdentityResult {
  const d = order.details as { agent_registry: string; agent_uri: string };
  return {
    name: order.domainName,
    domainId: order.domainId ?? 0,
    orderId: order.id,
    agentRegistry: entry ? agentRegistryOf(entry) : d.agent_registry,
    agentUri: d.agent_uri,
    txHash: entry?.txHash ?? '',
    agentId: entry?.agentId ?? null,
    paymentMethod: order.paymentMethod as OnchainIdentityMethod,
    paymentReference: order.paymentReference ?? '',
    amountGems: order.amountGems,
    amountMinor: order.amountMinor == null ? null : String(order.amountMinor),
    currency: order.currency,
  };
}
