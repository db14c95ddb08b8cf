import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../domain/errors.ts';
import { EXPIRED } from '../domain/expiry.ts';
import type { ProfileField, ProfileState } from '../domain/profile.ts';
import { STOREFRONT_UNIQUE } from './entities/domain.ts';
import { Domain } from './entities/index.ts';
import { recordEvent } from './outbox.ts';

/** The domain a profile change acts on, as read under its row lock. */
export interface ProfileSubject {
  id: number;
  name: string;
  namespace: string;
  ownerId: string;
}

const storefrontTaken = (storefrontId: string | null) =>
  new AppError('storefront_taken', `Storefront ${storefrontId} is bound to another domain; unbind it there first.`, {
    storefront_id: storefrontId,
  });

// The reads and writes of a profile change. Built over the transaction's EntityManager: the row lock
// taken by lockByName holds until that transaction ends.
export function profileRepository(tx: EntityManager) {
  return {
    /** The record holding the name (never an expired one), locked FOR UPDATE, with its editable state. */
    async lockByName(name: string): Promise<{ subject: ProfileSubject; state: ProfileState } | null> {
      const d = await tx.findOne(Domain, { name, status: { $ne: EXPIRED } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!d) return null;
      return {
        subject: { id: d.id, name: d.name, namespace: d.namespace.name, ownerId: d.owner.id },
        state: {
          profile: d.profile,
          capabilities: d.capabilities,
          squadId: d.squadId ?? null,
          skillMd: d.skillMd ?? null,
          storefrontId: d.storefrontId ?? null,
        },
      };
    },

    /**
     * Writes the new state, then its `profile.updated` event stamped with the row's new `updated_at`;
     * returns that time. A storefront another live domain holds fails on the unique index (checked by the
     * database, so two concurrent binds cannot both win) and is refused as `storefront_taken`.
     */
    async save(subject: ProfileSubject, state: ProfileState, updatedFields: ProfileField[]): Promise<Date> {
      // Already in the identity map since lockByName: no second read.
      const d = await tx.findOneOrFail(Domain, { id: subject.id });
      Object.assign(d, state); // ProfileState's members are the entity's own properties
      try {
        await tx.flush();
      } catch (err) {
        if (
          err instanceof UniqueConstraintViolationException &&
          (err as { constraint?: string }).constraint === STOREFRONT_UNIQUE
        )
          throw storefrontTaken(state.storefrontId);
        throw err;
      }
      recordEvent(tx, 'profile.updated', {
        domain: subject.name,
        domain_id: subject.id,
        owner_id: subject.ownerId,
        updated_fields: updatedFields,
        updated_at: d.updatedAt.toISOString(),
      });
      return d.updatedAt;
    },
  };
}
