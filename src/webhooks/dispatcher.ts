import pg from 'pg';
import { endClient } from '../db/end-client.ts';
import { pgClientConfig } from '../config/database-url.ts';
import type { Orm } from '../db/orm.ts';
import { webhookDispatch } from '../db/webhook-dispatch.ts';
import { eventAccounts } from '../domain/webhook-events.ts';
import { dnsChangingEvents, type DnsZoneRuns } from '../dns/sync-runs.ts';
import type { DeliveryRuns } from './delivery-runs.ts';

export interface DispatcherOptions {
  orm: Orm;
  /** A connection of its own for LISTEN (a pooled connection cannot hold a subscription). */
  databaseUrl: string;
  runs: Pick<DeliveryRuns, 'ensure'>;
  /**
   * The namespace zone runs that publish the names of the events that change a name's DNS
   * (docs/dns-and-rdap.md "How records reach PowerDNS"): one signal per namespace and pass.
   */
  dns?: Pick<DnsZoneRuns, 'request'>;
  /** The safety net: look even without a notification this often. */
  pollMs: number;
  /**
   * How long a notification waits before its pass (0: none), so that the events of commits close
   * together leave in one pass: one signal per namespace zone run for all their DNS changes instead of
   * one per event (docs/performance.md "The write path").
   */
  windowMs?: number;
  batch?: number;
  onError?: (err: unknown) => void;
}

const RECONNECT_MS = 1000;

/**
 * Moves events from the outbox to their delivery workflows. Woken by the NOTIFY that each outbox
 * insert sends at its commit (so an event leaves within milliseconds), and by a poll in case a
 * notification was missed (the LISTEN connection dropped, the database restarted). Each pass takes a
 * batch `FOR UPDATE SKIP LOCKED` — several workers share the outbox without waiting on each other —
 * starts one run per event and subscription, records the deliveries owed and marks the events
 * dispatched, all before the transaction commits: if anything fails, the events stay in the outbox and
 * the next pass starts the same runs again, which Temporal refuses as duplicates. Nothing is lost and
 * nothing is sent twice by the dispatcher. Events that change a name's DNS also hand their names to
 * the namespace's zone run, one signal-with-start per namespace in the same transaction: if a signal
 * fails the events stay, and the next pass signals the names again (a repeated name only makes one
 * more idempotent pass).
 */
export function outboxDispatcher(o: DispatcherOptions) {
  const batch = o.batch ?? 100;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let listener: pg.Client | null = null;
  let poll: NodeJS.Timeout | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  let gathering: NodeJS.Timeout | null = null;

  /** One transaction: take a batch, start its runs, mark it dispatched. Returns how many were taken. */
  async function pass(): Promise<number> {
    return o.orm.em.fork().transactional(async (tx) => {
      const outbox = webhookDispatch(tx);
      const events = await outbox.takeUndispatched(batch, eventAccounts);
      const dnsNames = new Set(events.flatMap((e) => (e.domain && dnsChangingEvents.has(e.type) ? [e.domain] : [])));
      await Promise.all([
        ...events.flatMap((e) =>
          e.subscriptionIds.map((subscriptionId) =>
            o.runs.ensure({ subscriptionId, eventId: e.id, eventType: e.type, domain: e.domain }),
          ),
        ),
        ...(o.dns && dnsNames.size ? [o.dns.request(dnsNames)] : []),
      ]);
      await outbox.markDispatched(events);
      return events.length;
    });
  }

  /** Drains the outbox; a wake-up during a drain makes it go round once more. */
  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await pass()) === batch);
        } catch (err) {
          o.onError?.(err); // the events stay; the next wake-up or poll tries again
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** A commit was notified: its pass starts once the window has gathered the commits right after it. */
  function notified(): void {
    const windowMs = o.windowMs ?? 0;
    if (windowMs <= 0) return void wake();
    if (stopped || gathering) return;
    gathering = setTimeout(() => {
      gathering = null;
      void wake();
    }, windowMs);
  }

  async function listen(): Promise<void> {
    if (stopped) return;
    const client = new pg.Client(pgClientConfig(o.databaseUrl));
    const retry = (err?: unknown) => {
      if (err) o.onError?.(err);
      if (listener !== client) return;
      listener = null;
      client.end().catch(() => undefined);
      if (!stopped) reconnect = setTimeout(() => void listen(), RECONNECT_MS);
    };
    listener = client;
    client.on('error', retry);
    client.on('end', () => retry());
    client.on('notification', notified);
    try {
      await client.connect();
      await client.query('LISTEN outbox_event');
      void wake(); // whatever was committed while no one listened
    } catch (err) {
      retry(err);
    }
  }

  return {
    async start(): Promise<void> {
      await listen();
      poll = setInterval(() => void wake(), o.pollMs);
      await wake();
    },
    /** One drain now (tests, and the operator CLI). */
    drain: wake,
    async stop(): Promise<void> {
      stopped = true;
      if (poll) clearInterval(poll);
      if (reconnect) clearTimeout(reconnect);
      if (gathering) clearTimeout(gathering);
      const l = listener;
      listener = null;
      if (l) await endClient(l);
      await running;
    },
  };
}

export type OutboxDispatcher = ReturnType<typeof outboxDispatcher>;
