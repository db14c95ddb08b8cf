import { setTimeout as sleep } from 'node:timers/promises';
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import {
  checkoutPaidSignal,
  resetLockUpdate,
  SETTLE_GRACE_MS,
  type CheckoutTerms,
  type PaidOperationContract,
  type PaidOutcome,
} from '../../workflows/checkout-messages.ts';
import type { DoneAs } from '../../workflows/paid-operations-messages.ts';
import { registryDomainKey, registryStageKey } from '../../workflows/search-attributes.ts';
import { checkoutSessions } from '../db/checkout-sessions.ts';
import { checkoutsOpened, countedWithoutRow } from '../metrics/checkouts.ts';
import type { Config } from '../config/env.ts';
import { checkoutRunView } from './run-view.ts';
import type { Orm } from '../db/orm.ts';
import { AppError } from '../domain/errors.ts';
import type { PaymentSettings } from '../payments/payment-settings.ts';
import { requireOwnChallenge, type PresentedReceipt } from './receipt.ts';
import { paidResult, updateFailureError } from './refusals.ts';
import { isUnjudgedUpdate, UNJUDGED_MESSAGE } from '../temporal/unjudged-update.ts';
import type { MandateOperation } from '../domain/mandates.ts';
import { reserveCheckoutSpend, type ReservedSpend } from '../mandates/reserve.ts';
import { releaseSpend } from '../mandates/spends.ts';
import { ApprovalRequired, newApproval, recordApproval } from '../mandates/approvals.ts';
import { runStatus } from './run-status.ts';

const OUTCOME_WAIT_MS = 60_000;
const OUTCOME_POLL_MS = 250;

/**
 * A paid operation as the checkout machinery takes it: its contract (workflows/<operation>-messages.ts,
 * listed in workflows/paid-operations-messages.ts), whose mandate operation must be one a mandate knows,
 * and what someone else is told while the object is locked by a run.
 */
export interface CheckoutOperation<I extends CheckoutTerms, R, K extends DoneAs> extends PaidOperationContract<
  I,
  R,
  K
> {
  mandateOperation: MandateOperation;
  busy(key: string): AppError;
}

/** The settings a checkout reads: its task queue, the holder's quota of open checkouts, the default terms. */
export type CheckoutConfig = Pick<
  Config,
  | 'TEMPORAL_TASK_QUEUE'
  | 'CHECKOUT_MAX_OPEN'
  | 'CHECKOUT_TTL_SECONDS'
  | 'MPP_CURRENCY'
  | 'GEM_USD_RATE'
  | 'MANDATE_APPROVAL_TTL_SECONDS'
>;

export interface CheckoutDeps {
  config: CheckoutConfig;
  orm: Orm;
  temporal?: Client | undefined;
  payments?: PaymentSettings | undefined;
}

/**
 * The checkout machinery every paid operation shares: the lock (one workflow run per object), the
 * holder's quota of unpaid checkouts, receipts handed to the run (identical ones coalesced), the wait
 * for an outcome, reset, and the hosted checkout's paid signal. The run decides; this only asks it.
 */
export function checkoutService<I extends CheckoutTerms, R, K extends DoneAs>(
  deps: CheckoutDeps,
  op: CheckoutOperation<I, R, K>,
) {
  type O = PaidOutcome<K, R>;
  const temporal = (): Client => {
    if (!deps.temporal) throw new AppError('not_ready', 'Checkouts need Temporal, which is not configured.');
    return deps.temporal;
  };
  const payments = (): PaymentSettings => {
    if (!deps.payments)
      throw new AppError('payment_method_not_available', 'Machine payments are not configured on this server.');
    return deps.payments;
  };
  const handleOf = (key: string): WorkflowHandle => temporal().workflow.getHandle(op.workflowId(key));

  const runs = runStatus<I, O>(temporal, op.statusQuery);
  const query = runs.query;
  /** The open run on this object and where it stands, or null when the object is not locked. */
  const status = (key: string) => runs.status(handleOf(key));
  /** Which checkout holds the object and its stage, from the server alone (it answers with no worker). */
  const standing = (key: string) => runs.standing(handleOf(key));
  /** The run on this object, open or closed, with its input; null when none was started. */
  const started = (key: string) => runs.started(handleOf(key));

  /**
   * Takes the lock: reserves the spend against the actor's mandate (docs/mandates.md), records the
   * unpaid checkout against the holder's quota (when it waits for payment or approval), then starts the run. A
   * mandate's refusal comes before any challenge or gems move; someone else's run on the object means
   * it is busy. Either way nothing is left behind: the reservation is released. A spend that needs the
   * person's approval starts the run waiting in `awaiting_approval` and is answered `ApprovalRequired` (202).
   */
  async function open(key: string, input: I, waitsForPayment: boolean, reserved?: ReservedSpend | null): Promise<I> {
    const spend = reserved === undefined ? await reserve(input) : reserved;
    // Above the approval threshold (docs/mandates.md "Approvals"): the run waits for the person before any
    // challenge is answered or any gems move, and holds the name meanwhile, so the wait ends with the
    // checkout's own window: a hold nobody pays for lasts no longer than an unpaid checkout's.
    const approval =
      spend?.verdict.kind === 'requires_approval'
        ? newApproval(deps.config.MANDATE_APPROVAL_TTL_SECONDS, input.expiresAtMs)
        : null;
    const started: I = { ...input, ...(spend ? { spend: spend.terms } : {}), ...(approval ? { approval } : {}) };
    try {
      await openRun(key, started, waitsForPayment);
    } catch (err) {
      if (spend) await releaseSpend(deps.orm.em.fork(), spend.key);
      throw err;
    }
    if (spend && approval) {
      await recordApproval(deps.orm, {
        approval,
        spend,
        sessionId: started.sessionId,
        workflowId: op.workflowId(key),
        method: started.method,
      });
      throw new ApprovalRequired(approval.approvalId, new Date(approval.expiresAtMs));
    }
    return started;
  }

  /**
   * Reserves the spend against the actor's mandate before anything else is opened (a refusal is 403).
   * `approval: false` (the USDC route, whose relay session cannot wait for a person) refuses a spend
   * that needs approval with 403 `mandate_forbids`, rule `approval_required_on_usdc_route`.
   */
  async function reserve(input: I, opts: { approval?: boolean } = {}): Promise<ReservedSpend | null> {
    const spend = await reserveCheckoutSpend(deps.orm, op.mandateOperation, input, deps.config.GEM_USD_RATE);
    if (spend?.verdict.kind === 'requires_approval' && opts.approval === false) {
      await releaseSpend(deps.orm.em.fork(), spend.key);
      throw new AppError(
        'mandate_forbids',
        "This purchase is above your mandate's approval threshold, and the USDC route cannot wait for an approval: pay it with gems or on the default route (which waits for the person), or ask your person.",
        { rule: 'approval_required_on_usdc_route', value: 'base-mainnet', allowed: ['mpp', 'gems'] },
      );
    }
    return spend;
  }

  async function openRun(key: string, input: I, waitsForPayment: boolean): Promise<void> {
    const checkouts = checkoutSessions(deps.orm.em.fork());
    // A checkout waiting for the person holds the name as an unpaid one does, on any rail: it counts
    // against the holder's CHECKOUT_MAX_OPEN and search calls the name being registered (docs/mandates.md
    // "Approvals"). A gems one is held until the approval's deadline; its run's end closes the row.
    const recorded = waitsForPayment || Boolean(input.approval);
    if (recorded) {
      // An operation whose checkout is started by another run names no run for its rows: a row of it
      // could never be judged by the expiry sweep, so none is recorded (workflows/checkout-messages.ts).
      if (op.checkoutRows === 'none')
        throw new Error(`${op.name}: its checkouts are started by another run, never opened here`);
      await checkouts.open({
        sessionId: input.sessionId,
        name: input.name,
        operation: op.name,
        holder: input.holder,
        actorAccountId: input.actorAccountId,
        method: input.method,
        relaySessionId: input.relay?.relaySessionId ?? null,
        expiresAt: new Date(
          waitsForPayment ? input.expiresAtMs + SETTLE_GRACE_MS : (input.approval?.expiresAtMs ?? input.expiresAtMs),
        ),
        max: deps.config.CHECKOUT_MAX_OPEN,
      });
    }
    try {
      await temporal().workflow.start(op.workflowType, {
        taskQueue: deps.config.TEMPORAL_TASK_QUEUE,
        workflowId: op.workflowId(key),
        workflowIdConflictPolicy: 'FAIL',
        args: [input],
        // Read back by `standing` without a worker: which checkout this run is.
        memo: { sessionId: input.sessionId },
        // What an operator reads at the top of the run in the Temporal UI, before any event (runView.ts).
        ...checkoutRunView(op.name, input),
        // Findable by its name and stage in the Temporal UI from the start, before any worker has picked
        // it up; the run does not write them again (workflows/checkout.ts, LOCAL_STEPS).
        typedSearchAttributes: [
          { key: registryDomainKey, value: input.name },
          {
            key: registryStageKey,
            value: input.approval ? 'awaiting_approval' : waitsForPayment ? 'awaiting_payment' : 'activating',
          },
        ],
      });
    } catch (err) {
      if (recorded) await checkouts.close(input.sessionId, 'cancelled');
      if (err instanceof WorkflowExecutionAlreadyStartedError) throw op.busy(key);
      throw err;
    }
    // A checkout with a row was counted as the row was recorded; one without (gems or free, waiting for
    // nobody) as its run starts.
    if (!recorded && countedWithoutRow(input)) checkoutsOpened.inc({ operation: op.name, rail: input.method });
  }

  /** The outcome of the run on this object, once it closes. */
  async function result(key: string): Promise<R> {
    return paidResult((await handleOf(key).result()) as O);
  }

  // Identical receipts submitted at once share one update: Temporal bounds the updates in flight per
  // run, and a burst of retries must not be refused for it.
  const inflight = new Map<string, Promise<R>>();

  /**
   * Hands a receipt to the open checkout and waits for its outcome. A retry that arrives while another
   * is being verified waits for that outcome (in the workflow); a run that closed meanwhile, or an update
   * the server would not take now, is answered from the run's outcome.
   */
  function submitReceipt(key: string, receipt: PresentedReceipt, sessionId: string): Promise<R> {
    if (deps.payments) requireOwnChallenge(receipt, sessionId, deps.payments.secret);
    const handle = handleOf(key);
    const id = `${sessionId}\n${receipt.raw}`;
    let pending = inflight.get(id);
    if (!pending) {
      pending = handle
        .executeUpdate(op.submitPaymentUpdate, { args: [{ receipt: receipt.raw }] })
        .catch((err: unknown) => {
          // A refusal by the run is its answer; an update the run never judged (the server rejected it
          // unprocessed) or a lost call is answered from where the run stands.
          if (err instanceof WorkflowUpdateFailedError && !isUnjudgedUpdate(err)) throw updateFailureError(err);
          return outcomeOf(handle, err);
        })
        .finally(() => inflight.delete(id));
      inflight.set(id, pending);
    }
    return pending;
  }

  /** Waits (bounded) for a run verifying or activating a payment to close, and answers its outcome. */
  async function outcomeOf(handle: WorkflowHandle, cause: unknown): Promise<R> {
    for (let waited = 0; waited < OUTCOME_WAIT_MS; waited += OUTCOME_POLL_MS) {
      const d = await handle.describe();
      if (d.status.name === 'COMPLETED') return paidResult((await handle.result()) as O);
      if (d.status.name !== 'RUNNING') throw cause;
      if ((await query(handle))?.stage === 'awaiting_payment') break;
      await sleep(OUTCOME_POLL_MS);
    }
    throw new AppError(
      'verification_unavailable',
      'The payment could not be judged right now; re-send the same receipt (never pay again).',
    );
  }

  /**
   * Ends an unpaid checkout and frees the object (its holder or an operator). A payment that already
   * landed completes the operation instead, and the lock stays.
   */
  async function reset(key: string, actorAccountId: string, operator: boolean): Promise<void> {
    const handle = handleOf(key);
    let answer: { outcome: 'released' | 'payment_found' };
    try {
      answer = await handle.executeUpdate(resetLockUpdate, { args: [{ actorAccountId, operator }] });
    } catch (err) {
      if (isUnjudgedUpdate(err)) throw new AppError('not_ready', UNJUDGED_MESSAGE);
      if (err instanceof WorkflowUpdateFailedError) throw updateFailureError(err);
      // The run closed meanwhile (paid, or expired): there is no lock left to reset.
      if (err instanceof WorkflowNotFoundError) throw new AppError('lock_not_found', `There is no lock on ${key} now.`);
      throw err;
    }
    if (answer.outcome === 'payment_found') {
      throw new AppError(
        'payment_landed',
        `A payment for this checkout has landed; ${key} is being completed, so the lock stays.`,
      );
    }
    await handle.result().catch(() => undefined);
  }

  /** The hosted checkout reported this run's payment. */
  async function checkoutPaid(key: string, reference: string): Promise<void> {
    await handleOf(key).signal(checkoutPaidSignal, { reference });
  }

  return { temporal, payments, status, standing, started, reserve, open, result, submitReceipt, reset, checkoutPaid };
}
