import { Context } from '@temporalio/activity';
import { autoRenewals } from '../src/db/auto-renewals.ts';
import { expiryRepository, type PageRequest } from '../src/db/expiry-repository.ts';
import type { ReminderDays } from '../src/domain/expiry.ts';
import { expiryDue } from '../src/db/expiry-due.ts';
import type {
  ExpiryPageInput,
  ExpiryPageResult,
  ExpiryProbeInput,
  ExpirySweepStep,
} from '../workflows/expiry-messages.ts';
import { abandonedCheckouts } from './abandoned-checkouts.ts';
import type { ActivityDeps } from './deps.ts';
import { expirySweepLastRun, expirySweepRows } from '../src/metrics/expiry.ts';

// A domain step's cursor carries the domain's numeric id.
const pageRequest = (p: ExpiryPageInput): PageRequest => ({
  asOf: new Date(p.asOfMs),
  graceDays: p.graceDays,
  after: p.after && { expiry: p.after.expiry, id: Number(p.after.id) },
  limit: p.limit,
});

/**
 * A page's moves counted under its transition (a retried page moves, and counts, nothing again); the
 * last page of the sweep's last step marks the sweep finished.
 */
async function counted(
  transition: string,
  p: Pick<ExpiryPageInput, 'endsSweep'>,
  page: Promise<ExpiryPageResult>,
): Promise<ExpiryPageResult> {
  const result = await page;
  if (result.changed > 0) expirySweepRows.inc({ transition }, result.changed);
  if (p.endsSweep && !result.next) expirySweepLastRun.setToCurrentTime();
  return result;
}

// The expiry sweep's pages. Each judges by the workflow's cut-off time (`asOfMs`), never by this
// process's clock, and is one idempotent transaction (src/db/expiry-repository.ts), so Temporal may
// retry it freely.
export function createExpiryActivities({ orm, temporal, gemUsdRate = '0.01' }: ActivityDeps) {
  const repo = () => expiryRepository(orm.em.fork());
  // Temporal is asked only when a page holds a checkout to judge; without a client of its own the
  // activity uses its worker's.
  const abandoned = abandonedCheckouts({ orm, temporal: () => temporal ?? Context.current().client });
  return {
    /**
     * The sweep's first step: which steps have work at its cut-off time, in one query
     * (src/db/expiry-due.ts). Nothing due ends the sweep here, which the last-run gauge shows.
     */
    async findDueExpirySteps(p: ExpiryProbeInput): Promise<ExpirySweepStep[]> {
      const due = await expiryDue(orm.em.fork(), {
        asOf: new Date(p.asOfMs),
        graceDays: p.graceDays,
        leadDays: p.autoRenewDaysBefore,
      });
      const steps: Record<ExpirySweepStep, boolean> = {
        'auto-renew': due.autoRenew,
        'remind-30': due.remind[30],
        'remind-7': due.remind[7],
        'remind-1': due.remind[1],
        'start-grace': due.startGrace,
        expire: due.expire,
        'close-abandoned-checkouts': due.abandonedCheckouts,
      };
      const found = (Object.keys(steps) as ExpirySweepStep[]).filter((s) => steps[s]);
      if (found.length === 0) expirySweepLastRun.setToCurrentTime();
      return found;
    },
    /**
     * Auto-renew from the prepaid balance: renews (or announces `domain.renewal_failed` for) the
     * auto-renew domains due within `leadDays`, each once per term.
     */
    async autoRenewDomains(p: ExpiryPageInput & { leadDays: number }): Promise<ExpiryPageResult> {
      return counted(
        'renewed',
        p,
        autoRenewals(orm.em.fork(), gemUsdRate).renewDue({ ...pageRequest(p), leadDays: p.leadDays }),
      );
    },
    /** `domain.expiring` for the domains `days` before their expiry, once per term. */
    async remindExpiringDomains(p: ExpiryPageInput & { days: ReminderDays }): Promise<ExpiryPageResult> {
      return counted('reminded', p, repo().remind(p.days, pageRequest(p)));
    },
    /** active → grace once the expiry date has passed; `domain.grace_started`. */
    async startGracePeriods(p: ExpiryPageInput): Promise<ExpiryPageResult> {
      return counted('grace_started', p, repo().startGrace(pageRequest(p)));
    },
    /** grace → expired once the grace period has passed: the name returns to the pool; `domain.expired`. */
    async expireDomains(p: ExpiryPageInput): Promise<ExpiryPageResult> {
      return counted('expired', p, repo().expire(pageRequest(p)));
    },
    /**
     * Closes as `expired_unpaid` the checkouts whose hold has passed with no outcome and no run of theirs
     * open in Temporal (an API that died between recording a checkout and starting its run). Its last
     * page is the end of the sweep, which the `registry_expiry_sweep_last_run_timestamp_seconds` gauge shows.
     */
    async closeAbandonedCheckouts(p: ExpiryPageInput): Promise<ExpiryPageResult> {
      // Always the last step when it runs (sweeps begun before the probe ran it every time).
      return counted('abandoned', { endsSweep: true }, abandoned.closePage(p));
    },
  };
}

export type ExpiryActivities = ReturnType<typeof createExpiryActivities>;
