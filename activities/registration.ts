import { ApplicationFailure } from '@temporalio/activity';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  Account,
  Domain,
  DomainOrder,
  LedgerTransaction,
  Namespace,
  OutboxEvent,
  PaymentReceipt,
} from '../src/db/entities/index.ts';
import { accountForWallet } from '../src/auth/accounts.ts';
import { debitGems, InsufficientGemsError, refundGems } from '../src/ledger/gems.ts';
import { CouponError, redeemCoupon } from '../src/ledger/coupons.ts';
import type {
  PaymentCredit,
  RegistrationInput,
  RegistrationPayment,
  RegistrationResult,
} from '../workflows/registration-messages.ts';
import type { ActivityDeps } from './deps.ts';
import { findRegistrationResult, toRegistrationResult } from '../src/registration/records.ts';
import { checkoutSessions } from '../src/db/checkout-sessions.ts';
import type { CheckoutOutcome } from '../src/db/entities/checkout-session.ts';

const YEAR_MS = 365 * 24 * 3600 * 1000;

function refuse(type: string, message: string): ApplicationFailure {
  return ApplicationFailure.nonRetryable(message, type);
}

export function createRegistrationActivities({ orm, payments }: ActivityDeps) {
  const verifier = () => {
    if (!payments) throw refuse('payments_unavailable', 'Machine payments are not configured on this worker.');
    return payments;
  };

  return {
    /** Checks the receipt on chain for this session and that it was never used before. */
    async verifyMppPayment(a: { sessionId: string; receipt: string; amountMinor: string; memo: string }) {
      const p = verifier();
      let verified: { txHash: string; payer: string };
      try {
        verified = await p.verify({ receipt: a.receipt, amountMinor: BigInt(a.amountMinor), memo: a.memo });
      } catch (err) {
        const e = err as { reason?: string; retryable?: boolean; message: string };
        if (e.reason && !e.retryable)
          throw refuse('invalid_receipt', `The receipt does not pay this checkout (${e.reason}).`);
        throw err;
      }
      const used = await orm.em
        .fork()
        .findOne(PaymentReceipt, { chainId: p.chainId, txHash: verified.txHash.toLowerCase() });
      if (used && used.sessionId !== a.sessionId)
        throw refuse('receipt_already_used', 'This payment was already used for another registration.');
      return verified;
    },

    /** Looks on chain for a payment bound to this session (used before any lock is released). */
    async findMppPayment(a: { sessionId: string; amountMinor: string; memo: string }) {
      const found = await verifier().findByMemo({ amountMinor: BigInt(a.amountMinor), memo: a.memo });
      if (!found) return null;
      const used = await orm.em
        .fork()
        .findOne(PaymentReceipt, { chainId: verifier().chainId, txHash: found.txHash.toLowerCase() });
      return used && used.sessionId !== a.sessionId ? null : found;
    },

    /**
     * Takes the payment (gems, coupon) and creates the domain, its order and its event in ONE
     * transaction. Idempotent on the session: a retry after a crash returns the first result.
     */
    async activateDomain({
      input,
      payment,
    }: {
      input: RegistrationInput;
      payment: RegistrationPayment;
    }): Promise<RegistrationResult> {
      const em = orm.em.fork();
      const existing = await findRegistrationResult(em, input.sessionId);
      if (existing) return existing;
      try {
        return await em.transactional((tx) => activate(tx, input, payment, payments?.chainId ?? 0));
      } catch (err) {
        if (err instanceof InsufficientGemsError)
          throw refuse('insufficient_gems', `Insufficient gems: balance ${err.balance}, price ${err.required}.`);
        if (err instanceof CouponError) throw refuse(`coupon_${err.reason}`, err.message);
        if (err instanceof UniqueConstraintViolationException) {
          const again = await findRegistrationResult(orm.em.fork(), input.sessionId);
          if (again) return again;
          if (/payment_receipt/.test(err.message))
            throw refuse('receipt_already_used', 'This payment was already used.');
          throw refuse('name_taken', `${input.name} is already registered.`);
        }
        throw err;
      }
    },

    /**
     * Compensation for a refused activation after the money arrived: records the machine payment (so
     * its receipt can never be used again), credits the payer's gems balance with what was paid, and
     * writes `payment.credited` — in one transaction, once per session (a retry finds the ledger entry).
     */
    async creditRefusedPayment({
      input,
      payment,
      reason,
    }: {
      input: RegistrationInput;
      payment: RegistrationPayment;
      reason: string;
    }): Promise<PaymentCredit> {
      const reference = `credit:registration:${input.sessionId}`;
      return orm.em.fork().transactional(async (tx) => {
        const accountId =
          input.actorAccountId ?? (payment.kind === 'mpp' ? await accountForWallet(tx, payment.payer) : null);
        if (!accountId) throw refuse('owner_unknown', 'No account to credit.');
        const credit = { accountId, gems: input.priceGems };
        if (await tx.count(LedgerTransaction, { reference })) return credit;
        if (payment.kind === 'mpp') {
          const chainId = payments?.chainId ?? 0;
          const txHash = payment.txHash.toLowerCase();
          if (!(await tx.count(PaymentReceipt, { chainId, txHash }))) {
            tx.create(PaymentReceipt, {
              chainId,
              txHash,
              sessionId: input.sessionId,
              payer: payment.payer.toLowerCase(),
              amountMinor: BigInt(input.amountMinor),
              token: input.chain?.token.toLowerCase() ?? '',
              receipt: payment.receipt,
            });
          }
        }
        await refundGems(tx, { accountId, amount: input.priceGems, reference, memo: `${input.name}: ${reason}` });
        tx.create(OutboxEvent, {
          eventType: 'payment.credited',
          payload: {
            domain: input.name,
            session_id: input.sessionId,
            account_id: accountId,
            gems: input.priceGems,
            reason,
            payment_method: input.method,
          },
        });
        return credit;
      });
    },

    /** Records how a waiting checkout ended (idempotent); its hold on the name ends with it. */
    async closeCheckout({ sessionId, outcome }: { sessionId: string; outcome: CheckoutOutcome }): Promise<void> {
      await checkoutSessions(orm.em.fork()).close(sessionId, outcome);
    },
  };
}

async function activate(
  tx: EntityManager,
  input: RegistrationInput,
  payment: RegistrationPayment,
  chainId: number,
): Promise<RegistrationResult> {
  const ownerId = input.ownerAccountId ?? (payment.kind === 'mpp' ? await accountForWallet(tx, payment.payer) : null);
  if (!ownerId) throw refuse('owner_unknown', 'No account to own the domain.');
  const actorId = input.actorAccountId ?? ownerId;
  let reference: string = input.sessionId;
  if (payment.kind === 'mpp') {
    reference = payment.txHash.toLowerCase();
    tx.create(PaymentReceipt, {
      chainId,
      txHash: reference,
      sessionId: input.sessionId,
      payer: payment.payer.toLowerCase(),
      amountMinor: BigInt(input.amountMinor),
      token: input.chain?.token.toLowerCase() ?? '',
      receipt: payment.receipt,
    });
  } else if (payment.kind === 'gems') {
    const debit = await debitGems(tx, {
      accountId: actorId,
      amount: input.priceGems,
      reference: `registration:${input.sessionId}`,
      memo: input.name,
    });
    reference = `ledger:${debit.transactionId}`;
  } else if (payment.kind === 'checkout') {
    reference = payment.reference;
  }
  if (input.couponCode) {
    await redeemCoupon(tx, input.couponCode, input.namespace);
    if (payment.kind === 'free') reference = `coupon:${input.couponCode}`;
  }

  const now = new Date();
  const domain = tx.create(Domain, {
    name: input.name,
    label: input.label,
    namespace: tx.getReference(Namespace, input.namespace),
    owner: tx.getReference(Account, ownerId),
    status: 'active',
    registrationDate: now,
    expiryDate: new Date(now.getTime() + input.years * YEAR_MS),
    capabilities: [],
    profile: {},
  });
  await tx.flush();
  const order = tx.create(DomainOrder, {
    reference: input.sessionId,
    kind: 'registration',
    domainName: input.name,
    domainId: domain.id,
    account: tx.getReference(Account, actorId),
    owner: tx.getReference(Account, ownerId),
    paymentMethod: input.method,
    years: input.years,
    amountGems: payment.kind === 'free' ? 0 : input.priceGems,
    amountMinor: payment.kind === 'mpp' ? BigInt(input.amountMinor) : null,
    currency: payment.kind === 'mpp' ? input.currency : 'gems',
    paymentReference: reference,
    resellerChannel: input.resellerChannel,
    wholesale: input.wholesale,
    details: {
      session_id: input.sessionId,
      coupon: input.couponCode,
      payer: payment.kind === 'mpp' ? payment.payer : null,
    },
  });
  await tx.flush();
  // The checkout closes with the activation, so search never shows the name free in between.
  await checkoutSessions(tx).close(input.sessionId, 'registered');
  const result = toRegistrationResult(domain, order);
  tx.create(OutboxEvent, {
    eventType: 'domain.registered',
    payload: {
      domain: result.name,
      owner_id: result.ownerId,
      order_id: result.orderId,
      registration_date: result.registrationDate,
      expiry_date: result.expiryDate,
      payment_method: result.paymentMethod,
    },
  });
  return result;
}

export type RegistrationActivities = ReturnType<typeof createRegistrationActivities>;
