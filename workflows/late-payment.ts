import { ActivityFailure, ApplicationFailure, proxyActivities, upsertSearchAttributes } from '@temporalio/workflow';
import type { CheckoutActivities } from '../activities/checkout.ts';
import type { LatePaymentInput, LatePaymentOutcome } from './late-payment-messages.ts';
import { chainConfirm, dbWrite } from './retry-profiles.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

const chain = proxyActivities<Pick<CheckoutActivities, 'verifyMppPayment'>>(chainConfirm);
const db = proxyActivities<Pick<CheckoutActivities, 'creditRefusedPayment'>>(dbWrite);

/**
 * Credits a payment that landed after its checkout closed unpaid (`late-payment:<session>`): the
 * receipt is judged against the closed checkout's own terms (token, receiver, memo, amount), exactly
 * as the checkout would have judged it, then recorded and credited to the checkout's actor with the
 * same compensation step every checkout uses (once per session). A receipt that does not pay that
 * checkout is a refusal, the run's outcome; nothing is credited.
 */
export async function latePaymentWorkflow(input: LatePaymentInput): Promise<LatePaymentOutcome> {
  const { terms } = input;
  upsertSearchAttributes({ [registryDomainKey.name]: [terms.name], [registryStageKey.name]: ['verifying'] });
  if (!terms.chain)
    return { outcome: 'refused', code: 'no_checkout', message: 'That checkout took no payment on chain.' };
  let verified: { txHash: string; payer: string };
  try {
    verified = await chain.verifyMppPayment({
      sessionId: terms.sessionId,
      receipt: input.receipt,
      amountMinor: terms.amountMinor,
      memo: terms.chain.memo,
    });
  } catch (err) {
    if (!(err instanceof ActivityFailure)) throw err;
    const cause = err.cause;
    if (cause instanceof ApplicationFailure && cause.nonRetryable && cause.type)
      return { outcome: 'refused', code: cause.type, message: cause.message };
    // Not mined yet, or the chain away for the whole retry budget: judged again when the receipt comes back.
    return {
      outcome: 'refused',
      code: 'verification_unavailable',
      message: 'The payment could not be judged right now; re-send the same receipt (never pay again).',
    };
  }
  const credit = await db.creditRefusedPayment({
    operation: input.operation,
    input: terms,
    payment: { kind: 'mpp', txHash: verified.txHash, payer: verified.payer, receipt: input.receipt },
    reason: 'checkout_closed',
  });
  upsertSearchAttributes({ [registryStageKey.name]: ['credited'] });
  return { outcome: 'credited', credit, txHash: verified.txHash };
}
