import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.ts';

const verifications = new Counter({
  name: 'registry_payment_verifications_total',
  help: 'Payment verifications on chain, by method and result (accepted, refused: the payment does not pay; error: could not tell).',
  labelNames: ['method', 'result'] as const,
  registers: [metricsRegistry],
});

const verificationDuration = new Histogram({
  name: 'registry_payment_verification_duration_seconds',
  help: 'Time to verify a payment on chain, by method (every result).',
  labelNames: ['method'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/**
 * Runs one verification and counts it: accepted when it returns, refused when `isRefusal` says the
 * error is the payment's answer, else error (no answer: a fault). The error is rethrown unchanged, so
 * the activity's retry rules stay where they are.
 */
export async function measureVerification<T>(
  method: string,
  isRefusal: (err: unknown) => boolean,
  verify: () => Promise<T>,
): Promise<T> {
  const stop = verificationDuration.startTimer({ method });
  try {
    const verified = await verify();
    verifications.inc({ method, result: 'accepted' });
    return verified;
  } catch (err) {
    verifications.inc({ method, result: isRefusal(err) ? 'refused' : 'error' });
    throw err;
  } finally {
    stop();
  }
}
