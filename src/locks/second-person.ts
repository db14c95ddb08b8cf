import type { EntityManager } from '@mikro-orm/postgresql';
import { personBehind } from '../auth/claimed-agents.ts';
import { personOf, type Principal } from '../auth/principal.ts';
import type { UnlockRequest } from '../db/registrar-locks.ts';
import { teamRepository } from '../db/team-repository.ts';
import { AppError } from '../domain/errors.ts';
import type { RegistrarLock } from '../domain/registrar-lock.ts';

/** Which part of the rule refused an approval: `details.rule` of the 403. */
export type SecondPersonRule = 'not_a_person' | 'same_person' | 'asker_unknown' | 'joined_too_recently';

const refused = (rule: SecondPersonRule, message: string, details: Record<string, unknown> = {}) =>
  new AppError('forbidden', message, { rule, ...details });

/**
 * The one rule that lets a registrar lock lift sooner than its delay (docs/teams.md "Registrar lock"): whatever
 * one person's credentials can make (a team, an invitation, a second account it lets in, an agent they claim, a
 * key) never approves what that person asked. Null when `approver` may approve `request`; otherwise the refusal.
 *
 * - A person approves (a bearer token or a dashboard session), never a key.
 * - A different human: not the one who asked, and not the person who claimed the agent that asked (an agent and
 *   the person who claimed it are one human).
 * - Acting for a team, a member since before the lock was set and since at least the delay before the request:
 *   an account let in after the lock, or just before asking, is what a stolen credential can make, so it counts
 *   for nothing until it has been seen in the team for as long as the delay itself would take.
 */
export async function secondPersonRefusal(
  em: EntityManager,
  a: { approver: Principal; request: UnlockRequest; lock: RegistrarLock | null },
): Promise<AppError | null> {
  const { approver, request } = a;
  if (approver.kind !== 'bearer' && approver.kind !== 'session')
    return refused('not_a_person', 'An unlock is approved by a person (a bearer token or the dashboard), not a key.');
  const asker = await personBehind(em, request.requestedBy);
  const waiting = { requested_by: request.requestedBy, effective_at: request.effectiveAt.toISOString() };
  if (asker === null)
    return refused(
      'asker_unknown',
      'The agent that asked was claimed for a team before who claimed it was recorded: its request lifts only after its delay.',
      waiting,
    );
  if (asker === personOf(approver))
    return refused(
      'same_person',
      'A second person approves an unlock: not the one who asked, nor the person who claimed the agent that asked. Wait for the delay, or ask another member.',
      waiting,
    );
  if (!approver.member) return null;
  const joinedAt = await teamRepository(em).joinedAt(approver.accountId, approver.member.accountId);
  // The delay the request was given (the configured one may have changed since).
  const delayMs = request.effectiveAt.getTime() - request.createdAt.getTime();
  const lockedAt = a.lock?.lockedAt ?? request.createdAt;
  const before = new Date(Math.min(lockedAt.getTime(), request.createdAt.getTime() - delayMs));
  if (!joinedAt || joinedAt > before)
    return refused(
      'joined_too_recently',
      'A member approves an unlock once they have been in the team since before the lock was set and for at least the unlock delay before the request. Wait for the delay, or ask a longer-standing member.',
      { ...waiting, joined_at: joinedAt?.toISOString() ?? null, joined_by: before.toISOString() },
    );
  return null;
}
