import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext } from '../db/audit-context.ts';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { registrarLocks } from '../db/registrar-locks.ts';
import { transferRepository } from '../db/transfer-repository.ts';
import { refuseOutsiderIntoTeam } from './team-target.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';
import { transferRefusal, type TransferOutcome, type TransferRequest } from '../domain/transfer.ts';

/**
 * Moves a domain to another account in one transaction: the owner change, its activity-ledger order and
 * its `domain.transferred` outbox event commit together or not at all. The domain row is locked first and
 * every check runs against the locked row, so two concurrent transfers cannot both act on the same owner.
 * Refusals are AppErrors thrown inside the transaction, so a refusal rolls everything back.
 */
export async function transferDomain(
  em: EntityManager,
  principal: Principal,
  req: TransferRequest,
): Promise<TransferOutcome> {
  return em.transactional(async (tx) => {
    const repo = transferRepository(tx);
    const d = await repo.lockByName(req.name);
    if (!d) throw domainNotFound(req.name);
    // The same keyed request again, after its first attempt moved the name and its answer was lost.
    const done = req.operationId ? await repo.madeBy(req.operationId, d) : null;
    if (done) return { name: d.name, ...done };
    if (!(await canActOnDomain(tx, principal, d, 'transfer')))
      throw new AppError('forbidden', `You may not transfer ${d.name}.`);
    const to = await repo.accountId(req.toAccountId);
    if (!to) throw new AppError('account_not_found', `Account ${req.toAccountId} does not exist.`);
    // A reseller hands domains only to its own customers (and, for a narrowed credential, only to those in its list).
    if (principal.kind === 'org_key') {
      const inScope = !principal.customerIds || principal.customerIds.includes(to);
      if (!inScope || !(await repo.isCustomerOf(principal.organizationId, to)))
        throw new AppError('forbidden', 'An organization credential may transfer only to one of its customers.');
    }
    const refusal = transferRefusal(d, to);
    if (refusal) throw refusal;
    await refuseOutsiderIntoTeam(tx, principal, to);
    // Under the same row lock an unlock takes: a transfer never slips past a lock (docs/teams.md "Registrar lock").
    await registrarLocks(tx).refuseIfLocked(d.id, d.name, 'transfer');

    auditContext.change({ owner_id: d.ownerId }, { owner_id: to });
    const orderId = await repo.record({
      subject: d,
      toOwnerId: to,
      actorAccountId: principal.kind === 'org_key' ? principal.memberAccountId : principal.accountId,
      actor:
        principal.kind === 'org_key'
          ? { kind: principal.kind, organization_id: principal.organizationId, credential_id: principal.credentialId }
          : { kind: principal.kind },
      reason: req.reason ?? null,
      operationId: req.operationId ?? null,
    });
    return { name: d.name, fromOwnerId: d.ownerId, toOwnerId: to, orderId };
  });
}
