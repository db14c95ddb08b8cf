import {
  ActivityFailure,
  allHandlersFinished,
  ApplicationFailure,
  condition,
  patched,
  setHandler,
  upsertSearchAttributes,
  workflowInfo,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import {
  approvalDecidedSignal,
  checkoutPaidSignal,
  isDone,
  relayExpiredSignal,
  relaySettledSignal,
  isCheckoutRefusal,
  resetLockUpdate,
  SETTLE_GRACE_MS,
  type CheckoutPayment,
  type CheckoutStage,
  type CheckoutTerms,
  type NotDone,
  type PaidOperationContract,
  type PaidOutcome,
  LOCAL_STEPS,
} from './checkout-messages.ts';
import {
  applyEffect,
  chainSteps,
  dbSteps,
  effectSummary,
  followRelay,
  type PaidOperationRun,
} from './checkout-steps.ts';
import type { DoneAs } from './paid-operations-messages.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';
import type { settlementWorkflow } from './settlement.ts';
import { summarized } from './retry-profiles.ts';

export type { PaidOperationRun } from './checkout-steps.ts';

/**
 * A paid operation's checkout, the same for every operation: while the run is open it is the lock. It
 * waits for the payment the rail needs (a receipt handed to it by update, a hosted checkout's signal),
 * verifies it, and applies the effect. The lock is released only when no payment can land any more:
 * after the challenge expired and a last look on chain found nothing, or on reset after the same look.
 *
 * Compensation: money that arrived for an effect that was refused (a business rule changed in between)
 * is never kept in silence: it is recorded and credited back to the payer as gems, once per session.
 * Every business outcome completes the run and is its result; the run fails only on a real fault.
 */
export async function paidCheckout<I extends CheckoutTerms, R, K extends DoneAs>(
  operation: PaidOperationContract<I, R, K>,
  run: PaidOperationRun<I, R>,
): Promise<PaidOutcome<K, R>> {
  const { input } = run;
  const local = patched(LOCAL_STEPS);
  const db = dbSteps(local);
  const chain = chainSteps(local);
  const waits = run.paidAtStart === null;
  // A spend above the mandate's approval threshold waits for the person first (docs/mandates.md "Approvals").
  // Only runs started with `input.approval` take this path, so earlier runs replay unchanged.
  const approval = input.approval ?? null;
  let stage: CheckoutStage = approval ? 'awaiting_approval' : waits ? 'awaiting_payment' : 'activating';
  let approvalSignalled = false;
  let outcome: PaidOutcome<K, R> | null = null;
  let payment: CheckoutPayment | null = run.paidAtStart;
  // A receipt is being verified or the chain looked at: nothing else may judge the checkout meanwhile.
  let busy = false;
  let release = false;
  // A relay-settled checkout (USDC route) has no local clock: only the relay's word ends it unpaid.
  const relayed = Boolean(input.relay);
  let relayExpired = false;

  // The stage the Temporal UI shows; a local-steps run started with its first stage set skips writing it again.
  const startedWith = workflowInfo().typedSearchAttributes;
  let shown: string | null =
    local && startedWith.get(registryDomainKey) === input.name ? (startedWith.get(registryStageKey) ?? null) : null;
  const setStage = (s: CheckoutStage) => {
    stage = s;
    if (local && shown === s) return;
    shown = s;
    upsertSearchAttributes({ [registryStageKey.name]: [s] });
  };
  if (!local || shown !== stage)
    upsertSearchAttributes({ [registryDomainKey.name]: [input.name], [registryStageKey.name]: [stage] });
  shown = stage;

  // Times as ISO beside the input's epoch milliseconds, as an operator reads them in the Temporal UI.
  const expiresAt = new Date(input.expiresAtMs).toISOString();
  setHandler(operation.statusQuery, () => ({ stage, input, outcome, expiresAt }));

  /** What a payer waiting on this run is told once it has an outcome. */
  const answer = (): R => {
    const o = outcome;
    if (!o) throw ApplicationFailure.nonRetryable('The checkout has no outcome yet.', 'checkout_failed');
    if (isDone(o)) return o.result;
    const n = o as NotDone;
    if (n.outcome === 'refused')
      throw ApplicationFailure.nonRetryable(n.message, n.code, n.credit, ...(n.details ? [n.details] : []));
    throw ApplicationFailure.nonRetryable(
      n.outcome === 'cancelled' ? 'The checkout was reset.' : 'The checkout expired unpaid.',
      'checkout_closed',
      { outcome: n.outcome },
    );
  };

  setHandler(
    operation.submitPaymentUpdate,
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
        // Anything else (the chain RPC away past the retries: the failure's type is then the error's
        // class name) is `verification_unavailable`: the payer sends the same receipt again later.
        const cause = err instanceof ActivityFailure ? err.cause : err;
        if (cause instanceof ApplicationFailure && isCheckoutRefusal(cause.type))
          throw ApplicationFailure.nonRetryable(cause.message, cause.type);
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
        if (input.method !== 'mpp' || relayed)
          throw ApplicationFailure.nonRetryable(
            relayed
              ? 'This checkout is paid through the checkout relay; its settlement is followed without a receipt.'
              : 'This checkout is not paid by machine payment.',
            'checkout_not_awaiting_payment',
          );
        if (stage === 'expired_unpaid' || stage === 'cancelled' || stage === 'awaiting_approval') {
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
        // A payment that already landed for this session completes the operation instead.
        const landed = input.chain ? await lookOnChain() : null;
        if (landed) {
          payment = landed;
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
        if (relayed)
          throw ApplicationFailure.nonRetryable(
            'A payment may be in flight at the relay: this lock is released only when the relay reports the session expired_unpaid.',
            'lock_busy',
          );
        if (!operator && actorAccountId !== input.actorAccountId) {
          throw ApplicationFailure.nonRetryable(
            'Only the account that started this checkout, or an operator, can reset its lock.',
            'forbidden',
          );
        }
        if (stage !== 'awaiting_payment' || busy || payment) {
          throw ApplicationFailure.nonRetryable(
            `The checkout is ${stage}; a payment may be landing, so the lock stays.`,
            'lock_busy',
          );
        }
      },
    },
  );

  if (approval) setHandler(approvalDecidedSignal, () => void (approvalSignalled = true));

  setHandler(checkoutPaidSignal, ({ reference }) => {
    if (stage === 'awaiting_payment' && run.hostedCheckout) payment = { kind: 'checkout', reference };
  });
  setHandler(relaySettledSignal, ({ txHash, payer }) => {
    if (relayed && !payment && !relayExpired) payment = { kind: 'usdc', txHash, payer };
  });
  setHandler(relayExpiredSignal, () => {
    if (relayed && !payment) relayExpired = true;
  });

  async function lookOnChain(): Promise<CheckoutPayment | null> {
    const chainTerms = input.chain;
    if (!chainTerms) return null;
    const landed = await chain.findMppPayment({
      sessionId: input.sessionId,
      amountMinor: input.amountMinor,
      memo: chainTerms.memo,
    });
    return landed ? { kind: 'mpp', txHash: landed.txHash, payer: landed.payer, receipt: landed.txHash } : null;
  }

  // Waiting for the person: nothing is charged, no gems move. The approval row is the decision; the
  // signal only wakes the run early. Refused or unanswered: the run ends refused, the reservation released.
  let denied: NotDone | null = null;
  if (approval) {
    await condition(() => approvalSignalled, Math.max(0, approval.expiresAtMs - Date.now()), {
      summary: `waiting for the person's approval until ${new Date(approval.expiresAtMs).toISOString()}`,
    });
    const decision = await db.closeApproval({ approvalId: approval.approvalId, spendKey: input.spend?.key ?? null });
    if (decision === 'approved') setStage(waits ? 'awaiting_payment' : 'activating');
    else
      denied =
        decision === 'refused'
          ? { outcome: 'refused', code: 'approval_refused', message: 'The person refused this purchase.', credit: null }
          : {
              outcome: 'refused',
              code: 'approval_expired',
              message: 'Nobody approved this purchase before its deadline, so it is refused.',
              credit: null,
            };
  }

  let settlement: ChildWorkflowHandle<typeof settlementWorkflow> | null = null;
  if (denied) {
    // Nothing to wait for: the purchase was never approved.
  } else if (!payment && relayed) {
    settlement = await followRelay(input);
    await condition(() => payment !== null || relayExpired);
  } else if (!payment) {
    const waitMs = Math.max(0, input.expiresAtMs + SETTLE_GRACE_MS - Date.now());
    await condition(() => payment !== null || release, waitMs, {
      // The payer's deadline first (the one the API gave them); the timer itself runs a minute longer.
      summary: `waiting for payment (${input.method}) due ${new Date(input.expiresAtMs).toISOString()}, a late one looked for until ${new Date(input.expiresAtMs + SETTLE_GRACE_MS).toISOString()}`,
    });
    // A verification or reset under way finishes before the checkout is judged.
    await condition(() => !busy);
    if (!payment && !release && input.chain) {
      // The challenge has expired: one last look on chain before the object goes back to the pool
      // (busy, so a reset or receipt arriving meanwhile waits rather than racing this look).
      busy = true;
      setStage('verifying');
      payment = await lookOnChain();
      busy = false;
    }
  }

  const end: PaidOutcome<K, R> = denied
    ? denied
    : payment
      ? await applyEffect(operation, run, payment, setStage, local, db)
      : release
        ? { outcome: 'cancelled' }
        : { outcome: 'expired_unpaid' };
  // The checkout row records the run's end as the run's outcome says it.
  if (waits) await db.closeCheckout({ sessionId: input.sessionId, outcome: end.outcome });
  outcome = end;
  setStage(isDone(end) ? 'done' : end.outcome);
  // Payers waiting in submitPayment get the outcome before the run closes; the settlement run (which
  // ends right after its word) is awaited last, so both runs end Completed and neither waits on the other.
  await condition(allHandlersFinished);
  if (settlement) await settlement.result();
  return end;
}

/** A paid operation's effect as its run calls it: one activity, given the input and the payment. */
type EffectActivity<I, R> = Record<string, (a: { input: I; payment: CheckoutPayment }) => Promise<R>>;

/**
 * The run of a paid operation with nothing of its own around its checkout: paid by gems at the start or by
 * machine payment, never by the hosted checkout, then its contract's effect. Renewal is one; a new operation
 * of this kind is one line in the bundle (workflows/index.ts), `export const xWorkflow = paidRun(xContract)`,
 * its workflow type being that export's name.
 */
export function paidRun<I extends CheckoutTerms & { method: string }, R, K extends DoneAs>(
  contract: PaidOperationContract<I, R, K>,
): (input: I) => Promise<PaidOutcome<K, R>> {
  return (input) =>
    paidCheckout(contract, {
      input,
      paidAtStart: input.method === 'gems' ? { kind: 'gems' } : null,
      hostedCheckout: false,
      effect: (payment, local) => {
        const db = summarized<EffectActivity<I, R>>(effectSummary(contract.name, input, payment));
        return (db(local)[contract.effect] as EffectActivity<I, R>[string])({ input, payment });
      },
    });
}
