import { createCatalogActivities } from './catalog.ts';
import { createCheckoutActivities } from './checkout.ts';
import { createDnsActivities } from './dns.ts';
import { createExpiryActivities } from './expiry.ts';
import { createRegistrationActivities } from './registration.ts';
import { createOfferActivities } from './offers.ts';
import { createPurchaseActivities } from './purchase.ts';
import { createRenewalActivities } from './renewal.ts';
import { createSettlementActivities } from './settlement.ts';
import { createWebhookActivities } from './webhooks.ts';
import type { ActivityDeps } from './deps.ts';

export type { ActivityDeps } from './deps.ts';

/** Every activity the worker registers, built over one set of dependencies. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createCatalogActivities(deps),
    ...createCheckoutActivities(deps),
    ...createRegistrationActivities(deps),
    ...createRenewalActivities(deps),
    ...createExpiryActivities(deps),
    ...createWebhookActivities(deps),
    ...createSettlementActivities(deps),
    ...createPurchaseActivities(deps),
    ...createOfferActivities(deps),
    ...createDnsActivities(deps),
  };
}
