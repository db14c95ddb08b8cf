import type { ActivityOptions } from '@temporalio/workflow';

// Retry policy is part of the design, so it lives in one place. Business failures are thrown as
// non-retryable ApplicationFailures by the activities; everything else is transient and retried.
export const dbWrite: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 10 },
};
