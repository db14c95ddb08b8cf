import {
  checkoutMessagesOf,
  paidOperationContract,
  type CheckoutTerms,
  type PaidOutcome,
} from './checkout-messages.ts';

// The purchase workflow's contract (docs/market.md "Purchase"); plain data only.

export type PurchaseMethod = 'mpp' | 'gems';

export interface PurchaseInput extends CheckoutTerms {
  method: PurchaseMethod;
  domainId: number;
  /** The owner who listed it: if the name changed hands meanwhile, there is no sale (the payment is credited back). */
  sellerId: string;
  /** The buyer's account; null: an anonymous machine payer, whose wallet becomes the identity. */
  buyerAccountId: string | null;
  /** `gems`, or `pathusd` (paid on chain); the price in whole gems or minor units, as challenged. */
  saleCurrency: 'gems' | 'pathusd';
  price: string;
  referrerId: string | null;
  /** The accepted pathUSD offer this checkout pays, if any (the sale's source is then `offer`). */
  offerId?: string | null;
}

export interface PurchaseResult {
  saleId: number;
  domainId: number;
  domainName: string;
  sellerId: string;
  buyerId: string;
  currency: 'gems' | 'pathusd';
  price: string;
  sellerAmount: string;
  referrerAmount: string;
  platformAmount: string;
  orderId: number;
  soldAt: string;
  payoutStatus: string | null;
  /** Pending offers on the name that the sale ended: their runs are told (offerEnded). */
  releasedOfferIds: string[];
}

export type PurchaseOutcome = PaidOutcome<'purchased', PurchaseResult>;

export const { statusQuery: purchaseStatusQuery, submitPayment: submitPurchasePayment } = checkoutMessagesOf<
  PurchaseInput,
  PurchaseResult,
  PurchaseOutcome
>();

/** One open purchase checkout per name: while the run is open it is the lock (a second buyer is told before paying). */
export const purchaseWorkflowId = (name: string) => `purchase:${name}`;

/** Buying a listed name as a paid operation: one run per name (`purchase:<name>`) is its lock. */
export const purchaseContract = paidOperationContract<PurchaseInput, PurchaseResult>()({
  name: 'purchase',
  doneAs: 'purchased',
  workflowType: 'purchaseWorkflow',
  workflowId: purchaseWorkflowId,
  statusQuery: purchaseStatusQuery,
  submitPaymentUpdate: submitPurchasePayment,
  effect: 'completePurchase',
  mandateOperation: 'buy',
  orderKind: 'purchase',
  checkoutRows: { runOf: (row) => purchaseWorkflowId(row.name) },
  describe: (input) => (input.offerId ? `Buy ${input.name} (accepted offer)` : `Buy ${input.name}`),
});
