import { LOCKED_STATUSES } from '../../domain/registrar-lock.ts';
import type { LockState } from '../../locks/service.ts';

/** A name's lock as the lock routes answer it. */
export function lockStateBody(s: LockState) {
  const open = s.unlock && (s.unlock.status === 'pending' || s.unlock.status === 'approved') ? s.unlock : null;
  return {
    status: 'success' as const,
    domain: s.name,
    locked: s.lock !== null,
    lock: s.lock && { locked_at: s.lock.lockedAt.toISOString(), locked_by: s.lock.lockedBy },
    statuses: s.lock ? [...LOCKED_STATUSES] : [],
    unlock: open && {
      id: open.id,
      status: open.status as 'pending' | 'approved',
      requested_by: open.requestedBy,
      requested_at: open.createdAt.toISOString(),
      effective_at: open.effectiveAt.toISOString(),
    },
  };
}
