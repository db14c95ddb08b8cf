import { defineSignal, defineUpdate } from '@temporalio/workflow';
import { paidOperationContract, type SpendTerms } from './checkout-messages.ts';
import {
  purchaseContract,
  purchaseStatusQuery,
  submitPurchasePayment,
  type PurchaseInput,
  type PurchaseResult,
} from './purchase-messages.ts';

// The offer workflow's contract (docs/market.md "Offers"); plain data only.

export interface OfferInput {
  offerId: string;
  domainName: string;
  bidderId: string;
  currency: 'gems' | 'pathusd';
  /** Whole gems, or pathUSD minor units. */
  amount: string;
  /** When a pending offer lapses (its escrow goes back). */
  expiresAtMs: number;
  /** How long an accepted pathUSD offer waits for the bidder's payment. */
  payWindowMs: number;
  /** The offer valued for the bidder's spend mandate (docs/mandates.md): a gems escrow is reserved with it. */
  spend?: SpendTerms | null;
  /**
   * Above the bidder's approval threshold (docs/mandates.md "Approvals"): the run waits for the person
   * (its `approvalDecidedSignal`, or the deadline) before the offer opens; nothing is escrowed meanwhile.
   * `expiresAtMs` then runs from the approval: the offer stays pending as long after it as without one.
   */
  approval?: { approvalId: string; expiresAtMs: number } | null;
}

/** An offer as the API shows it. */
export interface OfferView {
  offerId: string;
  domain: string;
  domainId: number;
  bidderId: string;
  sellerId: string;
  currency: 'gems' | 'pathusd';
  amount: string;
  status: 'pending' | 'accepted' | 'rejected' | 'withdrawn' | 'expired';
  expiresAt: string;
  createdAt: string;
  decidedAt: string | null;
  saleId: number | null;
}

export type OfferDecision = (
  | { action: 'reject' | 'withdraw' }
  /** Accepting a pathUSD offer opens the bidder's checkout with these terms (built by the API). */
  | { action: 'accept'; checkout: PurchaseInput | null }
) & {
  accountId: string;
  /** The deciding request's Idempotency-Key operation, recorded with the decision (absent without a key). */
  operationId?: string | null;
};

/** What the offer run's steps refuse with (activity failure types): business outcomes, never retried. */
export const offerRefusals = [
  'domain_not_found',
  'own_domain',
  'offer_below_minimum',
  'insufficient_gems',
  'offer_not_found',
  'offer_not_pending',
  'forbidden',
] as const;
export type OfferRefusal = (typeof offerRefusals)[number];

/** Creates the offer (and holds a gems offer's amount in escrow); refused offers end the run. */
export const openOfferUpdate = defineUpdate<OfferView>('openOffer');
/** The owner accepts or rejects, the bidder withdraws; answers the offer as it now stands. */
export const decideOfferUpdate = defineUpdate<OfferView, [OfferDecision]>('decideOffer');

/** The offer was ended by a sale of the name (rejected, its escrow given back): the run closes. */
export const offerEndedSignal = defineSignal('offerEnded');

export type OfferOutcome =
  | { outcome: 'refused'; code: string }
  | { outcome: 'rejected' | 'withdrawn' | 'expired' }
  | { outcome: 'sold'; saleId: number }
  /** An accepted pathUSD offer whose payment never came, or was refused (the checkout's own outcome). */
  | { outcome: 'unpaid' | 'payment_refused' };

/** One run per offer: its lifetime (pending timer, decision, the sale). */
export const offerWorkflowId = (offerId: string) => `offer:${offerId}`;

/**
 * An accepted pathUSD offer's payment as a paid operation: the bidder's checkout is held by the offer's
 * own run (`offer:<id>`), which pays it as a purchase (its effect, credits and checkout counts are the
 * purchase's: workflows/sale.ts). Its checkout is opened by the run's accepting step, never by the API,
 * so it records no checkout row; the offer's own spend (src/mandates/offer-spend.ts) is what the
 * bidder's mandate counts.
 */
export const offerPaymentContract = paidOperationContract<PurchaseInput, PurchaseResult>()({
  name: 'offer',
  doneAs: 'purchased',
  workflowType: 'offerWorkflow',
  workflowId: offerWorkflowId,
  statusQuery: purchaseStatusQuery,
  submitPaymentUpdate: submitPurchasePayment,
  effect: 'completePurchase',
  mandateOperation: 'offer',
  orderKind: 'purchase',
  checkoutRows: 'none',
  describe: purchaseContract.describe,
});
