import { defineEntity, p } from '@mikro-orm/core';
import { createdAt } from './base.ts';
import { Account } from './account.ts';
import { orderKinds, paymentMethods } from '../../domain/orders.ts';

/**
 * One row per completed payment (or free/transfer operation): the activity ledger. `reference` is
 * unique, so a payment can never produce two orders: it is the checkout session id for registrations.
 */
const DomainOrderSchema = defineEntity({
  name: 'DomainOrder',
  tableName: 'domain_order',
  properties: {
    id: p.integer().primary().autoincrement(),
    reference: p.string().length(128).unique(),
    kind: p.enum([...orderKinds]),
    domainName: p.string().length(253).index(),
    domainId: p.integer().nullable(),
    account: () => p.manyToOne(Account).ref().index(),
    owner: () => p.manyToOne(Account).ref().index(),
    status: p.string().length(16).default('paid'),
    paymentMethod: p.enum([...paymentMethods]),
    years: p.integer().nullable(),
    amountGems: p.integer(),
    amountMinor: p.bigint().nullable(),
    currency: p.string().length(16),
    paymentReference: p.string().nullable(),
    resellerChannel: p.string().nullable(),
    wholesale: p.boolean().default(false),
    details: p.json<Record<string, unknown>>(),
    createdAt,
  },
});
export class DomainOrder extends DomainOrderSchema.class {}
DomainOrderSchema.setClass(DomainOrder);

/** The key that makes a receipt usable once; its violation is a receipt used by another session. */
export const RECEIPT_UNIQUE = 'payment_receipt_chain_id_tx_hash_unique';

/** A verified on-chain payment. Unique per chain and transaction: a receipt can be used once. */
const PaymentReceiptSchema = defineEntity({
  name: 'PaymentReceipt',
  tableName: 'payment_receipt',
  properties: {
    id: p.integer().primary().autoincrement(),
    chainId: p.integer(),
    txHash: p.string().length(66),
    sessionId: p.string().length(64).index(),
    payer: p.string().length(42),
    amountMinor: p.bigint(),
    token: p.string().length(42),
    receipt: p.text(),
    createdAt,
  },
  uniques: [{ name: RECEIPT_UNIQUE, properties: ['chainId', 'txHash'] }],
});
export class PaymentReceipt extends PaymentReceiptSchema.class {}
PaymentReceiptSchema.setClass(PaymentReceipt);

/** Events written in the same transaction as the change they describe; delivered later (webhooks). */
const OutboxEventSchema = defineEntity({
  name: 'OutboxEvent',
  tableName: 'outbox_event',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => crypto.randomUUID()),
    eventType: p.string().length(64),
    payload: p.json<Record<string, unknown>>(),
    createdAt,
    /** When the dispatcher handed the event to its subscribers' delivery workflows (docs/webhooks.md "Webhooks"). */
    dispatchedAt: p.datetime().columnType('timestamptz').nullable(),
  },
  // What the dispatcher reads: the rows not yet dispatched, oldest first; the rest of the table is history.
  indexes: [{ name: 'outbox_event_undispatched_index', properties: ['createdAt'], where: '"dispatched_at" is null' }],
  // Wakes the dispatcher: PostgreSQL sends a notification only when the inserting transaction commits,
  // so the dispatcher never looks before the row is visible. It carries nothing: the table is the truth.
  triggers: [
    {
      name: 'notify',
      timing: 'after',
      events: ['insert'],
      forEach: 'statement',
      body: "perform pg_notify('outbox_event', ''); return null;",
    },
  ],
});
export class OutboxEvent extends OutboxEventSchema.class {}
OutboxEventSchema.setClass(OutboxEvent);

/** Operator-created discount codes with a usage limit; 100 percent makes a registration free. */
const CouponSchema = defineEntity({
  name: 'Coupon',
  tableName: 'coupon',
  properties: {
    code: p.string().primary().length(64),
    percentOff: p.integer(),
    maxUses: p.integer(),
    usedCount: p.integer().default(0),
    namespace: p.string().length(63).nullable(),
    expiresAt: p.datetime().columnType('timestamptz').nullable(),
    createdAt,
  },
});
export class Coupon extends CouponSchema.class {}
CouponSchema.setClass(Coupon);

/**
 * The double-entry gems ledger: every transaction's lines sum to zero. A user's balance is the sum of
 * its lines; `reference` is unique so a retried debit or grant is recorded once.
 */
const LedgerTransactionSchema = defineEntity({
  name: 'LedgerTransaction',
  tableName: 'ledger_transaction',
  properties: {
    id: p.integer().primary().autoincrement(),
    reference: p.string().length(128).unique(),
    kind: p.string().length(32),
    memo: p.string().nullable(),
    createdAt,
  },
});
export class LedgerTransaction extends LedgerTransactionSchema.class {}
LedgerTransactionSchema.setClass(LedgerTransaction);

const LedgerLineSchema = defineEntity({
  name: 'LedgerLine',
  tableName: 'ledger_line',
  properties: {
    id: p.integer().primary().autoincrement(),
    transaction: () => p.manyToOne(LedgerTransaction).ref().index(),
    /**
     * `user:<account id>`, `system:grants`, `system:revenue`, `escrow:offer:<id>`, ... in gems; the same
     * prefixed `pathusd:` for pathUSD in 6-decimal minor units (docs/market.md "Market"). One transaction never
     * mixes currencies, so each currency sums to zero on its own.
     */
    book: p.string().length(64).index(),
    amount: p.bigint(),
    createdAt,
  },
});
export class LedgerLine extends LedgerLineSchema.class {}
LedgerLineSchema.setClass(LedgerLine);

/** This module's tables, in the order `entities` (index.ts) lists them. */
export const orderSchemas = [
  DomainOrderSchema,
  PaymentReceiptSchema,
  OutboxEventSchema,
  CouponSchema,
  LedgerTransactionSchema,
  LedgerLineSchema,
];
