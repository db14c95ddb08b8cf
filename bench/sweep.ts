import pg from 'pg';
import { createExpiryActivities } from '../activities/expiry.ts';
import { configSchema } from '../src/config/schema.ts';
import { initORM } from '../src/db/orm.ts';
import { DAY_MS } from '../src/domain/time.ts';
import { expirySweepSteps, type ExpirySweepCursor, type ExpirySweepStep } from '../workflows/expiry-messages.ts';

// The expiry sweep at scale (issue 14): with 1% of the registry due, the sweep must touch only the due
// rows (every step's page query a range of the (status, expiry_date, id) index, never a scan of domain)
// and finish within one sweep interval. The plans come from EXPLAIN (ANALYZE, BUFFERS) of each step's
// first page (and of a later start-grace page), taken before the sweep runs so they show the due rows; the time from running the sweep's
// own activity code, every step and every page in the workflow's order (Temporal's dispatch between
// pages is not included: a few ms per page).

const PAGE = 500; // the workflow's default page size
const AUTO_RENEW_DAYS_BEFORE = 3; // the workflow's default

const COLUMNS = 'id, name, owner_id, expiry_date, expiry_date::text as cursor';

interface PageQuery {
  step: ExpirySweepStep;
  /** The first page of the step, or one resumed after a cursor. */
  page?: 'first' | 'next';
  sql: string;
  params: unknown[];
}

/**
 * Each step's first page, as src/db/expiry-repository.ts (duePage, remind) and src/db/auto-renewals.ts
 * (renewDue) write it: keep in step with them. The sweep run below runs the real code, and its counts
 * are checked against what was marked due.
 */
function pageQueries(asOf: Date, graceDays: number, cursor: ExpirySweepCursor): PageQuery[] {
  const at = (days: number) => new Date(asOf.getTime() + days * DAY_MS);
  const remind = (days: number, next: number) => ({
    step: `remind-${days}` as ExpirySweepStep,
    sql: `select ${COLUMNS} from domain where status = 'active' and expiry_date > $1 and expiry_date <= $2
          and expiry_date >= coalesce((select max(term_expiry) from domain_reminder where days_before = $3), '-infinity')
          order by expiry_date, id limit $4`,
    params: [at(next), at(days), days, PAGE],
  });
  return [
    {
      step: 'auto-renew',
      sql: `select d.id, d.name, d.owner_id, d.expiry_date, d.expiry_date::text as cursor, d.auto_renew_max_gems as max_gems,
                   case when a.kind = 'human' then n.human_price_per_year else n.agent_price_per_year end as price
            from domain d join account a on a.id = d.owner_id join namespace n on n.name = d.namespace_name
            where d.status = 'active' and d.expiry_date <= $1 and d.auto_renew_max_gems is not null
            order by d.expiry_date, d.id limit $2`,
      params: [at(AUTO_RENEW_DAYS_BEFORE), PAGE],
    },
    remind(30, 7),
    remind(7, 1),
    remind(1, 0),
    {
      step: 'start-grace',
      sql: `select ${COLUMNS} from domain where status = $1 and expiry_date <= $2 order by expiry_date, id limit $3`,
      params: ['active', asOf, PAGE],
    },
    {
      // A later page resumes after a cursor: the row comparison must bound the index range too, or each
      // page would read every due row before it again.
      step: 'start-grace',
      page: 'next',
      sql: `select ${COLUMNS} from domain where status = $1 and expiry_date <= $2
            and (expiry_date, id) > ($4::timestamptz, $5) order by expiry_date, id limit $3`,
      params: ['active', asOf, PAGE, cursor.expiry, cursor.id],
    },
    {
      step: 'expire',
      sql: `select ${COLUMNS} from domain where status = $1 and expiry_date <= $2 order by expiry_date, id limit $3`,
      params: ['grace', at(-graceDays), PAGE],
    },
  ];
}

export interface StepPlan {
  step: ExpirySweepStep;
  page: 'first' | 'next';
  plan: string;
  seq_scan_on_domain: boolean;
  execution_ms: number;
  /** Rows the plan's top node returned, and the pages it touched (shared hit + read). */
  rows: number;
  buffers: number;
}

export interface SweepResult {
  domains: number;
  marked_due: number;
  plans: StepPlan[];
  steps: { step: ExpirySweepStep; changed: number; pages: number; ms: number }[];
  grace_started: number;
  sweep_ms: number;
  interval_s: number;
}

/** 1% of the active names (every hundredth id) expired within the last day: due for start-grace. */
async function markDue(client: pg.Client): Promise<number> {
  const res = await client.query(
    `update domain set expiry_date = now() - interval '1 hour' - (id % 1000) * interval '1 minute'
     where status = 'active' and id % 100 = 0`,
  );
  await client.query('analyze domain');
  return res.rowCount ?? 0;
}

/** Where start-grace's second page starts: after the last row of its first page. */
async function secondPageCursor(client: pg.Client, asOf: Date): Promise<ExpirySweepCursor> {
  const res = await client.query<{ expiry: string; id: number }>(
    `select expiry_date::text as expiry, id from domain where status = 'active' and expiry_date <= $1
     order by expiry_date, id offset $2 limit 1`,
    [asOf, PAGE - 1],
  );
  return res.rows[0] ?? { expiry: asOf.toISOString(), id: 0 };
}

async function explain(client: pg.Client, q: PageQuery): Promise<StepPlan> {
  const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params);
  const plan = res.rows.map((r) => r['QUERY PLAN']).join('\n');
  const time = /Execution Time: ([\d.]+) ms/.exec(plan);
  const rows = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+)/.exec(plan);
  const hit = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(plan);
  return {
    step: q.step,
    page: q.page ?? 'first',
    plan,
    seq_scan_on_domain: /Seq Scan on domain\b/.test(plan),
    execution_ms: time ? Number(time[1]) : NaN,
    rows: rows ? Number(rows[1]) : NaN,
    buffers: Number(hit?.[1] ?? 0) + Number(hit?.[2] ?? 0),
  };
}

/** Every step of one sweep, page after page, as expirySweepWorkflow runs them. */
async function runSweep(databaseUrl: string, asOf: Date, graceDays: number) {
  const orm = await initORM({ databaseUrl, poolMax: 4 });
  try {
    const a = createExpiryActivities({ orm, catalogPath: 'catalog/namespaces.json' });
    const pageOf: Record<ExpirySweepStep, typeof a.startGracePeriods> = {
      'auto-renew': (p) => a.autoRenewDomains({ ...p, leadDays: AUTO_RENEW_DAYS_BEFORE }),
      'remind-30': (p) => a.remindExpiringDomains({ ...p, days: 30 }),
      'remind-7': (p) => a.remindExpiringDomains({ ...p, days: 7 }),
      'remind-1': (p) => a.remindExpiringDomains({ ...p, days: 1 }),
      'start-grace': (p) => a.startGracePeriods(p),
      expire: (p) => a.expireDomains(p),
      'close-abandoned-checkouts': (p) => a.closeAbandonedCheckouts(p),
    };
    const steps: SweepResult['steps'] = [];
    for (const step of expirySweepSteps) {
      const started = performance.now();
      let changed = 0;
      let pages = 0;
      let after: ExpirySweepCursor | null = null;
      do {
        const page = await pageOf[step]({ asOfMs: asOf.getTime(), graceDays, after, limit: PAGE });
        changed += page.changed;
        pages += 1;
        after = page.next;
      } while (after);
      steps.push({ step, changed, pages, ms: performance.now() - started });
    }
    return steps;
  } finally {
    await orm.close();
  }
}

export async function sweepCheck(databaseUrl: string): Promise<SweepResult> {
  const graceDays = configSchema.shape.GRACE_PERIOD_DAYS.parse(process.env.GRACE_PERIOD_DAYS);
  const intervalS = configSchema.shape.EXPIRY_SWEEP_SECONDS.parse(process.env.EXPIRY_SWEEP_SECONDS);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const domains = Number((await client.query<{ n: string }>('select count(*) as n from domain')).rows[0]?.n);
    const markedDue = await markDue(client);
    const asOf = new Date();
    const plans: StepPlan[] = [];
    for (const q of pageQueries(asOf, graceDays, await secondPageCursor(client, asOf)))
      plans.push(await explain(client, q));
    const steps = await runSweep(databaseUrl, asOf, graceDays);
    return {
      domains,
      marked_due: markedDue,
      plans,
      steps,
      grace_started: steps.find((s) => s.step === 'start-grace')?.changed ?? 0,
      sweep_ms: steps.reduce((a, s) => a + s.ms, 0),
      interval_s: intervalS,
    };
  } finally {
    await client.end();
  }
}
