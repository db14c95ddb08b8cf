import type { EntityManager } from '@mikro-orm/postgresql';
import { domainRecords } from '../src/db/domain-records.ts';
import { placeOrder } from '../src/db/orders.ts';
import { recordEvent } from '../src/db/outbox.ts';
import { isReceiptReuse } from '../src/db/payment-receipts.ts';
import { accountForWallet } from '../src/auth/accounts.ts';
import { CouponError, redeemCoupon } from '../src/ledger/coupons.ts';
import {
  registrationContract,
  type RegistrationInput,
  type RegistrationPayment,
  type RegistrationResult,
} from '../workflows/registration-messages.ts';
import type { ActivityDeps } from './deps.ts';
import { findRegistrationResult, toRegistrationResult } from '../src/registration/records.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import { refuse, takePayment } from './checkout.ts';
import { gemsRefusal, paidEffect } from './paid-effect.ts';
import { YEAR_MS } from '../src/domain/time.ts';

export function createRegistrationActivities({ orm, payments }: ActivityDeps) {
  return {
    /**
     * Takes the payment (gems, coupon) and creates the domain, its order and its event in ONE
     * transaction. Idempotent on the session: a retry after a crash returns the first result.
     */
    activateDomain: paidEffect(orm, registrationContract, {
      find: findRegistrationResult,
      apply: (tx, input, payment) => activate(tx, input, payment, payments?.chainId ?? 0),
      refusal: (err) =>
        gemsRefusal(err) ?? (err instanceof CouponError ? refuse(`coupon_${err.reason}`, err.message) : null),
      // The receipt is another session's, or the name is: someone else registered it first.
      conflict: (err, input) =>
        isReceiptReuse(err)
          ? refuse('receipt_already_used', 'This payment was already used.')
          : refuse('name_taken', `${input.name} is already registered.`),
    }),
  };
}

async function activate(
  tx: EntityManager,
  input: RegistrationInput,
  payment: RegistrationPayment,
  chainId: number,
): Promise<RegistrationResult> {
  const onChain = payment.kind === 'mpp' || payment.kind === 'usdc';
  const ownerId = input.ownerAccountId ?? (onChain ? await accountForWallet(tx, payment.payer) : null);
  if (!ownerId) throw refuse('owner_unknown', 'No account to own the domain.');
  const actorId = input.actorAccountId ?? ownerId;
  let reference = await takePayment(tx, chainId, input, payment, {
    payerId: actorId,
    operation: 'registration',
    otherwise: payment.kind === 'checkout' ? payment.reference : input.sessionId,
  });
  if (input.couponCode) {
    await redeemCoupon(tx, input.couponCode, input.namespace);
    if (payment.kind === 'free') reference = `coupon:${input.couponCode}`;
  }

  const now = new Date();
  const domain = await domainRecords(tx).register({
    name: input.name,
    label: input.label,
    namespace: input.namespace,
    ownerId,
    registrationDate: now,
    expiryDate: new Date(now.getTime() + input.years * YEAR_MS),
  });
  const order = await placeOrder(tx, {
    reference: input.sessionId,
    kind: 'registration',
    domainName: input.name,
    domainId: domain.id,
    accountId: actorId,
    ownerId,
    paymentMethod: input.method,
    years: input.years,
    amountGems: payment.kind === 'free' ? 0 : input.priceGems,
    amountMinor: onChain ? BigInt(input.amountMinor) : null,
    currency: onChain ? input.currency : 'gems',
    paymentReference: reference,
    resellerChannel: input.resellerChannel,
    wholesale: input.wholesale,
    details: {
      session_id: input.sessionId,
      coupon: input.couponCode,
      payer: onChain ? payment.payer : null,
    },
  });
  // The checkout closes with the activation, so search never shows the name free in between. Gems and
  // free registrations open a checkout row only when they waited for an approval (src/checkout/checkout-service.ts).
  if ((payment.kind !== 'gems' && payment.kind !== 'free') || input.approval)
    await checkoutSessions(tx).close(input.sessionId, 'registered');
  const result = toRegistrationResult(domain, order);
  recordEvent(tx, 'domain.registered', {
    domain: result.name,
    domain_id: result.domainId,
    owner_id: result.ownerId,
    order_id: result.orderId,
    registration_date: result.registrationDate,
    expiry_date: result.expiryDate,
    payment_method: result.paymentMethod,
  });
  return result;
}

export type RegistrationActivities = ReturnType<typeof createRegistrationActivities>;
