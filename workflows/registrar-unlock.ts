import { condition, proxyActivities, setHandler, upsertSearchAttributes } from '@temporalio/workflow';
import type { RegistrarLockActivities } from '../activities/registrar-lock.ts';
import {
  unlockDecidedSignal,
  type RegistrarUnlockInput,
  type RegistrarUnlockOutcome,
} from './registrar-unlock-messages.ts';
import { dbWrite } from './retry-profiles.ts';
import { registryDomainKey, registryStageKey } from './search-attributes.ts';

const db = proxyActivities<RegistrarLockActivities>(dbWrite);

/**
 * Waits for a request to lift a name's registrar lock (`registrar-unlock:<name>:<request>`): until a second
 * person approves it or its delay ends, unless someone cancels it first. The database row decides
 * (activities/registrar-lock.ts): the run only wakes on a decision or at the delay's end and asks it to
 * settle, so an approval, a cancellation and the delay racing each other come out as the row says.
 */
export async function registrarUnlockWorkflow(input: RegistrarUnlockInput): Promise<RegistrarUnlockOutcome> {
  upsertSearchAttributes({ [registryDomainKey.name]: [input.name], [registryStageKey.name]: ['unlock-pending'] });
  let decided = false;
  setHandler(unlockDecidedSignal, () => void (decided = true));
  for (let first = true; ; first = false) {
    // Past the delay a look that found it not due yet (a clock a little behind) waits a second, never spins.
    const wait = Math.max(first ? 0 : 1_000, input.effectiveAtMs - Date.now());
    if (wait > 0) await condition(() => decided, wait);
    decided = false;
    const status = await db.settleUnlock({ requestId: input.requestId });
    if (status === 'applied') {
      upsertSearchAttributes({ [registryStageKey.name]: ['unlocked'] });
      return { outcome: 'unlocked' };
    }
    if (status === 'cancelled') {
      upsertSearchAttributes({ [registryStageKey.name]: ['unlock-cancelled'] });
      return { outcome: 'cancelled' };
    }
  }
}
