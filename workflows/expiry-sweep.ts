import { continueAsNew, patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import type { ExpiryActivities } from '../activities/expiry.ts';
import {
  expirySweepSteps,
  type ExpiryPageInput,
  type ExpiryPageResult,
  type ExpirySweepInput,
  type ExpirySweepResult,
  type ExpirySweepStep,
  type ExpirySweepTotals,
  PROBE_FIRST_PATCH,
} from './expiry-messages.ts';
import { dbWrite } from './retry-profiles.ts';

const db = proxyActivities<ExpiryActivities>(dbWrite);

const AUTO_RENEW_DAYS_BEFORE = 3;
/**
 * The patch that added the abandoned-checkout step: sweeps recorded before it ended after `expire`, and
 * replay keeps them so; every sweep started since runs the step.
 */
export const CLOSE_ABANDONED_CHECKOUTS_PATCH = 'close-abandoned-checkouts';

const pageOf: Record<ExpirySweepStep, (p: ExpiryPageInput, input: ExpirySweepInput) => Promise<ExpiryPageResult>> = {
  'auto-renew': (p, input) =>
    db.autoRenewDomains({ ...p, leadDays: input.autoRenewDaysBefore ?? AUTO_RENEW_DAYS_BEFORE }),
  'remind-30': (p) => db.remindExpiringDomains({ ...p, days: 30 }),
  'remind-7': (p) => db.remindExpiringDomains({ ...p, days: 7 }),
  'remind-1': (p) => db.remindExpiringDomains({ ...p, days: 1 }),
  'start-grace': (p) => db.startGracePeriods(p),
  expire: (p) => db.expireDomains(p),
  'close-abandoned-checkouts': (p) => db.closeAbandonedCheckouts(p),
};

const counted: Record<ExpirySweepStep, keyof ExpirySweepTotals> = {
  'auto-renew': 'autoRenewed',
  'remind-30': 'reminded',
  'remind-7': 'reminded',
  'remind-1': 'reminded',
  'start-grace': 'graceStarted',
  expire: 'expired',
  'close-abandoned-checkouts': 'checkoutsClosed',
};

/**
 * One pass over the names whose expiry has come due, started by the `expiry-sweep:<task queue>`
 * schedule (overlap SKIP: never two at once). The cut-off time is this workflow's clock when the sweep
 * began, handed to every activity, so a time-skipping test moves years in seconds and a retried or
 * resumed page judges exactly as the first attempt did. First one query finds which steps have work
 * (`findDueExpirySteps`): a sweep with nothing due ends there, one activity and a dozen history events,
 * since a development stack sweeps every 5 s. Each step reads bounded pages in index order;
 * every page is one idempotent transaction, so a crash anywhere repeats nothing. Last, checkouts whose run
 * never started are closed once their hold has passed (activities/abandoned-checkouts.ts). A sweep of many pages
 * continues as new with its progress, keeping each history small.
 */
export async function expirySweepWorkflow(input: ExpirySweepInput): Promise<ExpirySweepResult> {
  const limit = Math.min(Math.max(Math.trunc(input.pageSize ?? 500), 1), 1000);
  const pagesPerRun = Math.max(Math.trunc(input.pagesPerRun ?? 50), 1);
  const resume = input.resume;
  const asOfMs = resume?.asOfMs ?? Date.now();
  const totals: ExpirySweepTotals = resume?.totals ?? {
    autoRenewed: 0,
    reminded: 0,
    graceStarted: 0,
    expired: 0,
    pages: 0,
  };
  let pagesThisRun = 0;
  const result = () => ({ asOf: new Date(asOfMs).toISOString(), ...totals });

  // Which steps have work: asked once per sweep, at its start; a resumed sweep carries the answer.
  let due = resume?.due;
  if (!resume && patched(PROBE_FIRST_PATCH)) {
    due = await db.findDueExpirySteps({
      asOfMs,
      graceDays: input.graceDays,
      autoRenewDaysBefore: input.autoRenewDaysBefore ?? AUTO_RENEW_DAYS_BEFORE,
    });
    if (due.length === 0) return result();
  }
  const steps = expirySweepSteps
    .slice(resume ? expirySweepSteps.indexOf(resume.step) : 0)
    .filter((step) => !due || due.includes(step));

  for (const step of steps) {
    // Asked only when the step comes up, so a sweep recorded before the patch replays as it ran.
    if (step === 'close-abandoned-checkouts' && !patched(CLOSE_ABANDONED_CHECKOUTS_PATCH)) continue;
    let after = resume?.step === step ? resume.after : null;
    // Without the probe the sweep always ended with the abandoned checkouts, which marks its end itself.
    const endsSweep = due ? step === steps.at(-1) : undefined;
    do {
      if (pagesThisRun >= pagesPerRun || workflowInfo().continueAsNewSuggested) {
        return continueAsNew<typeof expirySweepWorkflow>({
          ...input,
          resume: { asOfMs, step, after, totals, ...(due && { due }) },
        });
      }
      const page = await pageOf[step]({ asOfMs, graceDays: input.graceDays, after, limit, endsSweep }, input);
      pagesThisRun += 1;
      totals.pages += 1;
      totals[counted[step]] = (totals[counted[step]] ?? 0) + page.changed;
      after = page.next;
    } while (after);
  }
  return result();
}
