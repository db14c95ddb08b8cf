import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TransferSubject } from '../domain/transfer.ts';
import { EXPIRED } from '../domain/expiry.ts';
import { Account, Domain, DomainOrder, Listing, OrganizationCustomer } from './entities/index.ts';
import { createOrder } from './orders.ts';
import { recordEvent } from './outbox.ts';

export interface TransferRecord {
  subject: TransferSubject;
  toOwnerId: string;
  /** The account the order is booked to: the acting account, or the organization member behind a credential. */
  actorAccountId: string;
  /** Who acted, as the order's details record it. */
  actor: Record<string, unknown>;
  reason: string | null;
  /** The Idempotency-Key's operation: the order's reference, so a retry of the same request finds it. */
  operationId: string | null;
}

const transferReference = (id: string) => `transfer:${id}`;

// The reads and writes of a domain transfer. Built over the transaction's EntityManager: the row lock
// taken by lockByName holds until that transaction ends.
export function transferRepository(tx: EntityManager) {
  return {
    /**
     * The record holding the name (never an expired one), locked FOR UPDATE, so every later check reads
     * what no concurrent transfer (or expiry) can change.
     */
    async lockByName(name: string): Promise<TransferSubject | null> {
      const d = await tx.findOne(Domain, { name, status: { $ne: EXPIRED } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      return d && { id: d.id, name: d.name, namespace: d.namespace.name, status: d.status, ownerId: d.owner.id };
    },

    /** The transfer of this name a keyed request already made (its operation), or null. */
    async madeBy(operationId: string, subject: TransferSubject) {
      const order = await tx.findOne(DomainOrder, { reference: transferReference(operationId), domainId: subject.id });
      if (!order) return null;
      const details = order.details as { from_owner_id: string; to_owner_id: string };
      return { fromOwnerId: details.from_owner_id, toOwnerId: details.to_owner_id, orderId: order.id };
    },

    /** The stored id of an account, or null when there is none. */
    async accountId(id: string): Promise<string | null> {
      return (await tx.findOne(Account, { id }, { fields: ['id'] }))?.id ?? null;
    },

    async isCustomerOf(organizationId: string, accountId: string): Promise<boolean> {
      return (await tx.findOne(OrganizationCustomer, { organization: organizationId, account: accountId })) !== null;
    },

    /**
     * Writes the owner change, its completed `transfer` order (the activity ledger's entry) and its
     * `domain.transferred` outbox event, and removes the name's listing (the new owner did not list it);
     * returns the order id. Nothing commits before the transaction does.
     */
    async record(r: TransferRecord): Promise<number> {
      const { subject, toOwnerId } = r;
      // Already in the identity map since lockByName: no second read.
      const d = await tx.findOneOrFail(Domain, { id: subject.id });
      d.owner = tx.getReference(Account, toOwnerId, { wrapped: true });
      await tx.nativeDelete(Listing, { domainId: subject.id });
      const order = createOrder(tx, {
        reference: transferReference(r.operationId ?? randomUUID()),
        kind: 'transfer',
        domainName: subject.name,
        domainId: subject.id,
        accountId: r.actorAccountId,
        ownerId: toOwnerId,
        status: 'completed',
        paymentMethod: 'free',
        amountGems: 0,
        currency: 'gems',
        details: { from_owner_id: subject.ownerId, to_owner_id: toOwnerId, reason: r.reason, actor: r.actor },
      });
      await tx.flush(); // the order id goes into the event below
      recordEvent(tx, 'domain.transferred', {
        domain: subject.name,
        domain_id: subject.id,
        owner_id: toOwnerId,
        order_id: order.id,
        from_owner_id: subject.ownerId,
        to_owner_id: toOwnerId,
        transferred_at: order.createdAt.toISOString(),
      });
      return order.id;
    },
  };
}
