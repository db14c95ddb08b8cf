import type { EntityManager } from '@mikro-orm/postgresql';
import { auditContext } from '../db/audit-context.ts';
import { canActOnDomain } from '../auth/domain-access.ts';
import type { Principal } from '../auth/principal.ts';
import { profileRepository } from '../db/profile-repository.ts';
import { AppError, domainNotFound } from '../domain/errors.ts';
import {
  applyProfileChange,
  profileValues,
  type ProfileChange,
  type ProfileField,
  type ProfileState,
} from '../domain/profile.ts';

export interface ProfileEdit {
  name: string;
  state: ProfileState;
  /** The fields the change really changed, sorted; empty when it changed nothing. */
  updatedFields: ProfileField[];
  /** When they changed; null when nothing did (and nothing, no event either, was written). */
  updatedAt: Date | null;
}

/**
 * Changes what a domain publishes (profile fields, capabilities, squad, skill text, storefront binding)
 * in one transaction: the row is locked, the caller's right to it checked on the locked row (owner,
 * claiming operator, or an organization credential with the `profile` operation), the change judged field
 * by field against the locked state, and only when something changed are the new state and its
 * `profile.updated` outbox event written — together or, on any refusal or failure, not at all.
 */
export async function editProfile(
  em: EntityManager,
  principal: Principal,
  name: string,
  change: ProfileChange,
): Promise<ProfileEdit> {
  return em.transactional(async (tx) => {
    const repo = profileRepository(tx);
    const found = await repo.lockByName(name);
    if (!found) throw domainNotFound(name);
    if (!(await canActOnDomain(tx, principal, found.subject, 'profile')))
      throw new AppError('forbidden', `You do not own or manage ${found.subject.name}.`);
    const { state, updatedFields } = applyProfileChange(found.state, change);
    const updatedAt = updatedFields.length > 0 ? await repo.save(found.subject, state, updatedFields) : null;
    auditContext.change(profileValues(found.state, updatedFields), profileValues(state, updatedFields));
    return { name: found.subject.name, state, updatedFields, updatedAt };
  });
}
