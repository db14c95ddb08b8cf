import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { Gauge, type Registry } from 'prom-client';
import type { Orm } from '../db/orm.ts';
import { dnsZoneStatusQuery, dnsZoneWorkflowId } from '../../workflows/dns-zone-messages.ts';
import { registryStageKey } from '../../workflows/search-attributes.ts';

export interface BacklogDeps {
  orm: Orm;
  temporal: Client;
  taskQueue: string;
  /** How long a paid checkout may sit in `verifying` or `activating` before it counts as stalled. */
  stalledAfterMs: number;
}

/** Work waiting somewhere, read afresh at each scrape. */
interface Backlog {
  webhooksPending: number;
  webhooksOldestAge: number;
  webhooksFailed: number;
  outboxPending: number;
  outboxOldestAge: number;
  dnsPending: number;
  dnsOldestAge: number;
  stalled: Record<StalledStage, number>;
}

const STALLED_STAGES = ['verifying', 'activating'] as const;
type StalledStage = (typeof STALLED_STAGES)[number];

/** One scrape reads everything once, however many gauges ask; a read younger than this is shared. */
const SHARED_READ_MS = 1000;

/**
 * The worker's gauges of work that waits: webhook deliveries and outbox events (PostgreSQL, through
 * partial indexes on exactly these rows), DNS changes (each namespace zone run's `dnsZoneStatus` query)
 * and paid checkouts stalled before their effect (Temporal visibility, by RegistryStage). They are read
 * at scrape time, so they say what is true now whichever worker did the work, and cost nothing between
 * scrapes. A source that cannot be read makes its gauges absent from that scrape (the error is logged),
 * never fails the others: an outage of PostgreSQL must not hide Temporal's numbers, or the reverse.
 */
export function registerBacklogGauges(deps: BacklogDeps, registry: Registry, warn: (message: string) => void) {
  let last: { at: number; read: Promise<Partial<Backlog>> } | null = null;
  const backlog = () => {
    if (!last || performance.now() - last.at > SHARED_READ_MS)
      last = { at: performance.now(), read: readBacklog(deps, warn) };
    return last.read;
  };
  const gauge = (name: string, help: string, pick: (b: Partial<Backlog>) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const value = pick(await backlog());
        if (value === undefined) this.reset();
        else this.set(value);
      },
    });
  gauge(
    'registry_webhook_deliveries_pending',
    'Webhook deliveries owed and not yet delivered.',
    (b) => b.webhooksPending,
  );
  gauge(
    'registry_webhook_oldest_pending_age_seconds',
    'Age of the oldest webhook delivery still pending (0: none).',
    (b) => b.webhooksOldestAge,
  );
  gauge('registry_webhook_deliveries_failed', 'Webhook deliveries that gave up (all time).', (b) => b.webhooksFailed);
  gauge('registry_outbox_events_pending', 'Outbox events not yet dispatched.', (b) => b.outboxPending);
  gauge(
    'registry_outbox_oldest_pending_age_seconds',
    'Age of the oldest outbox event not yet dispatched (0: none).',
    (b) => b.outboxOldestAge,
  );
  gauge('registry_dns_changes_pending', 'Names whose DNS change waits to reach PowerDNS.', (b) => b.dnsPending);
  gauge(
    'registry_dns_oldest_pending_age_seconds',
    'How long the name that has waited longest for PowerDNS has waited (0: none).',
    (b) => b.dnsOldestAge,
  );
  new Gauge({
    name: 'registry_checkout_runs_stalled',
    help: 'Running checkout runs in verifying or activating for longer than STALLED_RUN_SECONDS, by stage.',
    labelNames: ['stage'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { stalled } = await backlog();
      if (stalled) for (const stage of STALLED_STAGES) this.set({ stage }, stalled[stage]);
    },
  });
}

async function readBacklog(deps: BacklogDeps, warn: (message: string) => void): Promise<Partial<Backlog>> {
  const reads = await Promise.allSettled([readDatabase(deps.orm), readDnsZones(deps), readStalled(deps)]);
  const out: Partial<Backlog> = {};
  for (const r of reads) {
    if (r.status === 'fulfilled') Object.assign(out, r.value);
    else warn(`metrics: a backlog gauge could not be read: ${(r.reason as Error)?.message ?? String(r.reason)}`);
  }
  return out;
}

async function readDatabase(orm: Orm): Promise<Partial<Backlog>> {
  const [row] = await orm.em.fork().execute<Record<string, string | number | null>[]>(
    `select
       (select count(*) from webhook_delivery where status = 'pending') as webhooks_pending,
       (select extract(epoch from now() - min(created_at)) from webhook_delivery where status = 'pending') as webhooks_age,
       (select count(*) from webhook_delivery where status = 'failed') as webhooks_failed,
       (select count(*) from outbox_event where dispatched_at is null) as outbox_pending,
       (select extract(epoch from now() - min(created_at)) from outbox_event where dispatched_at is null) as outbox_age`,
  );
  const n = (v: string | number | null | undefined) => Math.max(0, Number(v ?? 0));
  return {
    webhooksPending: n(row?.webhooks_pending),
    webhooksOldestAge: n(row?.webhooks_age),
    webhooksFailed: n(row?.webhooks_failed),
    outboxPending: n(row?.outbox_pending),
    outboxOldestAge: n(row?.outbox_age),
  };
}

/** Every namespace's zone run, asked where it stands; a namespace whose run has not started waits for nothing. */
async function readDnsZones({ orm, temporal, taskQueue }: BacklogDeps): Promise<Partial<Backlog>> {
  const namespaces = await orm.em.fork().execute<{ name: string }[]>('select name from namespace');
  const statuses = await Promise.all(
    namespaces.map(({ name }) =>
      temporal.workflow
        .getHandle(dnsZoneWorkflowId(taskQueue, name))
        .query(dnsZoneStatusQuery)
        .catch((err: unknown) => {
          if (err instanceof WorkflowNotFoundError) return null;
          throw err;
        }),
    ),
  );
  let dnsPending = 0;
  let oldest = Infinity;
  for (const s of statuses) {
    if (!s) continue;
    dnsPending += s.pending + s.publishing;
    // A run started before the status carried its oldest time reports none: its names count, not their age.
    if (s.waitingSince) oldest = Math.min(oldest, Date.parse(s.waitingSince));
  }
  return { dnsPending, dnsOldestAge: oldest === Infinity ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
}

/** Counted by Temporal visibility: what an operator's query in the Temporal UI would list. */
async function readStalled({ temporal, stalledAfterMs }: BacklogDeps): Promise<Partial<Backlog>> {
  const before = new Date(Date.now() - stalledAfterMs).toISOString();
  const counts = await Promise.all(
    STALLED_STAGES.map(
      async (stage) =>
        (
          await temporal.workflow.count(
            `ExecutionStatus = "Running" AND ${registryStageKey.name} = "${stage}" AND StartTime < "${before}"`,
          )
        ).count,
    ),
  );
  return { stalled: { verifying: counts[0] ?? 0, activating: counts[1] ?? 0 } };
}
