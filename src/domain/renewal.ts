import { AppError } from './errors.ts';
import { EXPIRED_STATUS } from './expiring.ts';
import { formatUsd, gemsToUsdMicros, MAX_YEARS } from './money.ts';
import type { NamespaceInfo } from './namespace-directory.ts';
import { priceRegistration } from './pricing.ts';
import { YEAR_MS } from './time.ts';

/** The payment preferences that plan an agent machine payment (spec 4.8); any other plans human gems. */
export const AGENT_PREFERENCES: readonly string[] = ['mpp', 'agent_mpp', 'agent'];

export interface RenewalSubject {
  name: string;
  status: string;
  expiryDate: Date;
}

export interface RenewalQuoteInput {
  domain: RenewalSubject;
  ns: NamespaceInfo;
  years: number;
  paymentPreference: string;
  now: Date;
}

export interface RenewalSettings {
  gemUsdRate: string;
  /** The stablecoin of the default mpp route (MPP_CURRENCY). */
  currency: 'pathUSD' | 'USDC';
}

export interface RenewalQuote {
  purchaseChannel: 'agent' | 'human';
  paymentMethod: 'mpp' | 'gems';
  /** `gems` for the human plan, the mpp route's stablecoin (USD) for the agent plan. */
  currencyUnit: string;
  unitPrice: number;
  grossPrice: number;
  discountAmount: number;
  netPrice: number;
  currentExpiry: Date;
  newExpiry: Date;
  warnings: string[];
}

/**
 * How many years a domain may be renewed for now: the renewed term may reach at most MAX_YEARS (10)
 * years ahead of `now`, and a single renewal adds at most MAX_YEARS. Zero when it already reaches that far.
 */
/** The term after renewing: from the current expiry date, never from today. */
export const extendedExpiry = (expiry: Date, years: number): Date => new Date(expiry.getTime() + years * YEAR_MS);

export function renewableYears(currentExpiry: Date, now: Date): number {
  const room = Math.floor((now.getTime() + MAX_YEARS * YEAR_MS - currentExpiry.getTime()) / YEAR_MS);
  return Math.max(0, Math.min(MAX_YEARS, room));
}

/**
 * A renewal as it would be charged, without charging it: the refusals (an expired domain, a term past
 * ten years ahead) and the price. Agent preferences price the agent rate in USD on the mpp route; any
 * other preference the human rate in gems. Pure: the domain and the caller's discount are read elsewhere.
 */
export function quoteRenewal(r: RenewalQuoteInput, s: RenewalSettings): RenewalQuote {
  const { domain, ns, years } = r;
  // An expired name is gone: it has returned to the pool.
  if (domain.status === EXPIRED_STATUS) throw new AppError('domain_not_found', `${domain.name} is not registered.`);
  const allowed = renewableYears(domain.expiryDate, r.now);
  if (years > allowed) {
    const max = allowed === 0 ? 'it cannot be renewed now' : `at most ${allowed} year${allowed === 1 ? '' : 's'}`;
    throw new AppError(
      'term_too_long',
      `A renewed term may reach at most ${MAX_YEARS} years ahead: ${domain.name} expires ${domain.expiryDate.toISOString()}, so ${max}.`,
      { max_years: allowed },
    );
  }

  const agent = AGENT_PREFERENCES.includes(r.paymentPreference);
  const price = priceRegistration({
    ns,
    years,
    actorKind: agent ? 'agent' : 'human',
    wholesale: false,
    wholesalePercentOff: 0,
    // Renewals are always charged, operators included: the price the checkout will ask.
    ownerDiscount: false,
    couponPercentOff: 0,
    gemUsdRate: s.gemUsdRate,
  });
  // The agent plan is paid in USD: amounts in exact micro-dollars, shown as numbers only at the end.
  const units = (gems: number) => (agent ? gemsToUsdMicros(gems, s.gemUsdRate) : BigInt(gems));
  const show = (u: bigint) => (agent ? Number(formatUsd(u)) : Number(u));
  const gross = units(price.listGems);
  const net = units(price.totalGems);
  return {
    purchaseChannel: agent ? 'agent' : 'human',
    paymentMethod: agent ? 'mpp' : 'gems',
    currencyUnit: agent ? s.currency : 'gems',
    unitPrice: show(units(price.unitGems)),
    grossPrice: show(gross),
    discountAmount: show(gross - net),
    netPrice: show(net),
    currentExpiry: domain.expiryDate,
    newExpiry: extendedExpiry(domain.expiryDate, years),
    warnings: renewalWarnings(r, agent),
  };
}

function renewalWarnings(r: RenewalQuoteInput, agent: boolean): string[] {
  const warnings: string[] = [];
  if (!agent && r.paymentPreference !== 'gems')
    warnings.push(
      `payment_preference "${r.paymentPreference}" is not an agent machine-payment preference (${AGENT_PREFERENCES.join(', ')}): planned as a human renewal in gems.`,
    );
  if (!agent && r.ns.source === 'partners')
    warnings.push(`Gems are not a rail of .${r.ns.namespace}: a renewal there is paid with mpp.`);
  if (r.domain.status === 'grace')
    warnings.push(`${r.domain.name} is in its grace period: renew it before the grace period ends or it is released.`);
  return warnings;
}
