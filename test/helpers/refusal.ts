import { expect } from '@jest/globals';
import { PaymentVerificationError } from '../../src/payments/refusal.ts';

/** Awaits a verification expected to be refused and returns its reason and retryability. */
export async function refusal(p: Promise<unknown>): Promise<{ reason: string; retryable: boolean }> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentVerificationError);
  const e = err as PaymentVerificationError;
  return { reason: e.reason, retryable: e.retryable };
}
