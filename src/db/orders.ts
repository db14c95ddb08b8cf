import type { EntityManager } from '@mikro-orm/postgresql';
import type { OrderKind, PaymentMethod } from '../domain/orders.ts';
import { Account, DomainOrder } from './entities/index.ts';

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

/** Writes an order in the caller's transaction (its id is known once the caller flushes). */
export function recordOrder(tx: EntityManager, row: OrderRow): DomainOrder {
  const { accountId, ownerId, ...rest } = row;
  return tx.create(DomainOrder, {
    ...rest,
    account: tx.getReference(Account, accountId),
    owner: tx.getReference(Account, ownerId),
  });
}
