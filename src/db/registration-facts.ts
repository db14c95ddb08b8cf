import type { EntityManager } from '@mikro-orm/postgresql';
import type { RegistrationFacts } from '../domain/registration-plan.ts';
import { CouponError, previewCoupon } from '../ledger/coupons.ts';
import { BOOK_BALANCE_SQL, userBook } from '../ledger/gems.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { Account, NamespaceWhitelist, OrganizationCustomer } from './entities/index.ts';

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
  const core = await actorAndName(em, q.name, q.actorAccountId);
  return {
    // An expired record no longer holds its name (docs/registration.md "Expiry").
    taken: core.taken,
    account: core.kind ? { kind: core.kind, isReseller: core.isReseller, isOperator: core.isOperator } : null,
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
    gemsBalance: core.gems,
  };
}

/**
 * What every registration asks, in one round trip (issue 52: a gems registration's API read them in three):
 * the actor's kind and roles, whether a record that is not expired holds the name, and the actor's gems.
 */
async function actorAndName(em: EntityManager, name: string, actorAccountId: string | null) {
  const [row] = await em.execute<
    {
      kind: Account['kind'] | null;
      is_reseller: boolean | null;
      is_operator: boolean | null;
      taken: boolean;
      gems: string | number;
    }[]
  >(
    `select a.kind, a.is_reseller, a.is_operator,
       exists (select 1 from domain d where d.name = ? and d.status <> ?) as taken,
       ${actorAccountId ? `(${BOOK_BALANCE_SQL})` : '0'} as gems
     from (values (1)) as one left join account a on a.id = ?`,
    [name, EXPIRED, ...(actorAccountId ? [userBook(actorAccountId)] : []), actorAccountId],
  );
  return {
    kind: row?.kind ?? null,
    isReseller: row?.is_reseller ?? false,
    isOperator: row?.is_operator ?? false,
    taken: row?.taken ?? false,
    gems: Number(row?.gems ?? 0),
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
