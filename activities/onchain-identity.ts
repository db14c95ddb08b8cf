import type { EntityManager } from '@mikro-orm/postgresql';
import type { UniqueConstraintViolationException } from '@mikro-orm/core';
import { accountForWallet } from '../src/auth/accounts.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import { domainRecords } from '../src/db/domain-records.ts';
import { onchainIdentities } from '../src/db/onchain-identities.ts';
import { placeOrder } from '../src/db/orders.ts';
import { findOnchainIdentityResult, toOnchainIdentityResult } from '../src/identity/onchain-records.ts';
import type { CheckoutPayment } from '../workflows/checkout-messages.ts';
import {
  onchainIdentityContract,
  type OnchainIdentityInput,
  type OnchainIdentityResult,
} from '../workflows/onchain-identity-messages.ts';
import { refuse, takePayment } from './checkout.ts';
import type { ActivityDeps } from './deps.ts';
import { gemsRefusal, paidEffect } from './paid-effect.ts';

export function createOnchainIdentityActivities({ orm, payments, onchain }: ActivityDeps) {
  return {
    /**
     * Takes the payment and records the name's entry (`paid`) with its `onchain_identity` order, in ONE
     * transaction, the domain row locked. Idempotent on the session; a name already entered is refused
     * (and the payment credited back). Nothing is sent on chain here: publishOnchainIdentity does that.
     */
    recordOnchainIdentity: paidEffect(orm, onchainIdentityContract, {
      find: findOnchainIdentityResult,
      apply: (tx, input, payment) => record(tx, input, payment, payments?.chainId ?? 0),
      refusal: gemsRefusal,
      conflict: (err: UniqueConstraintViolationException, input) =>
        err.message.includes('onchain_identity_domain_id_unique')
          ? refuse('already_on_chain', `${input.name} already has its ERC-8004 entry.`)
          : refuse('receipt_already_used', 'This payment was already used.'),
    }),

    /** Sends the entry's registration (signed once) and waits for it: the agent id the registry minted. */
    async publishOnchainIdentity({ sessionId }: { sessionId: string }): Promise<{ agentId: number; txHash: string }> {
      if (!onchain)
        throw new Error('ERC-8004 registrations are not configured on this worker (ERC8004_REGISTRY_ADDRESS)');
      return onchain.publish(sessionId);
    },
  };
}

async function record(
  tx: EntityManager,
  input: OnchainIdentityInput,
  payment: CheckoutPayment,
  chainId: number,
): Promise<OnchainIdentityResult> {
  const domain = await domainRecords(tx).lock(input.domainId);
  if (!domain || domain.status !== 'active' || domain.name !== input.name)
    throw refuse('domain_not_active', `${input.name} is not an active name any more.`);
  if (await onchainIdentities(tx).ofDomain(domain.id))
    throw refuse('already_on_chain', `${input.name} already has its ERC-8004 entry.`);
  const payerId =
    input.actorAccountId ?? (payment.kind === 'mpp' ? await accountForWallet(tx, payment.payer) : domain.ownerId);
  const reference = await takePayment(tx, chainId, input, payment, {
    payerId,
    operation: 'onchain_identity',
    otherwise: `ledger:onchain_identity:${input.sessionId}`,
  });
  await onchainIdentities(tx).add({
    domainId: domain.id,
    domainName: input.name,
    sessionId: input.sessionId,
    chainId: input.registryChainId,
    registry: input.registry,
    agentUri: input.agentUri,
  });
  const order = await placeOrder(tx, {
    reference: input.sessionId,
    kind: 'onchain_identity',
    domainName: input.name,
    domainId: domain.id,
    accountId: payerId,
    ownerId: domain.ownerId,
    paymentMethod: input.method,
    amountGems: input.priceGems,
    amountMinor: payment.kind === 'mpp' ? BigInt(input.amountMinor) : null,
    currency: payment.kind === 'mpp' ? input.currency : 'gems',
    paymentReference: reference,
    details: {
      session_id: input.sessionId,
      agent_registry: `eip155:${input.registryChainId}:${input.registry}`,
      agent_uri: input.agentUri,
    },
  });
  await checkoutSessions(tx).close(input.sessionId, 'identity_registered');
  return toOnchainIdentityResult(order, await onchainIdentities(tx).bySession(input.sessionId));
}

export type OnchainIdentityActivities = ReturnType<typeof createOnchainIdentityActivities>;
