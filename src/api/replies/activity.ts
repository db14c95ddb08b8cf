import { formatUsd } from '../../domain/money.ts';
import type { ActivityOrder } from '../../domain/orders.ts';

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The `details` of a market order as the ledger shows them (see schemas/activity.ts); null for the other
 * kinds. Amounts are in the order's currency: whole gems, or USD for pathUSD (stored in minor units).
 */
function detailsOf(o: ActivityOrder) {
  const d = o.details;
  const amount = (v: unknown) => {
    const units = typeof v === 'string' || typeof v === 'number' ? String(v) : '0';
    return o.amountMinor != null ? formatUsd(BigInt(units)) : units;
  };
  switch (o.kind) {
    case 'purchase':
    case 'sale':
      return {
        source: text(d.source) ?? 'listing',
        seller_id: text(d.seller_id) ?? '',
        buyer_id: text(d.buyer_id) ?? '',
        referrer_id: text(d.referrer_id),
        seller_amount: amount(d.seller_amount),
        referrer_amount: amount(d.referrer_amount),
        platform_amount: amount(d.platform_amount),
      };
    case 'payout':
      return { sale_id: typeof d.sale_id === 'number' ? d.sale_id : null, payout_address: text(d.payout_address) };
    case 'offer_escrow':
    case 'offer_release':
      return { offer_id: text(d.offer_id) ?? '', reason: text(d.reason) };
    default:
      return null;
  }
}

/**
 * One order of the caller's activity ledger, `accountIds` being the accounts it speaks for (itself and
 * the agents it claimed). The payment fields and `details` are the payer's side of the order: a caller
 * who only owns the domain sees them as null (see schemas/activity.ts).
 */
export function toActivityEntry(o: ActivityOrder, accountIds: readonly string[]) {
  const paid = accountIds.includes(o.payerId);
  const owns = accountIds.includes(o.ownerId);
  return {
    order_id: o.id,
    kind: o.kind,
    domain: o.domainName,
    status: o.status,
    role: paid && owns ? ('both' as const) : paid ? ('payer' as const) : ('owner' as const),
    payer_id: paid ? o.payerId : null,
    owner_id: owns ? o.ownerId : null,
    payment_method: o.paymentMethod,
    years: o.years,
    amount_gems: paid ? o.amountGems : null,
    amount: paid && o.amountMinor != null ? formatUsd(o.amountMinor) : null,
    currency: paid ? o.currency : null,
    payment_reference: paid ? o.paymentReference : null,
    reseller_channel: paid ? o.resellerChannel : null,
    details: paid ? detailsOf(o) : null,
    created_at: o.createdAt.toISOString(),
  };
}
