import type { QueryDefinition, UpdateDefinition } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { AuditedChange } from '../src/domain/audited-change.ts';

// The contract every paid operation's workflow (registration, renewal, purchase, an accepted offer's payment)
// shares with the checkout service in src/checkout: one run per locked object is the lock, a status
// query says where it stands, an update hands it a receipt, another resets it. Plain data only.

/** Where an open checkout run stands. */
export const openStages = ['awaiting_approval', 'awaiting_payment', 'verifying', 'activating'] as const;
/**
 * Where a checkout run stands: open, or closed `done` (its operation's `doneAs` is the outcome) or as it
 * ended without the operation (the search attribute RegistryStage shows them).
 */
export const checkoutStages = [...openStages, 'done', 'refused', 'expired_unpaid', 'cancelled'] as const;
export type CheckoutStage = (typeof checkoutStages)[number];

/**
 * How a run ended without its operation: refused (money that arrived credited back), unpaid, or reset.
 * The checkout table stores these words (src/domain/checkout-outcomes.ts; src/checkout/paid-vocabulary.ts
 * checks at compile time that both say the same).
 */
export type NotDone =
  | {
      outcome: 'refused';
      code: string;
      message: string;
      credit: PaymentCredit | null;
      details?: Record<string, unknown>;
    }
  | { outcome: 'expired_unpaid' }
  | { outcome: 'cancelled' };

/** The outcome every paid operation's run ends with; done, it is the operation's `doneAs` with its result. */
export type PaidOutcome<K extends string, R> = { outcome: K; result: R } | NotDone;

/** Whether the operation was done (its result is in the outcome). */
export const isDone = <K extends string, R>(o: PaidOutcome<K, R>): o is { outcome: K; result: R } => 'result' in o;

/** What every paid operation's input carries about its checkout. */
export interface CheckoutTerms {
  sessionId: string;
  /** The name the checkout is about (the lock's object; the Temporal UI's RegistryDomain). */
  name: string;
  /** Who asked (null: anonymous machine payment; the payer's wallet becomes the identity). */
  actorAccountId: string | null;
  /** Who holds the checkout: `account:<id>` of the actor, or `ip:<address>` of an anonymous payer. */
  holder: string;
  method: string;
  priceGems: number;
  amountMinor: string;
  currency: string;
  /** When the payment challenge (or hosted checkout) stops accepting payment. */
  expiresAtMs: number;
  chain: { chainId: number; token: string; payTo: string; memo: string } | null;
  /** Paid through the USDC route's checkout relay: the relay session the run waits on (docs/payments.md "USDC route"). */
  relay?: RelayTerms | null;
  /** What the checkout counts against the actor's spend mandate (docs/mandates.md); absent: no actor. */
  spend?: SpendTerms | null;
  /**
   * The spend is above the mandate's approval threshold (docs/mandates.md "Approvals"): the run waits in
   * `awaiting_approval` for the person's decision until `expiresAtMs`; unanswered, it is refused.
   */
  approval?: { approvalId: string; expiresAtMs: number } | null;
  /**
   * Who asked, as the audit trail records it (docs/teams.md "Audit trail"): the effect writes the request's
   * one audit event in its own transaction, since that is where the change is made. Absent: runs started
   * before the audit trail, and changes nobody asked for (an auto-renewal).
   */
  audit?: AuditTerms | null;
}

/** A request's audit event, carried to the effect that makes its change (plain data). */
export interface AuditTerms extends AuditedChange {
  requestId: string;
}

/** A spend reserved against a mandate, spent at activation (plain data: amounts as decimal strings). */
export interface SpendTerms {
  /** `checkout:<session>`, `offer:<id>`, `auto-renew:<domain>:<term>`. */
  key: string;
  accountId: string;
  operation: 'register' | 'renew' | 'buy' | 'offer' | 'identity';
  name: string;
  usdMicros: string;
  gems: string;
  /** false: no mandate held the actor when the checkout opened, so nothing was reserved to settle. */
  reserved?: boolean;
}

/** A relay-settled checkout: where the payment settles and the relay session that follows it. */
export interface RelayTerms {
  relaySessionId: string;
  /** CAIP-2, e.g. `eip155:8453`. */
  network: string;
  asset: string;
  payTo: string;
  /** Between two looks at the relay, first and longest (the settlement run's defaults when absent). */
  pollMs?: number;
  maxPollMs?: number;
}

export interface CheckoutStatus<I extends CheckoutTerms, O> {
  stage: CheckoutStage;
  input: I;
  outcome: O | null;
  /** When the checkout stops taking payment (`input.expiresAtMs` as ISO); absent from runs of before. */
  expiresAt?: string;
}

/** Money that arrived for an operation that could not happen, credited back to the payer as gems. */
export interface PaymentCredit {
  accountId: string;
  gems: number;
}

/** How an operation was paid, as the workflow hands it to its effect. */
export type CheckoutPayment =
  | { kind: 'mpp'; txHash: string; payer: string; receipt: string }
  | { kind: 'gems' }
  | { kind: 'free' }
  | { kind: 'checkout'; reference: string }
  /** Settled by the relay and checked on chain by the settlement workflow. */
  | { kind: 'usdc'; txHash: string; payer: string };

/** Business refusals of an effect after payment (activity failure types): outcomes, never retried. */
export const couponRefusals = ['coupon_unknown', 'coupon_expired', 'coupon_used_up', 'coupon_wrong_namespace'] as const;
export const effectRefusals = [
  'approval_refused',
  'approval_expired',
  'insufficient_gems',
  'name_taken',
  'receipt_already_used',
  'owner_unknown',
  'domain_not_renewable',
  'term_too_long',
  // A purchase whose name changed hands or would go to its own seller (docs/market.md "Market").
  'listing_gone',
  'own_domain',
  // An ERC-8004 entry for a name that has one already, or that is no longer active (docs/discovery.md "On chain").
  'already_on_chain',
  'domain_not_active',
  // The name was locked by its owner after it was listed (docs/teams.md "Registrar lock"): the payment is credited back.
  'name_locked',
  // The actor's spend mandate refused the spend at activation (docs/mandates.md): money that arrived is credited back.
  'mandate_exceeded',
  'mandate_forbids',
  ...couponRefusals,
] as const;
/** What an update on a checkout run may refuse with (the run goes on). */
export const updateRefusals = [
  'invalid_receipt',
  'verification_unavailable',
  'payments_unavailable',
  'checkout_not_awaiting_payment',
  'checkout_closed',
  'forbidden',
  'lock_busy',
] as const;
/** Every failure type a checkout run answers with; the checkout service maps each to one HTTP error. */
export type CheckoutRefusal = (typeof effectRefusals)[number] | (typeof updateRefusals)[number];

export const isEffectRefusal = (type: string | undefined | null): type is (typeof effectRefusals)[number] =>
  type != null && (effectRefusals as readonly string[]).includes(type);

/** Whether a failure type is one of the contract's refusals (else it is a fault: an error's class name). */
export const isCheckoutRefusal = (type: string | undefined | null): type is CheckoutRefusal =>
  isEffectRefusal(type) || (type != null && (updateRefusals as readonly string[]).includes(type));

/**
 * The two messages every paid operation's run answers, typed by its input `I`, result `R` and outcome
 * `O`: the `checkoutStatus` query and the `submitPayment` update (same names on every run).
 */
export const checkoutMessagesOf = <I extends CheckoutTerms, R, O>() => ({
  statusQuery: defineQuery<CheckoutStatus<I, O>>('checkoutStatus'),
  submitPayment: defineUpdate<R, [{ receipt: string }]>('submitPayment'),
});
export const resetLockUpdate = defineUpdate<
  { outcome: 'released' | 'payment_found' },
  [{ actorAccountId: string; operator: boolean }]
>('resetLock');
export const checkoutPaidSignal = defineSignal<[{ reference: string }]>('checkoutPaid');
/** The person decided a checkout's approval (docs/mandates.md "Approvals"); the approval row already says so. */
export const approvalDecidedSignal = defineSignal<[{ decision: 'approved' | 'refused' }]>('approvalDecided');
/** From the settlement workflow: the relay confirmed, and the chain shows exactly this transfer. */
export const relaySettledSignal = defineSignal<[{ txHash: string; payer: string }]>('relaySettled');
/** From the settlement workflow: the relay reports the session `expired_unpaid`; only this releases the lock. */
export const relayExpiredSignal = defineSignal('relayExpired');

/** Payments arriving after the challenge expired are still looked for this long before the lock is released. */
export const SETTLE_GRACE_MS = 60_000;

/**
 * Patch (docs/performance.md "The write path"): a run started on this code takes its short steps
 * (verification, the effect, closing the checkout) as local activities, and writes a search attribute
 * only when its value changes (the stage the run was started with is already on it). A registration
 * paid with gems is then one workflow task; runs recorded before keep their activity tasks on replay.
 */
export const LOCAL_STEPS = 'checkout-local-steps';

/** What the expiry sweep reads of a checkout row to find the run behind it (activities/abandoned-checkouts.ts). */
export interface CheckoutRowKey {
  name: string;
  sessionId: string;
}

/**
 * A paid operation, described once for every part that must know it (src/checkout/README.md "A paid
 * operation"): the checkout machinery, its run, its effect, the mandate, the expiry sweep and the
 * stored words. Each operation's contract is in its `<operation>-messages.ts`, and
 * `paid-operations-messages.ts` lists them all; every list that must name each paid operation is built
 * from that list, so an operation left out of one does not compile. Plain data and pure functions only.
 */
export interface PaidOperationContract<
  I extends CheckoutTerms = CheckoutTerms,
  R = unknown,
  K extends string = string,
> {
  /** `registration`, `renewal`, …: the `operation` of its checkout rows, metrics and credits (`credit:<name>:<session>`). */
  name: string;
  /** What its run's outcome, its checkout row and its API answer say once it is done (`registered`, …). */
  doneAs: K;
  /** The run that holds its checkout, by type, and that run's id for the locked object (`registration:<name>`). */
  workflowType: string;
  workflowId(key: string): string;
  statusQuery: QueryDefinition<CheckoutStatus<I, PaidOutcome<K, R>>>;
  submitPaymentUpdate: UpdateDefinition<R, [{ receipt: string }]>;
  /** The activity its run calls once paid (one idempotent transaction: activities/paid-effect.ts). */
  effect: string;
  /** What its checkout counts as against the actor's spend mandate (docs/mandates.md). */
  mandateOperation: string;
  /** The kind of the order its effect records (the activity ledger). */
  orderKind: string;
  /**
   * The run behind one of its checkout rows, from the row alone: the expiry sweep asks it whether a row
   * whose hold has passed still has a run that will close it. `none`: the operation records no row (its
   * checkout is started by another run), and the checkout machinery refuses to record one for it.
   */
  checkoutRows: { runOf(row: CheckoutRowKey): string } | 'none';
  /** What the payment is for, as the challenge tells the payer. */
  describe(input: I): string;
}

/**
 * Declares a paid operation's contract for its input and result types, keeping its literal words
 * (`name`, `doneAs`, …) in its type, so the lists built from the contracts can tell each one apart.
 */
export const paidOperationContract =
  <I extends CheckoutTerms, R>() =>
  <const C extends PaidOperationContract<I, R>>(contract: C): C =>
    contract;
