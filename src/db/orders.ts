import type { EntityManager } from '@mikro-orm/postgresql';
import type { ActivityOrder, OrderKind, PaymentMethod } from '../domain/orders.ts';
import { Account, DomainOrder } from './entities/index.ts';
import { toActivityOrder } from './activity-repository.ts';

/**
 * One row of the activity ledger, as every path that completes a payment (or a free operation) writes
 * it: the accounts by id, the rest as the order keeps it. Fields left out take the table's defaults.
 */
export interface OrderRow {
  /** Unique: one payment never makes two orders (the session id, `purchase:<ref>`, …). */
  reference: string;
  kind: OrderKind;
  domainName: string;
  domainId: number | null;
  /** Who paid or acted. */
  accountId: string;
  /** Who holds the name afterwards (the seller's side of a sale: the seller). */
  ownerId: string;
  status?: string;
  paymentMethod: PaymentMethod;
  years?: number | null;
  amountGems: number;
  amountMinor?: bigint | null;
  currency: string;
  paymentReference?: string | null;
  resellerChannel?: string | null;
  wholesale?: boolean;
  details: Record<string, unknown>;
}

/** An order as stored: what the activity ledger lists, with its reference and its domain record. */
export interface OrderRecord extends ActivityOrder {
  reference: string;
  domainId: number | null;
}

const recordOf = (o: DomainOrder): OrderRecord => ({
  ...toActivityOrder(o),
  reference: o.reference,
  domainId: o.domainId ?? null,
});

/** Creates the order row in the caller's transaction (src/db only: others record or place an order). */
export function createOrder(tx: EntityManager, row: OrderRow): DomainOrder {
  const { accountId, ownerId, ...rest } = row;
  return tx.create(DomainOrder, {
    ...rest,
    account: tx.getReference(Account, accountId),
    owner: tx.getReference(Account, ownerId),
  });
}

/** Writes an order in the caller's transaction, with its next flush. */
export function recordOrder(tx: EntityManager, row: OrderRow): void {
  createOrder(tx, row);
}

/** Writes an order in the caller's transaction now, for its id: the order as stored. */
export async function placeOrder(tx: EntityManager, row: OrderRow): Promise<OrderRecord> {
  const order = createOrder(tx, row);
  await tx.flush();
  return recordOf(order);
}

/** The order of a reference (of one kind, if given), or null. */
export async function findOrder(em: EntityManager, reference: string, kind?: OrderKind): Promise<OrderRecord | null> {
  const order = await em.findOne(DomainOrder, { reference, ...(kind ? { kind } : {}) });
  return order && recordOf(order);
}

/** The id of the order of a reference, which must exist. */
export async function orderIdOf(em: EntityManager, reference: string): Promise<number> {
  return (await em.findOneOrFail(DomainOrder, { reference }, { fields: ['id'] })).id;
}
