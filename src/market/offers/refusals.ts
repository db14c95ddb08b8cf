import { WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { OfferView } from '../../../workflows/offer-messages.ts';
import { offerRefusalError } from '../../checkout/refusals.ts';
import { AppError } from '../../domain/errors.ts';
import { offerBelowMinimum, type MarketCurrency } from '../../domain/market.ts';
import { isUnjudgedUpdate, UNJUDGED_MESSAGE } from '../../temporal/unjudged-update.ts';

/**
 * 409 `offer_not_pending`: the offer did not end as the caller asked (decided otherwise first, or an
 * accepted offer whose sale could not happen). `offer` is how it stands; the route renders it.
 */
export class OfferNotPending extends AppError {
  readonly offer: OfferView;
  constructor(offer: OfferView) {
    super('offer_not_pending', `Offer ${offer.offerId} is ${offer.status}.`);
    this.offer = offer;
  }
}

/** An offer run's refusal (an update's failure, or the client's deadline) as the AppError the API answers; anything else is thrown on. */
export function refusalOf(err: unknown): AppError {
  if (isUnjudgedUpdate(err)) return new AppError('not_ready', UNJUDGED_MESSAGE);
  const cause = err instanceof WorkflowUpdateFailedError ? err.cause : err;
  if (cause instanceof ApplicationFailure && (cause.type === 'mandate_exceeded' || cause.type === 'mandate_forbids'))
    return new AppError(cause.type, cause.message, (cause.details?.[0] ?? {}) as Record<string, unknown>);
  if (cause instanceof ApplicationFailure && cause.type === 'offer_below_minimum') {
    const d = (cause.details?.[0] ?? {}) as { minimum?: number; currency?: MarketCurrency };
    return offerBelowMinimum(d.minimum ?? 0, d.currency ?? 'gems');
  }
  const refusal =
    cause instanceof ApplicationFailure && cause.type ? offerRefusalError(cause.type, cause.message) : null;
  if (refusal) return refusal;
  if (isDeadline(err))
    return new AppError(
      'verification_unavailable',
      'The offer could not be confirmed right now; it may still open when the service catches up. Check GET /api/v1/domains/offers before offering again.',
    );
  throw err;
}

// The client's deadline passed: the update call itself timed out (the SDK's own error, whose message
// need not say "deadline"), or the gRPC call was cut at DEADLINE_EXCEEDED.
const isDeadline = (err: unknown) =>
  err instanceof WorkflowUpdateRPCTimeoutOrCancelledError ||
  (err as { code?: number } | null)?.code === 4 ||
  /deadline/i.test((err as Error | null)?.message ?? '');
