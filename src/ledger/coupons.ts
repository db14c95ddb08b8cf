import type { EntityManager } from '@mikro-orm/postgresql';
import { ledgerRepository } from '../db/ledger-repository.ts';
import { namespaceExists } from '../db/namespace-loader.ts';

// Operator-created discount codes with a usage limit. Invariant: used_count never exceeds max_uses,
// because a use is taken only by one conditional UPDATE that re-checks the limit, expiry and namespace
// in the database; previews read and never consume.

export type CouponFailure = 'unknown' | 'expired' | 'used_up' | 'wrong_namespace';

/** A code that cannot be used for this purchase; `reason` is stable for callers to map. */
export class CouponError extends Error {
  override name = 'CouponError';
  readonly reason: CouponFailure;
  constructor(reason: CouponFailure, code: string) {
    super(`coupon ${code}: ${reason.replace('_', ' ')}`);
    this.reason = reason;
  }
}

/** A coupon that cannot be created as asked (bad field, duplicate code). */
export class CouponDefinitionError extends Error {
  override name = 'CouponDefinitionError';
}

const CODE = /^[A-Z0-9-]{3,64}$/;
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

export interface NewCoupon {
  code: string;
  percentOff: number;
  maxUses: number;
  namespace?: string | null;
  expiresAt?: Date | null;
}

export async function createCoupon(em: EntityManager, c: NewCoupon) {
  const code = normaliseCouponCode(c.code);
  if (!CODE.test(code)) throw new CouponDefinitionError('a coupon code is 3 to 64 characters of A-Z, 0-9 and "-"');
  if (!Number.isInteger(c.percentOff) || c.percentOff < 1 || c.percentOff > 100)
    throw new CouponDefinitionError('percent off must be an integer from 1 to 100');
  if (!Number.isInteger(c.maxUses) || c.maxUses < 1 || c.maxUses > 2_147_483_647)
    throw new CouponDefinitionError('max uses must be a positive integer');
  const expiresAt = c.expiresAt ?? null;
  if (expiresAt && !(expiresAt.getTime() > Date.now()))
    throw new CouponDefinitionError('the expiry must be a date in the future');
  const namespace = c.namespace ?? null;
  if (namespace !== null && !(await namespaceExists(em, namespace)))
    throw new CouponDefinitionError(`no namespace ${namespace}`);
  const row = {
    code,
    percentOff: c.percentOff,
    maxUses: c.maxUses,
    usedCount: 0,
    namespace,
    expiresAt,
    createdAt: new Date(),
  };
  if (!(await ledgerRepository(em).insertCoupon(row))) throw new CouponDefinitionError(`coupon ${code} already exists`);
  return row;
}

/** What the code would give for a purchase in `namespace`; throws CouponError, consumes nothing. */
export async function previewCoupon(em: EntityManager, code: string, namespace: string, now = new Date()) {
  const normal = normaliseCouponCode(code);
  // A plain read in the caller's transaction (if any) that leaves its identity map untouched.
  const [coupon] = CODE.test(normal)
    ? await em.execute<
        { percent_off: number; max_uses: number; used_count: number; namespace: string | null; expired: boolean }[]
      >(
        'select percent_off, max_uses, used_count, namespace, coalesce(expires_at <= ?, false) expired from coupon where code = ?',
        [now, normal],
      )
    : [];
  if (!coupon) throw new CouponError('unknown', normal);
  if (coupon.namespace !== null && coupon.namespace !== namespace) throw new CouponError('wrong_namespace', normal);
  if (coupon.expired) throw new CouponError('expired', normal);
  if (coupon.used_count >= coupon.max_uses) throw new CouponError('used_up', normal);
  return { code: normal, percentOff: coupon.percent_off };
}

/**
 * Takes one use. Run it in the caller's transaction with the order it pays for, so a rolled-back
 * purchase gives the use back. Race-safe: concurrent redemptions queue on the row lock and each
 * re-evaluates `used_count < max_uses`, so at most max_uses succeed.
 */
export async function redeemCoupon(em: EntityManager, code: string, namespace: string, now = new Date()) {
  const normal = normaliseCouponCode(code);
  const rows = await em.execute<{ percent_off: number }[]>(
    `update coupon set used_count = used_count + 1
      where code = ? and used_count < max_uses and (expires_at is null or expires_at > ?) and (namespace is null or namespace = ?)
      returning percent_off`,
    [normal, now, namespace],
  );
  const taken = rows[0];
  if (taken) return { code: normal, percentOff: taken.percent_off };
  await previewCoupon(em, normal, namespace, now); // throws the precise reason
  throw new CouponError('used_up', normal); // lost a race for the last use
}
