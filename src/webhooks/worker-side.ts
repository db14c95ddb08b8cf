import type { Client } from '@temporalio/client';
import type { Config } from '../config/env.ts';
import type { Orm } from '../db/orm.ts';
import { dnsZoneRuns } from '../dns/sync-runs.ts';
import { deliveryRuns } from './delivery-runs.ts';
import { outboxDispatcher, type OutboxDispatcher } from './dispatcher.ts';

/** What the delivery activity takes from the configuration. */
export const webhookActivitySettings = (config: Config) => ({
  allowInsecureLocal: config.WEBHOOK_ALLOW_INSECURE_LOCAL,
  disableAfterMs: config.WEBHOOK_DISABLE_AFTER_HOURS * 3600_000,
});

/** The outbox dispatcher as a worker process runs it (started; stop it before the worker). */
export async function startOutboxDispatcher(parts: {
  config: Config;
  orm: Orm;
  client: Client;
  databaseUrl: string;
  onError?: (err: unknown) => void;
}): Promise<OutboxDispatcher> {
  const { config } = parts;
  const dispatcher = outboxDispatcher({
    orm: parts.orm,
    databaseUrl: parts.databaseUrl,
    runs: deliveryRuns({
      client: parts.client,
      taskQueue: config.TEMPORAL_TASK_QUEUE,
      scheduleMs: config.webhookRetryScheduleMs,
    }),
    dns: dnsZoneRuns({ client: parts.client, taskQueue: config.TEMPORAL_TASK_QUEUE }),
    pollMs: config.WEBHOOK_DISPATCH_POLL_SECONDS * 1000,
    windowMs: config.OUTBOX_DISPATCH_WINDOW_MS,
    ...(parts.onError ? { onError: parts.onError } : {}),
  });
  await dispatcher.start();
  return dispatcher;
}
