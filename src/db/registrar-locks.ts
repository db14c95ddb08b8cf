import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { nameLocked, type LockedMove, type RegistrarLock, type UnlockStatus } from '../domain/registrar-lock.ts';
import { Domain, RegistrarUnlock } from './entities/index.ts';
import { auditRegistryChanges, type RegistryChange } from './registry-audit.ts';

/** A request to lift a name's lock, as stored. */
export interface UnlockRequest {
  id: string;
  domainId: number;
  domainName: string;
  requestedBy: string;
  effectiveAt: Date;
  status: UnlockStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  createdAt: Date;
}

const requestOf = (r: RegistrarUnlock): UnlockRequest => ({
  id: r.id,
  domainId: r.domainId,
  domainName: r.domainName,
  requestedBy: r.requestedBy,
  effectiveAt: r.effectiveAt,
  status: r.status,
  decidedBy: r.decidedBy ?? null,
  decidedAt: r.decidedAt ?? null,
  createdAt: r.createdAt,
});

/** The registry's event of an unlock its delay applied, once per request however often the step runs. */
const delayedUnlock = (r: RegistrarUnlock, ownerId: string): RegistryChange => ({
  key: `unlock:${r.id}`,
  action: 'registry: domain.unlocked',
  object: r.domainName,
  subjectAccountId: ownerId,
  details: { before: { locked: true }, after: { locked: false } },
});

// Names' registrar locks and the requests to lift them (docs/teams.md "Registrar lock"). Every move a lock
// refuses asks `refuseIfLocked` inside its own transaction, after it has locked the domain row, so a move
// and an unlock are serialised on that row: a move never slips through while the lock holds.
export function registrarLocks(em: EntityManager) {
  return {
    /** The lock of a domain record, or null when it is unlocked. */
    async lockOf(domainId: number): Promise<RegistrarLock | null> {
      // Read from the row, not the identity map: the domain may have been loaded before an unlock committed.
      const [row] = await em.execute<{ locked_at: Date | null; locked_by: string | null }[]>(
        'select "locked_at", "locked_by" from "domain" where "id" = ?',
        [domainId],
      );
      return row?.locked_at ? { lockedAt: new Date(row.locked_at), lockedBy: row.locked_by } : null;
    },

    /** Throws 423 `name_locked` when the (already row-locked) domain is locked. */
    async refuseIfLocked(domainId: number, name: string, move: LockedMove): Promise<void> {
      const lock = await this.lockOf(domainId);
      if (lock) throw nameLocked(name, lock, move);
    },

    /** Sets the lock on a row-locked domain; false when it was set already. */
    async lock(domainId: number, by: string): Promise<boolean> {
      return (
        (await em.nativeUpdate(Domain, { id: domainId, lockedAt: null }, { lockedAt: new Date(), lockedBy: by })) === 1
      );
    },

    /** The pending (or approved, not yet applied) request of a domain, or null. */
    async openRequest(domainId: number): Promise<UnlockRequest | null> {
      const r = await em.findOne(RegistrarUnlock, { domainId, status: { $in: ['pending', 'approved'] } });
      return r && requestOf(r);
    },

    async request(id: string): Promise<UnlockRequest | null> {
      const r = await em.findOne(RegistrarUnlock, { id });
      return r && requestOf(r);
    },

    /** Records a new pending request (the partial unique index refuses a second open one). */
    async openUnlock(r: { domainId: number; domainName: string; requestedBy: string; effectiveAt: Date }) {
      const row = em.create(RegistrarUnlock, { id: randomUUID(), ...r, status: 'pending' });
      await em.flush();
      return requestOf(row);
    },

    /** A pending request decided: approved (by someone other than who asked) or cancelled. False if it was not pending. */
    async decide(id: string, status: 'approved' | 'cancelled', by: string): Promise<boolean> {
      return (
        (await em.nativeUpdate(
          RegistrarUnlock,
          { id, status: 'pending' },
          { status, decidedBy: by, decidedAt: new Date() },
        )) === 1
      );
    },

    /**
     * Where a request stands now, applying it when it is due: approved, or pending past its delay, clears
     * the domain's lock and becomes `applied`, in one transaction with the domain row locked. Idempotent.
     */
    async settle(id: string, now: Date): Promise<UnlockStatus> {
      return em.transactional(async (tx) => {
        const r = await tx.findOneOrFail(RegistrarUnlock, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const due = r.status === 'approved' || (r.status === 'pending' && r.effectiveAt <= now);
        if (!due) return r.status;
        const d = await tx.findOne(Domain, { id: r.domainId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        await tx.nativeUpdate(Domain, { id: r.domainId }, { lockedAt: null, lockedBy: null });
        // Lifted by its delay, nobody acting: the registry's own event in the owner's trail (an approval's
        // event is its request's).
        if (r.status === 'pending' && d) await auditRegistryChanges(tx, [delayedUnlock(r, d.owner.id)]);
        r.status = 'applied';
        if (!r.decidedAt) r.decidedAt = now;
        return 'applied';
      });
    },
  };
}
