import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

// The registration workflow's contract with the HTTP handlers; plain data only.

export type RegistrationMethod = 'mpp' | 'gems' | 'free' | 'gfavip_checkout';
/** Where a run stands; the last four are its outcomes (the search attribute RegistryStage shows them). */
export type RegistrationStage =
  'awaiting_payment' | 'verifying' | 'activating' | 'done' | 'refused' | 'expired_unpaid' | 'cancelled';

export interface RegistrationInput {
  sessionId: string;
  name: string;
  label: string;
  namespace: string;
  years: number;
  method: RegistrationMethod;
  /** Who asked (null: anonymous machine payment; the payer's wallet becomes the identity). */
  actorAccountId: string | null;
  /** Who holds the checkout: `account:<id>` of the actor, or `ip:<address>` of an anonymous payer. */
  holder: string;
  /** Who receives the domain (target_owner_id, else the actor; null: the payer's wallet). */
  ownerAccountId: string | null;
  priceGems: number;
  amountMinor: string;
  currency: string;
  resellerChannel: string | null;
  wholesale: boolean;
  couponCode: string | null;
  /** When the payment challenge (or hosted checkout) stops accepting payment. */
  expiresAtMs: number;
  chain: { chainId: number; token: string; payTo: string; memo: string } | null;
}

/** How a registration was paid, as the workflow hands it to activation. */
export type RegistrationPayment =
  | { kind: 'mpp'; txHash: string; payer: string; receipt: string }
  | { kind: 'gems' }
  | { kind: 'free' }
  | { kind: 'checkout'; reference: string };

/** Money that arrived for a registration that could not happen, credited back to the payer as gems. */
export interface PaymentCredit {
  accountId: string;
  gems: number;
}

export interface RegistrationResult {
  domainId: number;
  name: string;
  ownerId: string;
  orderId: number;
  registrationDate: string;
  expiryDate: string;
  paymentMethod: RegistrationMethod;
  paymentReference: string;
  amountGems: number;
  amountMinor: string | null;
  currency: string;
}

/**
 * How a run ended. Every business outcome is a completed run with one of these; a run fails only when
 * something really broke (an activity that kept failing), so an operator's "Failed" list means faults.
 */
export type RegistrationOutcome =
  | { outcome: 'registered'; result: RegistrationResult }
  /** Activation refused by a business rule (insufficient_gems, coupon_*, name_taken, ...): code and message. */
  | { outcome: 'refused'; code: string; message: string; credit: PaymentCredit | null }
  | { outcome: 'expired_unpaid' }
  | { outcome: 'cancelled' };

/** Activity failure types that are business refusals, not faults. */
export const businessRefusals = ['insufficient_gems', 'name_taken', 'receipt_already_used', 'owner_unknown'] as const;
export const isBusinessRefusal = (type: string | undefined | null): boolean =>
  type != null && ((businessRefusals as readonly string[]).includes(type) || type.startsWith('coupon_'));

export interface RegistrationStatus {
  stage: RegistrationStage;
  input: RegistrationInput;
  outcome: RegistrationOutcome | null;
}

export const registrationStatusQuery = defineQuery<RegistrationStatus>('registrationStatus');
export const submitPaymentUpdate = defineUpdate<RegistrationResult, [{ receipt: string }]>('submitPayment');
export const resetLockUpdate = defineUpdate<
  { outcome: 'released' | 'payment_found' },
  [{ actorAccountId: string; operator: boolean }]
>('resetLock');
export const checkoutPaidSignal = defineSignal<[{ reference: string }]>('checkoutPaid');

export const registrationWorkflowId = (name: string) => `registration:${name}`;
/** Payments arriving after the challenge expired are still looked for this long before the lock is released. */
export const SETTLE_GRACE_MS = 60_000;
