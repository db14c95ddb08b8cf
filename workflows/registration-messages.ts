import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

// The registration workflow's contract with the HTTP handlers; plain data only.

export type RegistrationMethod = 'mpp' | 'gems' | 'free' | 'gfavip_checkout';
export type RegistrationStage = 'awaiting_payment' | 'verifying' | 'activating' | 'done' | 'failed' | 'expired_unpaid' | 'cancelled';

export interface RegistrationInput {
  sessionId: string;
  name: string;
  label: string;
  namespace: string;
  years: number;
  method: RegistrationMethod;
  /** Who asked (null: anonymous machine payment; the payer's wallet becomes the identity). */
  actorAccountId: string | null;
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

export interface RegistrationStatus {
  stage: RegistrationStage;
  input: RegistrationInput;
  result: RegistrationResult | null;
  error: { code: string; message: string } | null;
}

export const registrationStatusQuery = defineQuery<RegistrationStatus>('registrationStatus');
export const submitPaymentUpdate = defineUpdate<RegistrationResult, [{ receipt: string }]>('submitPayment');
export const resetLockUpdate = defineUpdate<{ outcome: 'released' | 'payment_found' }, [{ actorAccountId: string; operator: boolean }]>('resetLock');
export const checkoutPaidSignal = defineSignal<[{ reference: string }]>('checkoutPaid');

export const registrationWorkflowId = (name: string) => `registration:${name}`;
/** Payments arriving after the challenge expired are still looked for this long before the lock is released. */
export const SETTLE_GRACE_MS = 60_000;
