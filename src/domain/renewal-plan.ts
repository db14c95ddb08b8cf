import { AppError, insufficientGems } from './errors.ts';
import type { NamespaceInfo } from './namespace-directory.ts';
import { MAX_YEARS } from './money.ts';
import { priceRegistration, type Price } from './pricing.ts';
import { extendedExpiry, renewableYears } from './renewal.ts';

/** Statuses in which a name can be renewed: `active`, and `grace` (its owner only). */
export const renewableStatuses = ['active', 'grace'] as const;

export interface RenewalRequest {
  name: string;
  ns: NamespaceInfo;
  years: number;
  paymentMethod: 'mpp' | 'gems';
  /** The acting account (null: an anonymous payer, whose wallet pays). */
  actorAccountId: string | null;
  now: Date;
}

/** What the database knows that the renewal rules need (src/db/renewal-facts.ts). */
export interface RenewalFacts {
  domain: { id: number; status: string; expiryDate: Date; ownerId: string } | null;
  account: { kind: 'agent' | 'human' } | null;
  gemsBalance: number;
}

export interface RenewalPlan {
  domainId: number;
  method: 'mpp' | 'gems';
  currentExpiry: Date;
  newExpiry: Date;
  price: Price;
}

/**
 * Every rule a renewal must pass before a checkout exists, in the order a caller should learn about
 * them. Anyone may pay to renew an active name (the owner never changes by renewing); in grace only
 * the owner may; gems are the owner's extension. Pure: the facts are read beforehand.
 */
export function planRenewal(req: RenewalRequest, facts: RenewalFacts, settings: { gemUsdRate: string }): RenewalPlan {
  const d = facts.domain;
  if (!d || !(renewableStatuses as readonly string[]).includes(d.status))
    throw new AppError('domain_not_found', `${req.name} is not registered.`);
  const owner = req.actorAccountId !== null && req.actorAccountId === d.ownerId;
  if (d.status === 'grace' && !owner) {
    throw new AppError(
      'forbidden',
      `${req.name} is in its grace period: only its owner can renew it now (send the owner's key or bearer).`,
    );
  }
  if (req.paymentMethod === 'gems' && !req.actorAccountId)
    throw new AppError(
      'unauthorized',
      'Renewing with gems needs the owner’s account: send X-API-Key or a bearer token.',
    );
  if (req.paymentMethod === 'gems' && !owner)
    throw new AppError('forbidden', `Only the owner of ${req.name} renews it with gems; anyone may renew it with mpp.`);
  const allowed = renewableYears(d.expiryDate, req.now);
  if (req.years > allowed) {
    throw new AppError(
      'term_too_long',
      `A term may not reach more than ${MAX_YEARS} years ahead: ${req.name} can be renewed by ${allowed} year(s) now.`,
      { max_years: allowed },
    );
  }
  const price = priceRegistration({
    ns: req.ns,
    years: req.years,
    // The agent rate on mpp (as the dry run quotes it); with gems the owner's own rate, as registration.
    actorKind: req.paymentMethod === 'mpp' ? 'agent' : (facts.account?.kind ?? 'human'),
    wholesale: false,
    wholesalePercentOff: 0,
    ownerDiscount: false,
    couponPercentOff: 0,
    gemUsdRate: settings.gemUsdRate,
  });
  if (req.paymentMethod === 'gems' && facts.gemsBalance < price.totalGems) {
    throw insufficientGems(facts.gemsBalance, price.totalGems);
  }
  return {
    domainId: d.id,
    method: req.paymentMethod,
    currentExpiry: d.expiryDate,
    newExpiry: extendedExpiry(d.expiryDate, req.years),
    price,
  };
}
