import { type WorkflowUpdateFailedError } from '@temporalio/client';
import {
  isCheckoutRefusal,
  isDone,
  type CheckoutRefusal,
  type NotDone,
  type PaidOutcome,
  type PaymentCredit,
} from '../../workflows/checkout-messages.ts';
import type { OfferRefusal } from '../../workflows/offer-messages.ts';
import { AppError, type ErrorCode } from '../domain/errors.ts';

/** Each failure type a checkout run answers with, as the one error a client sees (and its status). */
const errorOf: Record<CheckoutRefusal, ErrorCode> = {
  insufficient_gems: 'insufficient_gems',
  name_taken: 'name_taken',
  receipt_already_used: 'receipt_already_used',
  owner_unknown: 'owner_unknown',
  domain_not_renewable: 'domain_not_found',
  term_too_long: 'term_too_long',
  listing_gone: 'not_listed',
  own_domain: 'own_domain',
  already_on_chain: 'already_on_chain',
  domain_not_active: 'domain_not_found',
  name_locked: 'name_locked',
  mandate_exceeded: 'mandate_exceeded',
  mandate_forbids: 'mandate_forbids',
  approval_refused: 'approval_refused',
  approval_expired: 'approval_expired',
  coupon_unknown: 'coupon_invalid',
  coupon_expired: 'coupon_invalid',
  coupon_used_up: 'coupon_invalid',
  coupon_wrong_namespace: 'coupon_invalid',
  invalid_receipt: 'invalid_receipt',
  verification_unavailable: 'verification_unavailable',
  payments_unavailable: 'verification_unavailable',
  checkout_not_awaiting_payment: 'checkout_not_awaiting_payment',
  checkout_closed: 'checkout_closed',
  forbidden: 'forbidden',
  lock_busy: 'lock_busy',
};

/**
 * A refusal from a checkout run as our HTTP error, saying where a credited payment went. A type outside
 * the contract means something really broke, and is answered as an internal error.
 */
export function refusalError(
  type: string,
  message: string,
  credit?: PaymentCredit | null,
  details?: Record<string, unknown> | null,
): AppError {
  if (!isCheckoutRefusal(type)) return new AppError('internal_error', 'The checkout failed unexpectedly.');
  const code = errorOf[type];
  const reason = type.startsWith('coupon_')
    ? { reason: type.slice('coupon_'.length) }
    : details
      ? { ...details }
      : undefined;
  if (!credit) return new AppError(code, message, reason);
  return new AppError(code, `${message} Your payment was credited to your gems balance (${credit.gems} gems).`, {
    ...reason,
    credited: { account_id: credit.accountId, gems: credit.gems },
  });
}

/** Each refusal of an offer run's update as the error a client sees (a floor refusal carries its minimum). */
const offerErrorOf: Record<Exclude<OfferRefusal, 'offer_below_minimum'>, ErrorCode> = {
  domain_not_found: 'domain_not_found',
  own_domain: 'own_domain',
  insufficient_gems: 'insufficient_gems',
  offer_not_found: 'offer_not_found',
  offer_not_pending: 'offer_not_pending',
  forbidden: 'forbidden',
};

/** An offer run's refusal as our HTTP error; null for a type that is not one (the caller decides). */
export function offerRefusalError(type: string, message: string): AppError | null {
  return Object.hasOwn(offerErrorOf, type)
    ? new AppError(offerErrorOf[type as keyof typeof offerErrorOf], message)
    : null;
}

type FailureShape = { type?: string | null; message?: string; details?: unknown[] | null };

/** A failed update's refusal (its type, message and details) as our HTTP error. */
export function updateFailureError(err: WorkflowUpdateFailedError): AppError {
  const cause = err.cause as (FailureShape & { cause?: FailureShape }) | undefined;
  const failure = cause?.type ? cause : cause?.cause;
  const type = failure?.type ?? '';
  const detail = failure?.details?.[0] as (PaymentCredit & { outcome?: string }) | undefined;
  if (type === 'checkout_closed') return closedError(detail?.outcome === 'cancelled' ? 'cancelled' : 'expired_unpaid');
  const extra = failure?.details?.[1] as Record<string, unknown> | null | undefined; // a mandate's limit
  return refusalError(type, failure?.message ?? 'The checkout could not complete.', detail ?? null, extra);
}

/** A checkout that ended unpaid (expired, or reset by its holder or an operator). */
export function closedError(outcome: Exclude<NotDone['outcome'], 'refused'>): AppError {
  return new AppError(
    'checkout_closed',
    outcome === 'cancelled'
      ? 'The checkout was reset; request a new one.'
      : 'The checkout expired unpaid; request a new one.',
    { outcome },
  );
}

/** A finished run's outcome as the paid result; a refusal or an unpaid end is thrown as our HTTP error. */
export function paidResult<R>(o: PaidOutcome<string, R>): R {
  if (isDone(o)) return o.result;
  if (o.outcome === 'refused') throw refusalError(o.code, o.message, o.credit, o.details);
  throw closedError(o.outcome);
}
