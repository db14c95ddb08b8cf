import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { Account, Domain, DomainOrder, OrganizationCustomer, OutboxEvent } from '../db/entities/index.ts';
import { AppError } from './errors.ts';

/**
 * Refusals that have no code in errors.ts yet; the transfer route renders them itself. Thrown inside the
 * transaction, so a refusal rolls everything back.
 */
export const transferRefusals = { account_not_found: 404, already_owner: 409, domain_not_active: 409 } as const;

export class TransferRefused extends Error {
  override name = 'TransferRefused';
  readonly code: keyof typeof transferRefusals;
  readonly statusCode: number;
  constructor(code: keyof typeof transferRefusals, message: string) {
    super(message);
    this.code = code;
    this.statusCode = transferRefusals[code];
  }
}

export interface TransferRequest {
  name: string;
  toAccountId: string;
  reason?: string | undefined;
}

/**
 * Moves a domain to another account in one transaction: the owner change, its activity-ledger order and
 * its `domain.transferred` outbox event commit together or not at all. The domain row is locked first and
 * every check runs against the locked row, so two concurrent transfers cannot both act on the same owner.
 */
export async function transferDomain(em: EntityManager, principal: Principal, req: TransferRequest) {
  return em.transactional(async (tx) => {
    const d = await tx.findOne(Domain, { name: req.name }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!d) throw new AppError('domain_not_found', `Domain ${req.name} is not registered.`);
    const from = d.owner.id;
    if (
      !(await canActOnDomain(tx, principal, { name: d.name, namespace: d.namespace.name, ownerId: from }, 'transfer'))
    ) {
      throw new AppError('forbidden', `You may not transfer ${d.name}.`);
    }
    const to = await tx.findOne(Account, { id: req.toAccountId }, { fields: ['id'] });
    if (!to) throw new TransferRefused('account_not_found', `Account ${req.toAccountId} does not exist.`);
    // A reseller hands domains only to its own customers (and, for a narrowed credential, only to those in its list).
    if (principal.kind === 'org_key') {
      const inScope = !principal.customerIds || principal.customerIds.includes(to.id);
      const bound =
        inScope && (await tx.findOne(OrganizationCustomer, { organization: principal.organizationId, account: to.id }));
      if (!bound)
        throw new AppError('forbidden', 'An organization credential may transfer only to one of its customers.');
    }
    if (to.id === from) throw new TransferRefused('already_owner', `${d.name} already belongs to account ${to.id}.`);
    if (d.status !== 'active')
      throw new TransferRefused(
        'domain_not_active',
        `${d.name} is ${d.status}; only an active domain can be transferred.`,
      );

    const actor = principal.kind === 'org_key' ? principal.memberAccountId : principal.accountId;
    d.owner = tx.getReference(Account, to.id, { wrapped: true });
    const order = tx.create(DomainOrder, {
      reference: `transfer:${randomUUID()}`,
      kind: 'transfer',
      domainName: d.name,
      domainId: d.id,
      account: tx.getReference(Account, actor),
      owner: tx.getReference(Account, to.id),
      status: 'completed',
      paymentMethod: 'free',
      amountGems: 0,
      currency: 'gems',
      details: {
        from_owner_id: from,
        to_owner_id: to.id,
        reason: req.reason ?? null,
        actor:
          principal.kind === 'org_key'
            ? { kind: principal.kind, organization_id: principal.organizationId, credential_id: principal.credentialId }
            : { kind: principal.kind },
      },
    });
    await tx.flush(); // the order id goes into the event below
    tx.create(OutboxEvent, {
      eventType: 'domain.transferred',
      payload: { domain: d.name, from_owner_id: from, to_owner_id: to.id, order_id: order.id },
    });
    return { name: d.name, fromOwnerId: from, toOwnerId: to.id, orderId: order.id };
  });
}
