import type { ActivityOptions } from '@temporalio/workflow';

// Retry policy is part of the design, so it lives in one place. Business failures are thrown as
// non-retryable ApplicationFailures by the activities; everything else is transient and retried.
export const dbWrite: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
};

/** Reading the chain: a transaction may not be mined yet ("not_found" is retryable), so keep trying a while. */
export const chainConfirm: ActivityOptions = {
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '4 seconds', maximumAttempts: 6 },
};
