import type { PaidOperation } from '../workflows/paid-operations-messages.ts';
import type { PaidOperationContract } from '../workflows/checkout-messages.ts';
import { createCatalogActivities } from './catalog.ts';
import { createCheckoutActivities } from './checkout.ts';
import { createDnsActivities } from './dns.ts';
import { createExpiryActivities } from './expiry.ts';
import { createRegistrationActivities } from './registration.ts';
import { createOfferActivities } from './offers.ts';
import { createPurchaseActivities } from './purchase.ts';
import { createRenewalActivities } from './renewal.ts';
import { createOnchainIdentityActivities } from './onchain-identity.ts';
import { createRegistrarLockActivities } from './registrar-lock.ts';
import { createSettlementActivities } from './settlement.ts';
import { createWebhookActivities } from './webhooks.ts';
import type { ActivityDeps } from './deps.ts';

export type { ActivityDeps } from './deps.ts';

/**
 * For each paid operation, by name, the factory of the activities that hold its effect (the activity
 * its contract's `effect` names, which its run calls): a paid operation without one does not compile.
 */
export type PaidEffectFactories<C extends PaidOperationContract = PaidOperation> = {
  [N in C['name']]: (deps: ActivityDeps) => Record<Extract<C, { name: N }>['effect'], unknown>;
};

export const paidEffects = {
  registration: createRegistrationActivities,
  renewal: createRenewalActivities,
  purchase: createPurchaseActivities,
  // An accepted offer's payment is a purchase, paid in the offer's run.
  offer: createPurchaseActivities,
  onchain_identity: createOnchainIdentityActivities,
} satisfies PaidEffectFactories;

/** Every activity the worker registers, built over one set of dependencies. */
export function createActivities(deps: ActivityDeps) {
  // Each factory once, however many operations share it.
  const effects = [...new Set(Object.values(paidEffects))].map((create) => create(deps));
  return {
    ...createCatalogActivities(deps),
    ...createCheckoutActivities(deps),
    ...(Object.assign({}, ...effects) as PaidEffectActivities),
    ...createExpiryActivities(deps),
    ...createWebhookActivities(deps),
    ...createSettlementActivities(deps),
    ...createOfferActivities(deps),
    ...createDnsActivities(deps),
    ...createRegistrarLockActivities(deps),
  };
}

/** The activities of every paid operation's effect, as one object. */
type PaidEffectActivities = UnionToIntersection<ReturnType<(typeof paidEffects)[keyof typeof paidEffects]>>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
