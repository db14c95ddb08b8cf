// The activity ledger: one order per completed payment or free operation (registration, renewal,
// transfer, purchase), recording who paid or acted and who received the domain.

export const paymentMethods = ['mpp', 'gems', 'free', 'gfavip_checkout'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
// purchase: the buyer's side of a secondary sale; sale: the seller's; payout: pathUSD proceeds sent on
// chain; offer_escrow / offer_release: gems held for an offer and given back (docs/market.md "Market").
export const orderKinds = [
  'registration',
  'renewal',
  'transfer',
  'purchase',
  'sale',
  'payout',
  'offer_escrow',
  'offer_release',
  'onchain_identity',
] as const;
export type OrderKind = (typeof orderKinds)[number];

/** An order as an account's activity ledger lists it. */
export interface ActivityOrder {
  id: number;
  kind: OrderKind;
  domainName: string;
  status: string;
  /** The account that paid or acted. */
  payerId: string;
  /** The account the domain went to. */
  ownerId: string;
  paymentMethod: PaymentMethod;
  years: number | null;
  amountGems: number;
  /** Minor units of the machine payment's currency, when there was one. */
  amountMinor: bigint | null;
  currency: string;
  paymentReference: string | null;
  resellerChannel: string | null;
  /** What the kind of order records beside the payment (a sale's parties and split, a payout's address, …). */
  details: Record<string, unknown>;
  createdAt: Date;
}
