import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookDeliveries, type AttemptLogLine, type DeliveryLine } from '../db/webhook-deliveries.ts';
import { webhookSubscriptions } from '../db/webhook-subscriptions.ts';
import { AppError } from '../domain/errors.ts';
import { PING_EVENT } from '../domain/webhook-events.ts';
import type { DeliveryRuns } from './delivery-runs.ts';

/** How long a ping waits for its one attempt (10 s of HTTP and the workflow around it). */
const PING_WAIT_MS = 15_000;

/**
 * When the next attempt of a delivery is due by the retry schedule (`scheduleMs[i]`: the wait before
 * attempt i+1): only while it is pending and its run has attempts left; null otherwise. A pending
 * delivery not yet tried is due at once (its creation). An estimate from the log: the run itself holds
 * the timer, and a redelivery cuts the wait short.
 */
export function nextAttemptAt(d: DeliveryLine, scheduleMs: readonly number[]): Date | null {
  if (d.status !== 'pending') return null;
  if (!d.lastAttempt) return new Date(d.createdAt.getTime() + (scheduleMs[0] ?? 0));
  const wait = scheduleMs[d.lastAttempt.attempt];
  return wait === undefined ? null : new Date(d.lastAttempt.at.getTime() + wait);
}

const notFound = (id: string) => new AppError('subscription_not_found', `No webhook subscription ${id} of yours.`);

/**
 * What a subscription's owner can see and do about deliveries: the attempt log, redelivery of an
 * event the subscription was owed (never one it was not: that would leak another account's events),
 * a ping, and enabling a disabled subscription again.
 */
export function deliveryService(em: EntityManager, runs: DeliveryRuns | null) {
  const subs = webhookSubscriptions(em);
  const deliveries = webhookDeliveries(em);
  // Reading the log covers the agents the caller claimed; acting on a subscription is its owner's.
  const own = async (accountIds: readonly string[], id: string) => {
    const s = await subs.get(accountIds, id);
    if (!s) throw notFound(id);
    return s;
  };
  const temporal = () => {
    if (!runs) throw new AppError('webhooks_unavailable', 'Webhook delivery is not running on this server.');
    return runs;
  };

  return {
    async log(
      accountIds: readonly string[],
      id: string,
      page: { limit: number; before: string | null },
    ): Promise<{ attempts: AttemptLogLine[]; next: string | null }> {
      await own(accountIds, id);
      const attempts = await deliveries.log(id, page);
      return { attempts, next: attempts.length === page.limit ? (attempts.at(-1)?.id ?? null) : null };
    },

    /** The events owed to a subscription (the caller's or a claimed agent's), one page, newest first. */
    async deliveries(
      accountIds: readonly string[],
      id: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: DeliveryLine[]; total: number }> {
      await own(accountIds, id);
      return deliveries.deliveries(id, page);
    },

    async redeliver(accountId: string, id: string, eventId: string): Promise<'retrying_now' | 'restarted'> {
      const s = await own([accountId], id);
      if (s.status !== 'active')
        throw new AppError(
          'subscription_disabled',
          `The subscription is disabled (${s.disabledReason}); enable it first.`,
        );
      const d = await deliveries.delivery(id, eventId);
      if (!d) throw new AppError('delivery_not_found', `The subscription was never sent event ${eventId}.`);
      await deliveries.reopen(id, eventId);
      return temporal().redeliver({ subscriptionId: id, eventId, eventType: d.eventType, domain: d.domain });
    },

    async ping(accountId: string, id: string) {
      const s = await own([accountId], id);
      if (s.status !== 'active')
        throw new AppError(
          'subscription_disabled',
          `The subscription is disabled (${s.disabledReason}); enable it first.`,
        );
      const r = temporal();
      const { eventId } = await deliveries.createPing(id);
      const result = await r.once({ subscriptionId: id, eventId, eventType: PING_EVENT, domain: null }, PING_WAIT_MS);
      const [attempt] = await deliveries.log(id, { limit: 1, before: null });
      return { eventId, result, attempt: attempt?.eventId === eventId ? attempt : null };
    },

    async enable(accountId: string, id: string) {
      const s = await subs.enable(accountId, id);
      if (!s) throw notFound(id);
      return s;
    },
  };
}
