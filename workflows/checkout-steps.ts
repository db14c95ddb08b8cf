import {
  ActivityFailure,
  ApplicationFailure,
  startChild,
  workflowInfo,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import type { CheckoutActivities } from '../activities/checkout.ts';
import {
  isEffectRefusal,
  type CheckoutPayment,
  type CheckoutStage,
  type CheckoutTerms,
  type PaidOperationContract,
  type PaidOutcome,
} from './checkout-messages.ts';
import type { DoneAs } from './paid-operations-messages.ts';
import { bothWays, chainConfirm, chainConfirmLocal, dbWrite, dbWriteLocal } from './retry-profiles.ts';
import { settlementWorkflow } from './settlement.ts';
import { settlementWorkflowId } from './settlement-messages.ts';

// The steps of a paid operation's checkout run (workflows/checkout.ts) that do not wait: its activities,
// the settlement run it starts, and its effect with a refusal as an outcome.

// One proxy per retry profile, each typed over only the activities that kind of work may call; each
// both as activity tasks (runs started before LOCAL_STEPS replay through them) and as local activities.
export const dbSteps = bothWays<Pick<CheckoutActivities, 'creditRefusedPayment' | 'closeCheckout' | 'closeApproval'>>(
  dbWrite,
  dbWriteLocal,
);
export const chainSteps = bothWays<Pick<CheckoutActivities, 'verifyMppPayment' | 'findMppPayment'>>(
  chainConfirm,
  chainConfirmLocal,
);

/** What one run of a paid operation brings to its checkout; the rest is the operation's contract. */
export interface PaidOperationRun<I extends CheckoutTerms, R> {
  input: I;
  /** A payment already settled when the run starts (free, gems), else null: the run waits for one. */
  paidAtStart: CheckoutPayment | null;
  /** Whether the run waits for a hosted checkout's paid signal rather than a machine payment. */
  hostedCheckout: boolean;
  /**
   * The effect, once paid: one idempotent activity (a local one when `local`: see LOCAL_STEPS); a
   * business refusal is thrown as its failure type.
   */
  effect(payment: CheckoutPayment, local: boolean): Promise<R>;
}

/** The type an activity failure carries when it is a business refusal (non-retryable, known code). */
export function refusalOf(err: unknown): { code: string; message: string; details?: Record<string, unknown> } | null {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof ApplicationFailure && isEffectRefusal(cause.type)) {
    // A mandate's refusal carries its limit (`details.limit`, …); other refusals carry none.
    const details = cause.details?.[0] as Record<string, unknown> | undefined;
    return { code: cause.type as string, message: cause.message, ...(details ? { details } : {}) };
  }
  return null;
}

/**
 * A relay-settled checkout's settlement run (`settlement:<session>`), started as a child so that no
 * checkout ever waits on a relay session that nobody follows. It signals this run `relaySettled` (the
 * transfer checked on chain) or `relayExpired`; if the chain contradicts the relay it fails for an
 * operator while this run keeps the lock.
 */
export function followRelay(input: CheckoutTerms): Promise<ChildWorkflowHandle<typeof settlementWorkflow>> {
  const relay = input.relay;
  if (!relay) throw ApplicationFailure.nonRetryable('The checkout has no relay session.', 'checkout_failed');
  return startChild(settlementWorkflow, {
    workflowId: settlementWorkflowId(input.sessionId),
    args: [
      {
        sessionId: input.sessionId,
        name: input.name,
        relaySessionId: relay.relaySessionId,
        amountMinor: input.amountMinor,
        checkoutWorkflowId: workflowInfo().workflowId,
        ...(relay.pollMs ? { pollMs: relay.pollMs } : {}),
        ...(relay.maxPollMs ? { maxPollMs: relay.maxPollMs } : {}),
      },
    ],
  });
}

/**
 * The effect, with a business refusal as an outcome, not a failure. A payment that belongs to another
 * session (receipt_already_used) is not ours to credit; gems were never debited (the debit is in the
 * refused transaction).
 */
/** What the effect does with the payment, in words: the summary of its activity in the Temporal UI. */
export function effectSummary(operation: string, input: CheckoutTerms, payment: CheckoutPayment): string {
  const how =
    payment.kind === 'gems'
      ? `debit ${input.priceGems.toLocaleString('en')} gems`
      : payment.kind === 'free'
        ? 'free'
        : `paid by ${payment.kind}`;
  return `${operation} of ${input.name}: ${how}`;
}

export async function applyEffect<I extends CheckoutTerms, R, K extends DoneAs>(
  operation: PaidOperationContract<I, R, K>,
  run: PaidOperationRun<I, R>,
  payment: CheckoutPayment,
  setStage: (s: CheckoutStage) => void,
  local: boolean,
  db: ReturnType<typeof dbSteps>,
): Promise<PaidOutcome<K, R>> {
  setStage('activating');
  try {
    return { outcome: operation.doneAs, result: await run.effect(payment, local) };
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const moneyArrived =
      (payment.kind === 'mpp' || payment.kind === 'checkout' || payment.kind === 'usdc') &&
      refusal.code !== 'receipt_already_used';
    const credit = moneyArrived
      ? await db.creditRefusedPayment({ operation: operation.name, input: run.input, payment, reason: refusal.code })
      : null;
    return { outcome: 'refused', ...refusal, credit };
  }
}
