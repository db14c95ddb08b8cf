import { registrarLocks } from '../src/db/registrar-locks.ts';
import type { UnlockStatus } from '../src/domain/registrar-lock.ts';
import type { ActivityDeps } from './deps.ts';

export function createRegistrarLockActivities({ orm }: ActivityDeps) {
  return {
    /** Applies a request to lift a lock when it is due (approved, or its delay passed); where it stands. */
    async settleUnlock({ requestId }: { requestId: string }): Promise<UnlockStatus> {
      return registrarLocks(orm.em.fork()).settle(requestId, new Date());
    },
  };
}

export type RegistrarLockActivities = ReturnType<typeof createRegistrarLockActivities>;
