import { defineSignal } from '@temporalio/workflow';

// The run that lifts a name's registrar lock (docs/teams.md "Registrar lock"). Plain data only.

export interface RegistrarUnlockInput {
  requestId: string;
  name: string;
  /** When the request takes effect without an approval (its delay's end). */
  effectiveAtMs: number;
}

export interface RegistrarUnlockOutcome {
  outcome: 'unlocked' | 'cancelled';
}

/** Someone approved or cancelled the request: the run looks at it now instead of at its delay's end. */
export const unlockDecidedSignal = defineSignal('unlockDecided');

/** One run per request, findable by its name in the Temporal UI. */
export const registrarUnlockWorkflowId = (name: string, requestId: string) => `registrar-unlock:${name}:${requestId}`;
