import { ActivityFailure, ApplicationFailure, condition, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { RegistrationActivities } from '../activities/registration.ts';
import { chainConfirm, dbWrite } from './retry-profiles.ts';
import {
  SETTLE_GRACE_MS,
  checkoutPaidSignal,
  registrationStatusQuery,
  resetLockUpdate,
  submitPaymentUpdate,
  type RegistrationInput,
  type RegistrationResult,
  type RegistrationStage,
} from './registration-messages.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

const db = proxyActivities<RegistrationActivities>(dbWrite);
const chain = proxyActivities<RegistrationActivities>(chainConfirm);

type Payment = { kind: 'mpp'; txHash: string; payer: string; receipt: string } | { kind: 'gems' } | { kind: 'free' } | { kind: 'checkout'; reference: string };

/**
 * One run per name, id `registration:<name>`: while it runs, it is the lock on the name. It waits for
 * the payment the rail needs, verifies it, and activates the domain in one database transaction that
 * also writes the order and the `domain.registered` event. Activation is idempotent on the session id,
 * so a crash between verification and activation replays into exactly one domain and one order.
 * The lock is released only when no payment can land any more: after the challenge expired and a
 * last look on chain found nothing, or on reset-lock after the same look.
 */
export async function registrationWorkflow(input: RegistrationInput): Promise<RegistrationResult> {
  let stage: RegistrationStage = input.method === 'mpp' || input.method === 'gfavip_checkout' ? 'awaiting_payment' : 'activating';
  let result: RegistrationResult | null = null;
  let error: { code: string; message: string } | null = null;
  let payment: Payment | null = null;
  let busy = false;
  let release = false;

  const setStage = (s: RegistrationStage) => {
    stage = s;
    upsertSearchAttributes({ [registryStageKey.name]: [s] });
  };
  upsertSearchAttributes({ [registryDomainKey.name]: [input.name], [registryStageKey.name]: [stage] });

  setHandler(registrationStatusQuery, () => ({ stage, input, result, error }));

  setHandler(
    submitPaymentUpdate,
    async ({ receipt }) => {
      busy = true;
      setStage('verifying');
      try {
        const verified = await chain.verifyMppPayment({ sessionId: input.sessionId, receipt, amountMinor: input.amountMinor, memo: input.chain?.memo ?? '' });
        payment = { kind: 'mpp', txHash: verified.txHash, payer: verified.payer, receipt };
      } catch (err) {
        // A refused receipt leaves the checkout open for a correct one; the caller sees the business type.
        setStage('awaiting_payment');
        busy = false;
        const cause = err instanceof ActivityFailure ? err.cause : err;
        if (cause instanceof ApplicationFailure) throw ApplicationFailure.nonRetryable(cause.message, cause.type ?? 'invalid_receipt');
        throw ApplicationFailure.nonRetryable('The payment could not be verified now; retry with the same receipt.', 'verification_unavailable');
      }
      await condition(() => result !== null || error !== null);
      if (error) throw ApplicationFailure.nonRetryable(error.message, error.code);
      return result as RegistrationResult;
    },
    {
      validator: (_payment: { receipt: string }) => {
        if (stage !== 'awaiting_payment' || busy || input.method !== 'mpp') {
          throw ApplicationFailure.nonRetryable(`This checkout is ${stage}; it does not take a payment now.`, 'checkout_not_awaiting_payment');
        }
      },
    },
  );

  setHandler(
    resetLockUpdate,
    async () => {
      busy = true;
      // A payment that already landed for this session completes the registration instead.
      const landed = input.chain ? await chain.findMppPayment({ sessionId: input.sessionId, amountMinor: input.amountMinor, memo: input.chain.memo }) : null;
      if (landed) {
        payment = { kind: 'mpp', txHash: landed.txHash, payer: landed.payer, receipt: landed.txHash };
        return { outcome: 'payment_found' as const };
      }
      release = true;
      return { outcome: 'released' as const };
    },
    {
      validator: ({ actorAccountId, operator }) => {
        if (!operator && actorAccountId !== input.actorAccountId) {
          throw ApplicationFailure.nonRetryable('Only the account that started this registration, or an operator, can reset its lock.', 'forbidden');
        }
        if (stage !== 'awaiting_payment' || busy) {
          throw ApplicationFailure.nonRetryable(`The registration is ${stage}; a payment may be landing, so the lock stays.`, 'lock_busy');
        }
      },
    },
  );

  setHandler(checkoutPaidSignal, ({ reference }) => {
    if (stage === 'awaiting_payment' && input.method === 'gfavip_checkout') payment = { kind: 'checkout', reference };
  });

  if (input.method === 'free') payment = { kind: 'free' };
  if (input.method === 'gems') payment = { kind: 'gems' };

  if (!payment) {
    const waitMs = Math.max(0, input.expiresAtMs + SETTLE_GRACE_MS - Date.now());
    await condition(() => payment !== null || release, waitMs);
    if (!payment && !release && input.chain) {
      // The challenge has expired: one last look on chain before the name goes back to the pool
      // (busy, so a reset-lock arriving meanwhile is refused rather than racing this look).
      busy = true;
      setStage('verifying');
      const landed = await chain.findMppPayment({ sessionId: input.sessionId, amountMinor: input.amountMinor, memo: input.chain.memo });
      if (landed) payment = { kind: 'mpp', txHash: landed.txHash, payer: landed.payer, receipt: landed.txHash };
    }
    if (!payment) {
      setStage(release ? 'cancelled' : 'expired_unpaid');
      throw ApplicationFailure.nonRetryable(release ? 'The checkout was reset; the name is free again.' : 'The checkout expired unpaid.', release ? 'cancelled' : 'expired_unpaid');
    }
  }

  setStage('activating');
  try {
    result = await db.activateDomain({ input, payment: payment as Payment });
  } catch (err) {
    const failure = err as { cause?: { type?: string; message?: string } };
    error = { code: failure.cause?.type ?? 'activation_failed', message: failure.cause?.message ?? 'Activation failed.' };
    setStage('failed');
    throw ApplicationFailure.nonRetryable(error.message, error.code);
  }
  setStage('done');
  return result;
}

export type { Payment as RegistrationPayment };
