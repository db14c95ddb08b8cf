import { AppError } from './errors.ts';

// A name's registrar lock (docs/teams.md "Registrar lock"): while it is set the name refuses every move
// (transfer, listing for sale, accepting an offer, a sale, a change of its delegation or nameservers).
// Locking is immediate; unlocking waits for a second person's approval or for a delay anyone who manages
// the name can cancel during. Pure: the facts are read beforehand.

/** RFC 8056's statuses for a lock set by the holder's side (EPP client*Prohibited), as RDAP and lookup show them. */
export const LOCKED_STATUSES = [
  'client transfer prohibited',
  'client update prohibited',
  'client delete prohibited',
] as const;

/** What a lock refuses, in the words of its refusal. */
export type LockedMove = 'transfer' | 'listing' | 'offer' | 'sale' | 'delegation' | 'nameservers';

const moveWords: Record<LockedMove, string> = {
  transfer: 'transferred',
  listing: 'listed for sale',
  offer: 'sold by accepting an offer',
  sale: 'sold',
  delegation: 'delegated anew',
  nameservers: 'given other nameservers',
};

export const unlockStatuses = ['pending', 'approved', 'cancelled', 'applied'] as const;
export type UnlockStatus = (typeof unlockStatuses)[number];

export interface RegistrarLock {
  lockedAt: Date;
  lockedBy: string | null;
}

/** 423 `name_locked`: the move is refused while the lock holds, naming the lock and how to lift it. */
export function nameLocked(name: string, lock: RegistrarLock, move: LockedMove): AppError {
  return new AppError(
    'name_locked',
    `${name} is locked (since ${lock.lockedAt.toISOString()}) and cannot be ${moveWords[move]}. Unlock it first: POST /api/v1/domains/${name}/unlock, which takes effect after a second person's approval or the unlock delay.`,
    { lock: { locked_at: lock.lockedAt.toISOString(), locked_by: lock.lockedBy }, refused: move },
  );
}
