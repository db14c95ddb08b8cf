import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, Domain, DomainOrder } from '../src/db/entities/index.ts';
import { recordEvent } from '../src/db/outbox.ts';
import { accountForWallet } from '../src/auth/accounts.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import { renewableStatuses } from '../src/domain/renewal-plan.ts';
import { extendedExpiry, renewableYears } from '../src/domain/renewal.ts';
import { debitGems, InsufficientGemsError } from '../src/ledger/gems.ts';
import { findRenewalResult, toRenewalResult } from '../src/renewal/records.ts';
import type { CheckoutPayment } from '../workflows/checkout-messages.ts';
import type { RenewalInput, RenewalResult } from '../workflows/renewal-messages.ts';
import { recordReceipt, refuse } from './checkout.ts';
import { insufficientGems } from '../src/domain/errors.ts';
import type { ActivityDeps } from './deps.ts';

export function createRenewalActivities({ orm, payments }: ActivityDeps) {
  return {
    /**
     * Extends the term from the current expiry date, takes the payment, and writes the `renewal` order
     * and `domain.renewed` in ONE transaction, with the domain row locked. Idempotent on the session: a
     * retry after a crash returns the first result, never a second extension.
     */
    async renewDomain({ input, payment }: { input: RenewalInput; payment: CheckoutPayment }): Promise<RenewalResult> {
      const existing = await findRenewalResult(orm.em.fork(), input.sessionId);
      if (existing) return existing;
      try {
        return await orm.em.fork().transactional((tx) => renew(tx, input, payment, payments?.chainId ?? 0));
      } catch (err) {
        if (err instanceof InsufficientGemsError)
          throw refuse('insufficient_gems', insufficientGems(err.balance, err.required).message);
        if (err instanceof UniqueConstraintViolationException) {
          const again = await findRenewalResult(orm.em.fork(), input.sessionId);
          if (again) return again;
          throw refuse('receipt_already_used', 'This payment was already used.');
        }
        throw err;
      }
    },
  };
}

async function renew(
  tx: EntityManager,
  input: RenewalInput,
  payment: CheckoutPayment,
  chainId: number,
): Promise<RenewalResult> {
  const domain = await tx.findOne(Domain, { id: input.domainId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
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
    input.actorAccountId ?? (payment.kind === 'mpp' ? await accountForWallet(tx, payment.payer) : domain.owner.id);
  let reference = `ledger:renewal:${input.sessionId}`;
  if (payment.kind === 'mpp') {
    reference = recordReceipt(tx, chainId, input, payment);
  } else if (payment.kind === 'gems') {
    const debit = await debitGems(tx, {
      accountId: payerId,
      amount: input.priceGems,
      reference: `renewal:${input.sessionId}`,
      memo: input.name,
    });
    reference = `ledger:${debit.transactionId}`;
  }
  const previous = domain.expiryDate;
  domain.expiryDate = extendedExpiry(previous, input.years);
  // Renewing in grace restores the name.
  domain.status = 'active';
  const order = tx.create(DomainOrder, {
    reference: input.sessionId,
    kind: 'renewal',
    domainName: input.name,
    domainId: domain.id,
    account: tx.getReference(Account, payerId),
    owner: domain.owner,
    paymentMethod: input.method,
    years: input.years,
    amountGems: input.priceGems,
    amountMinor: payment.kind === 'mpp' ? BigInt(input.amountMinor) : null,
    currency: payment.kind === 'mpp' ? input.currency : 'gems',
    paymentReference: reference,
    resellerChannel: null,
    wholesale: false,
    details: {
      session_id: input.sessionId,
      payer: payment.kind === 'mpp' ? payment.payer : null,
      previous_expiry_date: previous.toISOString(),
      new_expiry_date: domain.expiryDate.toISOString(),
    },
  });
  await tx.flush();
  await checkoutSessions(tx).close(input.sessionId, 'renewed');
  const result = toRenewalResult(order);
  recordEvent(tx, 'domain.renewed', {
    domain: input.name,
    domain_id: domain.id,
    owner_id: domain.owner.id,
    order_id: result.orderId,
    years: input.years,
    previous_expiry_date: result.previousExpiryDate,
    new_expiry_date: result.newExpiryDate,
    payment_method: input.method,
    auto_renew: false,
  });
  return result;
}

export type RenewalActivities = ReturnType<typeof createRenewalActivities>;
