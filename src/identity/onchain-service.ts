import type { EntityManager } from '@mikro-orm/postgresql';
import { manageableOwnerIds } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { actorOf, holderOf } from '../checkout/holder.ts';
import type { CheckoutDeps } from '../checkout/checkout-service.ts';
import { latePayments } from '../checkout/late-payment.ts';
import { sessionIdFor } from '../checkout/operation-session.ts';
import { paidOperationService, type Paid, type PaymentRequired } from '../checkout/paid-operation-service.ts';
import type { PresentedReceipt } from '../checkout/receipt.ts';
import type { Config } from '../config/env.ts';
import { onchainIdentities } from '../db/onchain-identities.ts';
import { renewalFacts } from '../db/renewal-facts.ts';
import { identityUrls } from '../domain/agent-card.ts';
import { AppError, insufficientGems } from '../domain/errors.ts';
import { gemsToUsdMicros } from '../domain/money.ts';
import { onchainIdentityContract, type OnchainIdentityResult } from '../../workflows/onchain-identity-messages.ts';
import { onchainIdentityOperation } from './onchain-operation.ts';
import { findOnchainIdentityResult } from './onchain-records.ts';

/** How long a paid request waits for its registration to be mined before answering that it is sent. */
const MINED_WAIT_MS = 30_000;

export interface OnchainIdentityCommand {
  name: string;
  paymentMethod: 'mpp' | 'gems';
  principal: Principal | null;
  ip: string;
  receipt: PresentedReceipt | undefined;
  operationId?: string | null;
}

export type OnchainIdentityAnswer = Paid<'identity_registered', OnchainIdentityResult> | PaymentRequired;

const notActive = (name: string) => new AppError('domain_not_found', `${name} is not an active name.`);

/** Why the caller may not register this name on chain: not an active name, or not theirs to manage. */
async function ownershipRefusal(
  em: EntityManager,
  principal: Principal,
  name: string,
  domain: { status: string; ownerId: string } | null,
): Promise<AppError | null> {
  if (!domain || domain.status !== 'active') return notActive(name);
  if ((await manageableOwnerIds(em, principal)).includes(domain.ownerId)) return null;
  return new AppError('forbidden', `Only the owner of ${name} (or who manages it) registers it on chain.`);
}

/**
 * A name's entry in an ERC-8004 identity registry (docs/discovery.md "On chain") as a paid operation
 * over the shared checkout machinery: the owner (or whoever manages the name) asks, pays in gems or by
 * machine payment, and the run records the entry, sends its registration once and answers the agent id.
 * One run per name holds the lock; a name has one entry.
 */
export function onchainIdentityService(
  deps: CheckoutDeps & { config: Config; registry: { chainId: number; address: string } | null },
) {
  const { config, orm } = deps;
  const checkout = paidOperationService(deps, onchainIdentityOperation);
  const latePaid = latePayments(deps, onchainIdentityContract);
  const { offer, paid } = checkout;

  /**
   * A paid entry with its agent id: the run's own outcome once the registration is mined (a receipt's
   * update answers at the payment, before the chain). Waited for a while; past that the answer says it
   * is sent (`agent_id` null) and lookup shows the id once mined.
   */
  async function mined(a: OnchainIdentityAnswer, name: string): Promise<OnchainIdentityAnswer> {
    if (a.kind !== 'identity_registered' || a.result.agentId !== null) return a;
    // A run that failed after the payment (a reverted transaction: an operator looks) still answers the payment.
    const run = checkout.result(name).then(
      (r) => (r.orderId === a.result.orderId ? paid(r, a.sessionId) : a),
      () => a,
    );
    const later = new Promise<OnchainIdentityAnswer>((resolve) => setTimeout(() => resolve(a), MINED_WAIT_MS).unref());
    return Promise.race([run, later]);
  }

  async function register(cmd: OnchainIdentityCommand): Promise<OnchainIdentityAnswer> {
    return mined(await answer(cmd), cmd.name);
  }

  async function answer(cmd: OnchainIdentityCommand): Promise<OnchainIdentityAnswer> {
    const registry = deps.registry;
    if (!registry)
      throw new AppError(
        'onchain_identity_unavailable',
        'ERC-8004 registrations are not offered here (the operator has not configured an identity registry).',
      );
    const actorId = actorOf(cmd.principal);
    if (!cmd.principal || !actorId)
      throw new AppError(
        'unauthorized',
        'Registering a name on chain needs its owner: send X-API-Key or a bearer token.',
      );
    const holder = holderOf(actorId, cmd.ip);
    const em = orm.em.fork();
    const facts = await renewalFacts(em, { name: cmd.name, actorAccountId: actorId });
    const domain = facts.domain;
    // Who asks before anything about the name's runs: a stranger learns nothing of a registration under way.
    const refusal = await ownershipRefusal(em, cmd.principal, cmd.name, domain);

    // The run holding this name's lock: its holder pays it, asks again, or gets its outcome.
    const running = await checkout.status(cmd.name);
    if (running && (running.input.holder === holder || !refusal))
      return checkout.continueLock(cmd.name, running, {
        holder,
        operationId: cmd.operationId,
        receipt: cmd.receipt,
        taken: () => onchainIdentityOperation.busy(cmd.name),
        inStage: (stage) =>
          new AppError(
            'lock_busy',
            `Your ERC-8004 registration of ${cmd.name} is ${stage}; re-send your receipt to get its outcome.`,
          ),
      });

    // A paid retry whose answer was lost: what the receipt already paid for (a receipt is its payer's alone).
    if (cmd.receipt && !running) {
      const done = await checkout.byReceipt(cmd.receipt, findOnchainIdentityResult);
      if (done?.result.name === cmd.name) return paid(done.result, done.sessionId);
      const late = await latePaid.claim({ name: cmd.name, holder, receipt: cmd.receipt });
      if (late) throw late;
      throw new AppError(
        'no_checkout',
        'There is no open ERC-8004 checkout of yours for this name: send the request without a receipt to get a payment challenge first.',
      );
    }

    if (refusal || !domain) throw refusal ?? notActive(cmd.name);
    const entry = await onchainIdentities(em).ofDomain(domain.id);
    if (entry) {
      // Asked again once done: the entry it has (an idempotent answer, not a second registration).
      const done = await findOnchainIdentityResult(em, entry.sessionId);
      if (done && entry.status === 'registered') return paid(done, entry.sessionId);
      throw new AppError('already_on_chain', `${cmd.name} already has its ERC-8004 entry (${entry.status}).`, {
        session_id: entry.sessionId,
        status: entry.status,
      });
    }
    const priceGems = config.ERC8004_PRICE_GEMS;
    if (cmd.paymentMethod === 'gems' && facts.gemsBalance < priceGems)
      throw insufficientGems(facts.gemsBalance, priceGems);

    const sessionId = await sessionIdFor(orm, cmd.operationId);
    const mpp = cmd.paymentMethod === 'mpp';
    const input = checkout.newInput(
      {
        sessionId,
        name: cmd.name,
        actorAccountId: actorId,
        holder,
        priceGems,
        amountMinor: gemsToUsdMicros(priceGems, config.GEM_USD_RATE).toString(),
      },
      {
        method: cmd.paymentMethod,
        domainId: domain.id,
        agentUri: identityUrls(config.publicBaseUrl, cmd.name).registration,
        registryChainId: registry.chainId,
        registry: registry.address,
      },
      mpp,
    );
    const started = await checkout.open(cmd.name, input, mpp);
    if (mpp) return offer(started);
    return paid(await checkout.result(cmd.name), sessionId);
  }

  return { register };
}

export type OnchainIdentityService = ReturnType<typeof onchainIdentityService>;
