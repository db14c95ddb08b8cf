import type { Client } from '@temporalio/client';
import type { CheckoutTerms, PaidOperationContract } from '../../workflows/checkout-messages.ts';
import {
  latePaymentWorkflowId,
  type LatePaymentInput,
  type LatePaymentOutcome,
} from '../../workflows/late-payment-messages.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { type AppError } from '../domain/errors.ts';
import { challengeHeldFor, type PresentedReceipt } from './receipt.ts';
import { refusalError } from './refusals.ts';
import { startInput } from './run-status.ts';
import type { CheckoutDeps } from './checkout-service.ts';

/**
 * A receipt that meets no open checkout may pay one that closed unpaid: the challenge expired and the
 * last look on chain found nothing because the transfer was mined later (a hand payer's transfer
 * carries no validity window), or the checkout was reset meanwhile. The operation cannot happen any
 * more, but the money must not be lost: `late-payment:<session>` judges the receipt against that
 * checkout's own terms and credits it to the checkout's actor as gems, once per session.
 *
 * Which checkout: the one a credential's challenge names, else (a bare transaction hash) the holder's
 * latest checkout of this name that closed unpaid. Only the checkout's own holder is answered, and only
 * about its own checkout.
 */
export function latePayments(deps: CheckoutDeps, operation: Pick<PaidOperationContract, 'name' | 'checkoutRows'>) {
  /** The closed run's input, from its first history event (the run is found by its memo's session). */
  async function termsOf(client: Client, workflowId: string, sessionId: string): Promise<CheckoutTerms | null> {
    for await (const run of client.workflow.list({ query: `WorkflowId = '${workflowId}'` })) {
      if (run.memo?.sessionId !== sessionId) continue;
      return startInput<CheckoutTerms>(client.workflow.getHandle(workflowId, run.runId));
    }
    return null;
  }

  /**
   * Credits the payment when the receipt pays one of the holder's checkouts of this name that closed
   * unpaid, and answers why the operation did not happen (409 `checkout_closed`, with the credit); null
   * when it pays none of them (the caller gives its own answer).
   */
  async function claim(q: { name: string; holder: string; receipt: PresentedReceipt }): Promise<AppError | null> {
    // An operation that records no checkout rows has no closed checkout a payment could belong to.
    if (!deps.temporal || !deps.payments || operation.checkoutRows === 'none') return null;
    const secret = deps.payments.secret;
    const closed = await checkoutSessions(deps.orm.em.fork()).closedUnpaidOf({
      operation: operation.name,
      name: q.name,
      holder: q.holder,
      limit: 10,
    });
    const echoed = Boolean(q.receipt.parsed?.challenge);
    const row = echoed
      ? closed.find((c) => challengeHeldFor(q.receipt, c.sessionId, secret) === 'held')
      : closed.find((c) => c.method === 'mpp');
    if (!row) return null;
    const runId = operation.checkoutRows.runOf({ name: q.name, sessionId: row.sessionId });
    const terms = await termsOf(deps.temporal, runId, row.sessionId);
    if (!terms?.chain) return null;
    const input: LatePaymentInput = { operation: operation.name, terms, receipt: q.receipt.raw };
    const handle = await deps.temporal.workflow.start('latePaymentWorkflow', {
      taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
      workflowId: latePaymentWorkflowId(row.sessionId),
      workflowIdConflictPolicy: 'USE_EXISTING',
      args: [input],
    });
    const outcome = (await handle.result()) as LatePaymentOutcome;
    if (outcome.outcome === 'refused') {
      // A bare hash tried against the latest closed checkout that it does not pay: not this checkout's.
      if (!echoed && outcome.code === 'invalid_receipt') return null;
      return refusalError(outcome.code, outcome.message);
    }
    return refusalError(
      'checkout_closed',
      `The checkout for ${q.name} closed unpaid before this payment landed, so the ${operation.name} did not happen.`,
      outcome.credit,
      { session_id: row.sessionId, tx_hash: outcome.txHash },
    );
  }

  return { claim };
}
