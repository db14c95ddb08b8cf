import type { Client } from '@temporalio/client';
import { auditContext } from '../db/audit-context.ts';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { canActOnDomain } from '../auth/domain-access.ts';
import { personOf, type Principal } from '../auth/principal.ts';
import type { Config } from '../config/env.ts';
import { domainRecords, type DomainRecord } from '../db/domain-records.ts';
import type { Orm } from '../db/orm.ts';
import { registrarLocks, type UnlockRequest } from '../db/registrar-locks.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';
import type { RegistrarLock } from '../domain/registrar-lock.ts';
import { secondPersonRefusal } from './second-person.ts';
import { registryDomainKey, registryStageKey } from '../../workflows/search-attributes.ts';
import {
  registrarUnlockWorkflowId,
  unlockDecidedSignal,
  type RegistrarUnlockInput,
} from '../../workflows/registrar-unlock-messages.ts';

export interface LockState {
  name: string;
  lock: RegistrarLock | null;
  unlock: UnlockRequest | null;
}

/**
 * A name's registrar lock (docs/teams.md "Registrar lock"). Whoever manages the name (its owner, the person
 * who claimed the owning agent, an organization credential allowed to transfer it) locks it at once. Lifting
 * it is a request: it takes effect when a second person approves it (second-person.ts), or after REGISTRAR_UNLOCK_DELAY_SECONDS
 * (24 h), during which anyone who manages the name may cancel it. The request is a row; its run
 * (`registrar-unlock:<name>:<id>`) waits durably and settles it, and every call here makes sure it runs.
 */
export function registrarLockService(deps: { orm: Orm; temporal?: Client | undefined; config: Config }) {
  const { orm, config } = deps;
  const temporal = (): Client => {
    if (!deps.temporal) throw new AppError('not_ready', 'Unlocking needs Temporal, which is not configured.');
    return deps.temporal;
  };

  /** The record holding the name, row-locked, that the principal may manage; 404 or 403 otherwise. */
  async function managed(tx: EntityManager, principal: Principal, name: string): Promise<DomainRecord> {
    const d = await domainRecords(tx).lockLive(name);
    if (!d) throw domainNotFound(name);
    if (!(await canActOnDomain(tx, principal, d, 'transfer')))
      throw new AppError('forbidden', `You do not own or manage ${name}.`);
    return d;
  }

  /** The run of a request, started if it is not running yet (an API that died after the commit). */
  async function ensureRun(r: UnlockRequest): Promise<void> {
    const input: RegistrarUnlockInput = { requestId: r.id, name: r.domainName, effectiveAtMs: r.effectiveAt.getTime() };
    await temporal().workflow.signalWithStart('registrarUnlockWorkflow', {
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      workflowId: registrarUnlockWorkflowId(r.domainName, r.id),
      args: [input],
      signal: unlockDecidedSignal,
      typedSearchAttributes: [
        { key: registryDomainKey, value: r.domainName },
        { key: registryStageKey, value: 'unlock-pending' },
      ],
    });
  }

  async function status(principal: Principal, name: string): Promise<LockState> {
    const em = orm.em.fork();
    const d = await domainRecords(em).findLive(name);
    if (!d) throw domainNotFound(name);
    if (!(await canActOnDomain(em, principal, d, 'read')))
      throw new AppError('forbidden', `You do not own or manage ${name}.`);
    const locks = registrarLocks(em);
    // The request first: once it reads settled (applied, so no longer open), the lock read after it is cleared.
    const unlock = await locks.openRequest(d.id);
    return { name: d.name, lock: await locks.lockOf(d.id), unlock };
  }

  /** Locks the name at once (again: unchanged). A pending request to lift it stays as it is. */
  async function lock(principal: Principal, name: string): Promise<LockState> {
    const by = personOf(principal);
    await orm.em.fork().transactional(async (tx) => {
      const d = await managed(tx, principal, name);
      const was = (await registrarLocks(tx).lockOf(d.id)) !== null;
      await registrarLocks(tx).lock(d.id, by);
      auditContext.change({ locked: was }, { locked: true });
    });
    return status(principal, name);
  }

  /** Asks to lift the lock: the pending request (a new one, or the one already open), with when it takes effect. */
  async function requestUnlock(principal: Principal, name: string): Promise<LockState> {
    const by = personOf(principal);
    const request = await orm.em
      .fork()
      .transactional(async (tx) => {
        const d = await managed(tx, principal, name);
        const locks = registrarLocks(tx);
        if (!(await locks.lockOf(d.id))) throw new AppError('not_locked', `${name} is not locked.`);
        const open = await locks.openRequest(d.id);
        if (open) return open;
        const effectiveAt = new Date(Date.now() + config.REGISTRAR_UNLOCK_DELAY_SECONDS * 1000);
        return locks.openUnlock({ domainId: d.id, domainName: d.name, requestedBy: by, effectiveAt });
      })
      .catch(async (err: unknown) => {
        // Two people asking at once: one request, which both get.
        if (!(err instanceof UniqueConstraintViolationException)) throw err;
        const d = await domainRecords(orm.em.fork()).findLive(name);
        const open = d && (await registrarLocks(orm.em.fork()).openRequest(d.id));
        if (!open) throw err;
        return open;
      });
    await ensureRun(request);
    return status(principal, name);
  }

  /**
   * A decision on the pending request: `approved` by a second person as `secondPersonRefusal` says (the one
   * place that rule is written), or `cancelled` by anyone who manages the name. The run settles it at once.
   */
  async function decide(principal: Principal, name: string, decision: 'approved' | 'cancelled'): Promise<LockState> {
    const by = personOf(principal);
    const request = await orm.em.fork().transactional(async (tx) => {
      const d = await managed(tx, principal, name);
      const locks = registrarLocks(tx);
      const open = await locks.openRequest(d.id);
      if (!open || open.status !== 'pending')
        throw new AppError('unlock_not_found', `${name} has no pending request to lift its lock.`);
      if (decision === 'approved') {
        const refused = await secondPersonRefusal(tx, {
          approver: principal,
          request: open,
          lock: await locks.lockOf(d.id),
        });
        if (refused) throw refused;
      }
      if (!(await locks.decide(open.id, decision, by)))
        throw new AppError('unlock_not_found', `${name} has no pending request to lift its lock.`);
      return open;
    });
    await ensureRun(request);
    // The answer says where it stands once the run has settled it (at once: it only applies the row).
    for (let i = 0; i < 50; i++) {
      const now = await status(principal, name);
      if (!now.unlock || now.unlock.id !== request.id) return now;
      await new Promise((r) => setTimeout(r, 100));
    }
    return status(principal, name);
  }

  return {
    status,
    lock,
    requestUnlock,
    approve: (p: Principal, name: string) => decide(p, name, 'approved'),
    cancel: (p: Principal, name: string) => decide(p, name, 'cancelled'),
  };
}

export type RegistrarLockService = ReturnType<typeof registrarLockService>;
