import {
  ScheduleAlreadyRunning,
  ScheduleNotFoundError,
  ScheduleOverlapPolicy,
  type Client,
  type ScheduleUpdateOptions,
} from '@temporalio/client';
import { expirySweepScheduleId, type ExpirySweepInput } from '../../workflows/expiry-messages.ts';

/** What the schedule is for, on its page in the Temporal UI. */
export const SCHEDULE_NOTE =
  'Unattended expiry (docs/registration.md "Expiry"): each run moves names past their expiry into grace, names past grace back to the pool, and renews those set to auto-renew.';

export interface ExpiryScheduleSettings {
  taskQueue: string;
  everySeconds: number;
  graceDays: number;
  autoRenewDaysBefore: number;
}

function scheduleOf(s: ExpiryScheduleSettings): Pick<ScheduleUpdateOptions, 'spec' | 'action' | 'policies'> {
  const input: ExpirySweepInput = { graceDays: s.graceDays, autoRenewDaysBefore: s.autoRenewDaysBefore };
  return {
    spec: { intervals: [{ every: `${s.everySeconds}s` }] },
    action: {
      type: 'startWorkflow',
      workflowType: 'expirySweepWorkflow',
      // Temporal appends the scheduled time: runs read `expiry-sweep:<task queue>-2026-11-23T11:21:00Z`.
      workflowId: expirySweepScheduleId(s.taskQueue),
      taskQueue: s.taskQueue,
      args: [input],
      staticSummary: `expiry sweep: names past expiry into grace, past grace back to the pool; auto-renewals ${s.autoRenewDaysBefore} days before`,
    },
    // SKIP: a sweep still running (a large backlog) is never joined by a second one; the next interval
    // after it finishes picks up whatever is still due. An outage longer than the catch-up window is
    // not replayed run by run: the first sweep after it sees everything that came due meanwhile.
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 minute', pauseOnFailure: false },
  };
}

/**
 * Creates the expiry sweep's schedule, or brings an existing one to the current settings (interval,
 * grace period): every worker calls this at start, so a restart or a second worker changes nothing and
 * a changed configuration takes effect with the next worker start. An operator's pause (in the UI or
 * `temporal schedule toggle`) is kept. Returns the schedule id.
 */
export async function ensureExpirySweepSchedule(client: Client, s: ExpiryScheduleSettings): Promise<string> {
  const scheduleId = expirySweepScheduleId(s.taskQueue);
  const options = scheduleOf(s);
  try {
    // The note is the operator's after that (a pause's reason): written once, at creation.
    await client.schedule.create({ scheduleId, ...options, state: { note: SCHEDULE_NOTE } });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
    await client.schedule.getHandle(scheduleId).update((current) => ({ ...current, ...options }));
  }
  return scheduleId;
}

/** Deletes the schedule (a test stack's, when it stops); a missing one is already gone. */
export async function deleteExpirySweepSchedule(client: Client, taskQueue: string): Promise<void> {
  try {
    await client.schedule.getHandle(expirySweepScheduleId(taskQueue)).delete();
  } catch (err) {
    if (!(err instanceof ScheduleNotFoundError)) throw err;
  }
}
