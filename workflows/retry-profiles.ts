import type { ActivityOptions } from '@temporalio/workflow';
import { businessRefusals } from './registration-messages.ts';

// Retry policy is part of the design, so it lives in one place. Business failures are thrown as
// non-retryable ApplicationFailures by the activities; the types are also listed here, so a refusal
// is never retried even if an activity forgot to mark it. Everything else is transient and retried.
const couponRefusals = ['coupon_unknown', 'coupon_expired', 'coupon_used_up', 'coupon_wrong_namespace'];

export const dbWrite: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '30 seconds',
    maximumAttempts: 10,
    nonRetryableErrorTypes: [...businessRefusals, ...couponRefusals],
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
