import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Domain, NamespaceWhitelist, OrganizationCustomer } from '../db/entities/index.ts';
import type { Principal } from '../auth/principal.ts';
import { AppError } from '../domain/errors.ts';
import { availability } from '../domain/availability.ts';
import type { NamespaceInfo } from '../domain/namespace-directory.ts';
import { priceRegistration, type Price } from '../domain/pricing.ts';
import { CouponError, previewCoupon } from '../ledger/coupons.ts';
import { gemsBalance } from '../ledger/gems.ts';
import type { Config } from '../config/env.ts';
import type { RegistrationMethod } from '../../workflows/registration-messages.ts';

export interface PlanRequest {
  label: string;
  ns: NamespaceInfo;
  name: string;
  years: number;
  paymentMethod: 'mpp' | 'gems' | 'gfavip_checkout';
  network: 'tempo' | 'base-mainnet';
  resellerChannel: string | null;
  targetOwnerId: string | null;
  couponCode: string | null;
}

export interface Plan {
  method: RegistrationMethod;
  actorAccountId: string | null;
  ownerAccountId: string | null;
  operator: boolean;
  price: Price;
  wholesale: boolean;
  resellerChannel: string | null;
  couponCode: string | null;
  warnings: string[];
}

/**
 * Every rule a registration must pass before a checkout exists, in the order a caller should learn
 * about them; each failure is a 4xx with a stable code and nothing is written.
 */
export async function planRegistration(
  em: EntityManager,
  principal: Principal | null,
  req: PlanRequest,
  config: Config,
): Promise<Plan> {
  const { ns, label, name } = req;
  const warnings: string[] = [];
  if (req.network === 'base-mainnet') {
    throw new AppError(
      'network_not_enabled',
      'The base-mainnet USDC route is operator-gated and not available here; omit mpp_network to pay on the default route.',
    );
  }
  if (ns.launch_phase === 'coming_soon')
    throw new AppError('namespace_not_open', `.${ns.namespace} is coming soon: registration is not open yet.`);
  const taken = (await em.count(Domain, { name })) > 0;
  const a = availability(ns, label, taken ? 'registered' : 'free');
  if (a.reason === 'reserved') throw new AppError('name_reserved', `${name} is reserved and cannot be registered.`);
  if (a.reason === 'registered') throw new AppError('name_taken', `${name} is already registered.`);
  if (req.paymentMethod === 'gfavip_checkout' && ns.source !== 'partners') {
    throw new AppError(
      'payment_method_not_available',
      'gfavip_checkout is the hosted human checkout of partner namespaces; use mpp or gems here.',
    );
  }
  // The partner capability record lists mpp (agents and people) and the hosted checkout (people) only.
  if (req.paymentMethod === 'gems' && ns.source === 'partners') {
    throw new AppError(
      'payment_method_not_available',
      `Gems are not a rail of .${ns.namespace}: pay with mpp (agents and people) or gfavip_checkout (signed-in people).`,
    );
  }

  let actorAccountId: string | null = null;
  let actor: Account | null = null;
  if (principal?.kind === 'org_key') {
    if (!(principal.namespaceOps[ns.namespace] ?? []).includes('register')) {
      throw new AppError('forbidden', `This organization credential may not register in .${ns.namespace}.`);
    }
    if (!req.targetOwnerId)
      throw new AppError(
        'unknown_target_owner',
        'An organization credential registers for a customer: give target_owner_id.',
      );
    const bound = await em.count(OrganizationCustomer, {
      organization: principal.organizationId,
      account: req.targetOwnerId,
    });
    if (!bound || (principal.customerIds && !principal.customerIds.includes(req.targetOwnerId))) {
      throw new AppError('forbidden', 'target_owner_id is not a customer this credential may act for.');
    }
    actorAccountId = principal.memberAccountId;
  } else if (principal) {
    actorAccountId = principal.accountId;
  }
  if (actorAccountId) actor = await em.findOneOrFail(Account, { id: actorAccountId });

  if (ns.launch_phase === 'sunrise') {
    const listed = actorAccountId
      ? await em.count(NamespaceWhitelist, { namespace: ns.namespace, account: actorAccountId })
      : 0;
    if (!listed)
      throw new AppError('not_whitelisted', `.${ns.namespace} is in sunrise: only whitelisted accounts may register.`);
  }
  if (req.paymentMethod === 'gems' && !actor) {
    throw new AppError('unauthorized', 'Paying with gems needs an account: send X-API-Key or a bearer token.');
  }
  if (req.paymentMethod === 'gfavip_checkout' && actor?.kind !== 'human') {
    throw new AppError(
      'payment_method_not_available',
      'The hosted checkout is for signed-in people (bearer token or browser session); agents register with mpp.',
    );
  }

  let ownerAccountId = actorAccountId;
  if (req.targetOwnerId) {
    if (!(await em.count(Account, { id: req.targetOwnerId })))
      throw new AppError('unknown_target_owner', `No account ${req.targetOwnerId}.`);
    ownerAccountId = req.targetOwnerId;
  }

  const wholesale = Boolean(req.resellerChannel && actor?.isReseller);
  if (req.resellerChannel && !wholesale)
    warnings.push('reseller_channel ignored: the account is not an approved reseller.');
  let couponPercentOff = 0;
  if (req.couponCode) {
    try {
      couponPercentOff = (await previewCoupon(em, req.couponCode, ns.namespace)).percentOff;
    } catch (err) {
      if (err instanceof CouponError)
        throw new AppError('coupon_invalid', `Coupon ${req.couponCode} cannot be used (${err.reason}).`, {
          reason: err.reason,
        });
      throw err;
    }
  }
  const operator = actor?.isOperator ?? false;
  const price = priceRegistration({
    ns,
    years: req.years,
    actorKind: actor?.kind === 'human' ? 'human' : 'agent',
    wholesale,
    wholesalePercentOff: config.WHOLESALE_PERCENT_OFF,
    ownerDiscount: operator,
    couponPercentOff,
    gemUsdRate: config.GEM_USD_RATE,
  });
  const method: RegistrationMethod = price.totalGems === 0 ? 'free' : req.paymentMethod;
  // Refused before any checkout starts; activation checks the balance again, atomically with the debit.
  if (method === 'gems' && actorAccountId) {
    const balance = await gemsBalance(em, actorAccountId);
    if (balance < price.totalGems) {
      throw new AppError('insufficient_gems', `Insufficient gems: balance ${balance}, price ${price.totalGems}.`, {
        balance,
        price: price.totalGems,
      });
    }
  }
  return {
    method,
    actorAccountId,
    ownerAccountId,
    operator,
    price,
    wholesale,
    resellerChannel: wholesale ? req.resellerChannel : null,
    couponCode: req.couponCode,
    warnings,
  };
}
