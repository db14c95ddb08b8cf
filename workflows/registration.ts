import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  proxyActivities,
  setHandler,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { RegistrationActivities } from '../activities/registration.ts';
import { chainConfirm, dbWrite } from './retry-profiles.ts';
import { isEffectRefusal, SETTLE_GRACE_MS, checkoutPaidSignal, resetLockUpdate } from './checkout-messages.ts';
import {
  registrationStatusQuery,
  submitPaymentUpdate,
  type RegistrationInput,
  type RegistrationOutcome,
  type RegistrationPayment,
  type RegistrationResult,
  type RegistrationStage,
} from './registration-messages.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

// One proxy per retry profile, each typed over only the activities that kind of work may call.
const db =
  proxyActivities<Pick<RegistrationActivities, 'activateDomain' | 'creditRefusedPayment' | 'closeCheckout'>>(dbWrite);
const chain = proxyActivities<Pick<RegistrationActivities, 'verifyMppPayment' | 'findMppPayment'>>(chainConfirm);

type Payment = RegistrationPayment;

/** The type an activity failure carries when it is a business refusal (non-retryable, known code). */
function refusalOf(err: unknown): { code: string; message: string } | null {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && isEffectRefusal(cause.type))
    return { code: cause.type as string, message: cause.message };
  return null;
}

/**
 * One run per name, id `registration:<name>`: while it runs, it is the lock on the name. It waits for
 * the payment the rail needs, verifies it, and activates the domain in one database transaction that
 * also writes the order and the `domain.registered` event. Activation is idempotent on the session id,
 * so a crash between verification and activation replays into exactly one domain and one order.
 * The lock is released only when no payment can land any more: after the challenge expired and a
 * last look on chain found nothing, or on reset-lock after the same look.
 *
 * Every business outcome (registered, refused, expired unpaid, cancelled) completes the run and is
 * its result; the run fails only on a real fault.
 */
export async function registrationWorkflow(input: RegistrationInput): Promise<RegistrationOutcome> {
  let stage: RegistrationStage =
    input.method === 'mpp' || input.method === 'gfavip_checkout' ? 'awaiting_payment' : 'activating';
  let outcome: RegistrationOutcome | null = null;
  let payment: Payment | null = null;
  // A receipt is being verified or the chain looked at: nothing else may judge the checkout meanwhile.
  let busy = false;
  let release = false;

  const setStage = (s: RegistrationStage) => {
    stage = s;
    upsertSearchAttributes({ [registryStageKey.name]: [s] });
  };
  upsertSearchAttributes({ [registryDomainKey.name]: [input.name], [registryStageKey.name]: [stage] });

  setHandler(registrationStatusQuery, () => ({ stage, input, outcome }));

  /** What a payer waiting on this run is told once it has an outcome. */
  const answer = (): RegistrationResult => {
    const o = outcome;
    if (!o) throw ApplicationFailure.nonRetryable('The registration has no outcome yet.', 'registration_failed');
    if (o.outcome === 'registered') return o.result;
    if (o.outcome === 'refused') throw ApplicationFailure.nonRetryable(o.message, o.code, o.credit);
    throw ApplicationFailure.nonRetryable(
      o.outcome === 'cancelled' ? 'The checkout was reset.' : 'The checkout expired unpaid.',
      'checkout_closed',
      { outcome: o.outcome },
    );
  };

  setHandler(
    submitPaymentUpdate,
    async ({ receipt }) => {
      // A retry that arrives while another receipt is being verified, or once a payment was accepted,
      // waits for that outcome and gets it: the same answer, never a second verification.
      // (Checked before the first await: handlers of one activation run one after another, and the
      // first to pass sets `busy` before the next one looks.)
      while (busy && outcome === null) await condition(() => !busy || outcome !== null);
      if (payment || outcome) {
        await condition(() => outcome !== null);
        return answer();
      }
      busy = true;
      setStage('verifying');
      try {
        const verified = await chain.verifyMppPayment({
          sessionId: input.sessionId,
          receipt,
          amountMinor: input.amountMinor,
          memo: input.chain?.memo ?? '',
        });
        payment = { kind: 'mpp', txHash: verified.txHash, payer: verified.payer, receipt };
      } catch (err) {
        // A refused receipt leaves the checkout open for a correct one; the caller sees the business type.
        const cause = err instanceof ActivityFailure ? err.cause : err;
        if (cause instanceof ApplicationFailure)
          throw ApplicationFailure.nonRetryable(cause.message, cause.type ?? 'invalid_receipt');
        throw ApplicationFailure.nonRetryable(
          'The payment could not be verified now; retry with the same receipt.',
          'verification_unavailable',
        );
      } finally {
        busy = false;
        if (!payment) setStage('awaiting_payment');
      }
      await condition(() => outcome !== null);
      return answer();
    },
    {
      validator: (_payment: { receipt: string }) => {
        if (input.method !== 'mpp')
          throw ApplicationFailure.nonRetryable(
            'This checkout is not paid by machine payment.',
            'checkout_not_awaiting_payment',
          );
        if (stage === 'expired_unpaid' || stage === 'cancelled') {
          throw ApplicationFailure.nonRetryable(
            `This checkout is ${stage}; it takes no payment any more.`,
            'checkout_not_awaiting_payment',
          );
        }
      },
    },
  );

  setHandler(
    resetLockUpdate,
    async () => {
      busy = true;
      try {
        // A payment that already landed for this session completes the registration instead.
        const landed = input.chain
          ? await chain.findMppPayment({
              sessionId: input.sessionId,
              amountMinor: input.amountMinor,
              memo: input.chain.memo,
            })
          : null;
        if (landed) {
          payment = { kind: 'mpp', txHash: landed.txHash, payer: landed.payer, receipt: landed.txHash };
          return { outcome: 'payment_found' as const };
        }
        release = true;
        return { outcome: 'released' as const };
      } finally {
        busy = false;
      }
    },
    {
      validator: ({ actorAccountId, operator }) => {
        if (!operator && actorAccountId !== input.actorAccountId) {
          throw ApplicationFailure.nonRetryable(
            'Only the account that started this registration, or an operator, can reset its lock.',
            'forbidden',
          );
        }
        if (stage !== 'awaiting_payment' || busy || payment) {
          throw ApplicationFailure.nonRetryable(
            `The registration is ${stage}; a payment may be landing, so the lock stays.`,
            'lock_busy',
          );
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
    // A verification or reset under way finishes before the checkout is judged.
    await condition(() => !busy);
    if (!payment && !release && input.chain) {
      // The challenge has expired: one last look on chain before the name goes back to the pool
      // (busy, so a reset-lock or receipt arriving meanwhile waits rather than racing this look).
      busy = true;
      setStage('verifying');
      const landed = await chain.findMppPayment({
        sessionId: input.sessionId,
        amountMinor: input.amountMinor,
        memo: input.chain.memo,
      });
      if (landed) payment = { kind: 'mpp', txHash: landed.txHash, payer: landed.payer, receipt: landed.txHash };
      busy = false;
    }
  }

  const end: RegistrationOutcome = payment
    ? await activate(input, payment, setStage)
    : { outcome: release ? 'cancelled' : 'expired_unpaid' };
  if (input.method === 'mpp' || input.method === 'gfavip_checkout')
    await db.closeCheckout({ sessionId: input.sessionId, outcome: end.outcome });
  outcome = end;
  setStage(end.outcome === 'registered' ? 'done' : end.outcome);
  // Payers waiting in submitPayment get the outcome before the run closes.
  await condition(allHandlersFinished);
  return end;
}

/**
 * Activation, with a business refusal (gems, coupon, name taken meanwhile) as an outcome, not a
 * failure. Compensation: money that already arrived for this session (a verified machine payment, a
 * paid hosted checkout) is never kept in silence — it is recorded and credited back to the payer as
 * gems, idempotently on the session. A payment that belongs to another session (receipt_already_used)
 * is not ours to credit; gems were never debited (the debit is in the refused transaction).
 */
async function activate(
  input: RegistrationInput,
  payment: Payment,
  setStage: (s: RegistrationStage) => void,
): Promise<RegistrationOutcome> {
  setStage('activating');
  try {
    return { outcome: 'registered', result: await db.activateDomain({ input, payment }) };
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const moneyArrived =
      (payment.kind === 'mpp' || payment.kind === 'checkout') && refusal.code !== 'receipt_already_used';
    const credit = moneyArrived ? await db.creditRefusedPayment({ input, payment, reason: refusal.code }) : null;
    return { outcome: 'refused', ...refusal, credit };
  }
}
