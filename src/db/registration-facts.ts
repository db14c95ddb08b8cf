import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegistrationFacts } from '../domain/registration-plan.ts';
import { CouponError, previewCoupon } from '../ledger/coupons.ts';
import { gemsBalance } from '../ledger/gems.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { Account, Domain, NamespaceWhitelist, OrganizationCustomer } from './entities/index.ts';

/** What the registration rules need to know about a name, its actor, its target owner and its coupon. */
export async function registrationFacts(
  em: EntityManager,
  q: {
    name: string;
    namespace: string;
    actorAccountId: string | null;
    organizationId: string | null;
    targetOwnerId: string | null;
    couponCode: string | null;
    /** The namespace is in sunrise: only whitelisted accounts may register (else the whitelist is not read). */
    sunrise: boolean;
  },
): Promise<RegistrationFacts> {
  const account = q.actorAccountId
    ? await em.findOne(Account, { id: q.actorAccountId }, { fields: ['kind', 'isReseller', 'isOperator'] })
    : null;
  return {
    // An expired record no longer holds its name (docs/registration.md "Expiry").
    taken: (await em.count(Domain, { name: q.name, status: { $ne: EXPIRED } })) > 0,
    account: account ? { kind: account.kind, isReseller: account.isReseller, isOperator: account.isOperator } : null,
    whitelisted:
      q.sunrise && q.actorAccountId
        ? (await em.count(NamespaceWhitelist, { namespace: q.namespace, account: q.actorAccountId })) > 0
        : false,
    targetOwnerExists: q.targetOwnerId ? (await em.count(Account, { id: q.targetOwnerId })) > 0 : false,
    targetIsCustomer:
      q.organizationId && q.targetOwnerId
        ? (await em.count(OrganizationCustomer, { organization: q.organizationId, account: q.targetOwnerId })) > 0
        : false,
    coupon: q.couponCode ? await couponFact(em, q.couponCode, q.namespace) : null,
    gemsBalance: q.actorAccountId ? await gemsBalance(em, q.actorAccountId) : 0,
  };
}

async function couponFact(em: EntityManager, code: string, namespace: string): Promise<RegistrationFacts['coupon']> {
  try {
    return { percentOff: (await previewCoupon(em, code, namespace)).percentOff };
  } catch (err) {
    if (err instanceof CouponError) return { refused: err.reason };
    throw err;
  }
}
