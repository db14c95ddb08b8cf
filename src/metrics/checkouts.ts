import { Counter } from 'prom-client';
import { metricsRegistry } from './registry.ts';

/** A checkout opened: a paid operation that waits for a payment on a rail (mpp, checkout, usdc, x402). */
export const checkoutsOpened = new Counter({
  name: 'registry_checkouts_opened_total',
  help: 'Checkouts opened (waiting for a payment), by operation and rail.',
  labelNames: ['operation', 'rail'] as const,
  registers: [metricsRegistry],
});

/**
 * A checkout's outcome recorded: registered, renewed, purchased (paid), refused, expired_unpaid,
 * cancelled, abandoned. Counted when the statement that writes the row's outcome changed it, so once per
 * checkout (the first outcome stays: a retried activity counts nothing). One inexactness is accepted for
 * a rate: a close inside an effect's transaction is counted when its statement runs, so a commit that
 * then fails and is retried counts that checkout twice.
 */
export const checkoutsClosed = new Counter({
  name: 'registry_checkouts_closed_total',
  help: 'Checkouts closed, by operation, rail and outcome (registered, renewed, purchased are the paid ones).',
  labelNames: ['operation', 'rail', 'outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Gems and free checkouts that wait for nobody (no payment, no approval) have no checkout row (the run
 * pays as it starts): they are counted where their run is started (src/checkout/checkout-service.ts) and
 * where its effect is done or refused (activities/paid-effect.ts), under the same names as the others.
 * One that waits for an approval has a row, counted as every row is.
 */
export const countedWithoutRow = (c: { method: string; approval?: unknown }): boolean =>
  (c.method === 'gems' || c.method === 'free') && !c.approval;
