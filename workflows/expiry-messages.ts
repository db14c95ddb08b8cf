// The expiry sweep's contract with its schedule, its activities and the worker; plain data only.
// docs/registration.md "Expiry" says what each step does and why it scales.

/**
 * The steps of one sweep, in order: auto-renewals (so a renewed name is not reminded of a term it no
 * longer has), reminders (farthest mark first), then active → grace, then grace → expired; last, the
 * unpaid checkouts whose run never started (recorded by an API that died before starting it) are closed
 * once their hold has passed (`close-abandoned-checkouts`, behind a patch: runs recorded before it skip it).
 */
export const expirySweepSteps = [
  'auto-renew',
  'remind-30',
  'remind-7',
  'remind-1',
  'start-grace',
  'expire',
  'close-abandoned-checkouts',
] as const;
export type ExpirySweepStep = (typeof expirySweepSteps)[number];

/**
 * The patch that made a sweep ask first which steps have work (one query) and run only those: an idle
 * sweep is that one activity (issue 38 item 22). Sweeps recorded before it ran every step, and replay
 * keeps them so; a run continued as new carries the probe's answer in its progress.
 */
export const PROBE_FIRST_PATCH = 'expiry-sweep-probe-first';

/**
 * Where a step's next page starts: the last (expiry_date, id) seen, the date as PostgreSQL's text; for the
 * checkout step the last (expires_at, session id).
 */
export interface ExpirySweepCursor {
  expiry: string;
  id: number | string;
}

export interface ExpirySweepTotals {
  /** Auto-renewals made or refused (`domain.renewed` / `domain.renewal_failed`). */
  autoRenewed: number;
  /** `domain.expiring` events written. */
  reminded: number;
  /** Domains moved from active to grace (`domain.grace_started`). */
  graceStarted: number;
  /** Domains whose grace ended and whose names returned to the pool (`domain.expired`). */
  expired: number;
  /** Unpaid checkouts without a run closed as expired_unpaid (absent in sweeps recorded before the step). */
  checkoutsClosed?: number;
  pages: number;
}

/** Where a sweep stands; handed to the next run when a long sweep continues as new. */
export interface ExpirySweepProgress {
  /** The sweep's one cut-off time, taken from the workflow clock when the sweep began. */
  asOfMs: number;
  step: ExpirySweepStep;
  after: ExpirySweepCursor | null;
  totals: ExpirySweepTotals;
  /** The steps the sweep's probe found work for (absent in sweeps begun before the probe: every step). */
  due?: ExpirySweepStep[];
}

export interface ExpirySweepInput {
  graceDays: number;
  /** How many days before expiry an auto-renew domain is renewed; default 3. */
  autoRenewDaysBefore?: number;
  /** Rows read per page (one activity, one transaction); default 500, at most 1000. */
  pageSize?: number;
  /** Pages per run before the sweep continues as new, so a history stays small; default 50. */
  pagesPerRun?: number;
  /** Set only by continue-as-new. */
  resume?: ExpirySweepProgress;
}

export interface ExpirySweepResult extends ExpirySweepTotals {
  asOf: string;
}

/** What every page activity receives: the workflow's cut-off time, never the activity's own clock. */
export interface ExpiryPageInput {
  asOfMs: number;
  graceDays: number;
  after: ExpirySweepCursor | null;
  limit: number;
  /** This step is the sweep's last: its last page marks the sweep finished (the last-run gauge). */
  endsSweep?: boolean;
}

/** What the probe at the start of a sweep is asked: which steps have work at the sweep's cut-off time. */
export interface ExpiryProbeInput {
  asOfMs: number;
  graceDays: number;
  autoRenewDaysBefore: number;
}

export interface ExpiryPageResult {
  /** Domains changed by this page (one event each), or checkouts closed. */
  changed: number;
  next: ExpirySweepCursor | null;
}

/**
 * The schedule (and the id prefix of its runs: Temporal appends the scheduled time) of one deployment,
 * named after its task queue so deployments and test stacks sharing a namespace never sweep each other.
 */
export const expirySweepScheduleId = (taskQueue: string) => `expiry-sweep:${taskQueue}`;
