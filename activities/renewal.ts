import type { EntityManager } from '@mikro-orm/postgresql';
import { domainRecords } from '../src/db/domain-records.ts';
import { recordRenewal } from '../src/db/renewals.ts';
import { accountForWallet } from '../src/auth/accounts.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import { renewableStatuses } from '../src/domain/renewal-plan.ts';
import { extendedExpiry, renewableYears } from '../src/domain/renewal.ts';
import { findRenewalResult, toRenewalResult } from '../src/renewal/records.ts';
import type { CheckoutPayment } from '../workflows/checkout-messages.ts';
import { renewalContract, type RenewalInput, type RenewalResult } from '../workflows/renewal-messages.ts';
import { refuse, takePayment } from './checkout.ts';
import type { ActivityDeps } from './deps.ts';
import { gemsRefusal, paidEffect } from './paid-effect.ts';

export function createRenewalActivities({ orm, payments }: ActivityDeps) {
  return {
    /**
     * Extends the term from the current expiry date, takes the payment, and writes the `renewal` order
     * and `domain.renewed` in ONE transaction, with the domain row locked. Idempotent on the session: a
     * retry after a crash returns the first result, never a second extension.
     */
    renewDomain: paidEffect(orm, renewalContract, {
      find: findRenewalResult,
      apply: (tx, input, payment) => renew(tx, input, payment, payments?.chainId ?? 0),
      refusal: gemsRefusal,
    }),
  };
}

async function renew(
  tx: EntityManager,
  input: RenewalInput,
  payment: CheckoutPayment,
  chainId: number,
): Promise<RenewalResult> {
  const domains = domainRecords(tx);
  const domain = await domains.lock(input.domainId);
  if (!domain || !(renewableStatuses as readonly string[]).includes(domain.status))
    throw refuse('domain_not_renewable', `${input.name} is no longer registered.`);
  const now = new Date();
  const allowed = renewableYears(domain.expiryDate, now);
  if (input.years > allowed) {
    throw refuse(
      'term_too_long',
      `A term may not reach more than 10 years ahead: ${input.name} can be renewed by ${allowed} year(s) now.`,
    );
  }
  const payerId =
    input.actorAccountId ?? (payment.kind === 'mpp' ? await accountForWallet(tx, payment.payer) : domain.ownerId);
  const reference = await takePayment(tx, chainId, input, payment, {
    payerId,
    operation: 'renewal',
    otherwise: `ledger:renewal:${input.sessionId}`,
  });
  const previous = domain.expiryDate;
  const next = extendedExpiry(previous, input.years);
  // Renewing in grace restores the name.
  await domains.extendTerm(domain.id, next);
  const order = await recordRenewal(tx, {
    reference: input.sessionId,
    domain: { id: domain.id, name: input.name, ownerId: domain.ownerId },
    accountId: payerId,
    years: input.years,
    previousExpiry: previous,
    newExpiry: next,
    paymentMethod: input.method,
    amountGems: input.priceGems,
    amountMinor: payment.kind === 'mpp' ? BigInt(input.amountMinor) : null,
    currency: payment.kind === 'mpp' ? input.currency : 'gems',
    paymentReference: reference,
    autoRenew: false,
    details: { session_id: input.sessionId, payer: payment.kind === 'mpp' ? payment.payer : null },
  });
  await checkoutSessions(tx).close(input.sessionId, 'renewed');
  return toRenewalResult(order);
}

export type RenewalActivities = ReturnType<typeof createRenewalActivities>;
