import {
  proxyActivities,
  proxyLocalActivities,
  type ActivityInterfaceFor,
  type ActivityOptions,
  type LocalActivityInterfaceFor,
  type LocalActivityOptions,
  type UntypedActivities,
} from '@temporalio/workflow';
import { effectRefusals } from './checkout-messages.ts';

// Retry policy is part of the design, so it lives in one place. Business failures are thrown as
// non-retryable ApplicationFailures by the activities; the types are also listed here, so a refusal
// is never retried even if an activity forgot to mark it. Everything else is transient and retried.
// Each workflow proxies one profile per kind of work, typed over only the activities it may call.

export const dbWrite: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [...effectRefusals],
  },
};

/** Reading the chain: a transaction may not be mined yet ("not_found" is retryable), so keep trying a while. */
export const chainConfirm: ActivityOptions = {
  startToCloseTimeout: '20 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '4 seconds',
    maximumAttempts: 6,
    nonRetryableErrorTypes: ['invalid_receipt', 'receipt_already_used', 'payments_unavailable'],
  },
};

/**
 * Paying out on chain: money owed is never given up on, so retries go on without limit (an operator
 * sees the attempts in the Temporal UI); the payout itself is idempotent on its sale.
 */
export const chainPayout: ActivityOptions = {
  // Long enough for a transaction to be mined; a worker that died mid-payout is retried after it.
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '2 seconds', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};

/**
 * Pushing to PowerDNS: the desired state is safe in PostgreSQL and each push is idempotent, so a
 * backend that is down is waited for without limit (the operator sees the attempts in the Temporal
 * UI); only a refusal of the change itself ends the run.
 */
export const dnsCall: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '15 seconds',
    nonRetryableErrorTypes: ['dns_backend_refused'],
  },
};

/**
 * A namespace zone's pass over a batch of names: `dnsCall`'s retries without limit (the pass is
 * idempotent and the changes safe in PostgreSQL), with room for a batch; a long pass heartbeats, so one
 * whose worker died is retried after 20 s, not 2 minutes. A refusal is not thrown but reported per name
 * in the result, so the other names of the batch go through.
 */
export const dnsZonePass: ActivityOptions = {
  ...dnsCall,
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '20 seconds',
};

/**
 * The same database writes as `dbWrite`, run as local activities: a checkout's short, idempotent steps
 * (activation, closing the checkout) run inside the workflow task that asked for them, so a
 * registration is one workflow task instead of three, with a marker in its history instead of three
 * activity events. A worker that dies mid-step loses the task; Temporal hands it to another worker
 * after the task timeout and the step runs again, finding its first result (each is idempotent on the
 * session). Retries beyond `localRetryThreshold` wait on a workflow timer, as a normal retry would.
 */
export const dbWriteLocal: LocalActivityOptions = {
  startToCloseTimeout: dbWrite.startToCloseTimeout,
  retry: dbWrite.retry,
  localRetryThreshold: '10 seconds',
};

/** Reading the chain as a local activity (verifying a receipt): read-only, idempotent, a few hundred ms. */
export const chainConfirmLocal: LocalActivityOptions = {
  startToCloseTimeout: chainConfirm.startToCloseTimeout,
  retry: chainConfirm.retry,
  localRetryThreshold: '10 seconds',
};

/**
 * One set of activities proxied both ways, picked per run: as activity tasks for runs started before
 * checkouts took local steps (they replay through them), as local activities for every run since
 * (checkout.ts, patch LOCAL_STEPS).
 */
/**
 * The effect's activity with a summary the Temporal UI shows on its event ("registration of scout.agent:
 * debit 1,500 gems"): a proxy made for the call, since a summary belongs to one call, not to a proxy.
 */
export function summarized<A extends UntypedActivities>(
  summary: string,
): (isLocal: boolean) => ActivityInterfaceFor<A> | LocalActivityInterfaceFor<A> {
  return bothWays<A>({ ...dbWrite, summary }, { ...dbWriteLocal, summary });
}

export function bothWays<A extends UntypedActivities>(
  task: ActivityOptions,
  local: LocalActivityOptions,
): (isLocal: boolean) => ActivityInterfaceFor<A> | LocalActivityInterfaceFor<A> {
  const asTasks = proxyActivities<A>(task);
  const asLocal = proxyLocalActivities<A>(local);
  return (isLocal) => (isLocal ? asLocal : asTasks);
}
