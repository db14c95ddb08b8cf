import { applyDiscount, gemsToUsdMicros } from './money.ts';
import type { NamespaceInfo } from './namespace-directory.ts';

export interface PriceInput {
  ns: NamespaceInfo;
  years: number;
  /** Human accounts pay the human price; agents and anonymous payers the agent price. */
  actorKind: 'human' | 'agent';
  /** Approved reseller registering through a channel: wholesale price. */
  wholesale: boolean;
  wholesalePercentOff: number;
  /** The registry's own operators register without charge (the owner discount). */
  ownerDiscount: boolean;
  couponPercentOff: number;
  gemUsdRate: string;
}

export interface Price {
  unitGems: number;
  listGems: number;
  totalGems: number;
  amountMinor: bigint;
  priceClass: 'human' | 'agent';
}

/** The annual price times years, then wholesale, owner and coupon discounts; rounded up, never below zero. */
export function priceRegistration(p: PriceInput): Price {
  const unitGems = p.actorKind === 'human' ? p.ns.price_per_year.human : p.ns.price_per_year.agent;
  const listGems = unitGems * p.years;
  let total = listGems;
  if (p.wholesale) total = applyDiscount(total, p.wholesalePercentOff);
  if (p.ownerDiscount) total = 0;
  if (p.couponPercentOff > 0) total = applyDiscount(total, p.couponPercentOff);
  return {
    unitGems,
    listGems,
    totalGems: total,
    amountMinor: gemsToUsdMicros(total, p.gemUsdRate),
    priceClass: p.actorKind,
  };
}
