import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { webhookSubscriptions, type SubscriptionView } from '../db/webhook-subscriptions.ts';
import { AppError } from '../domain/errors.ts';
import { SECRET_ROTATION_WINDOW_MS } from '../domain/webhook-events.ts';
import { checkTarget, type TargetPolicy } from './target.ts';

/** A secret in the Standard Webhooks form (`whsec_` + base64 of 24 random bytes), shown once. */
const generatedSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

const notFound = (id: string) => new AppError('subscription_not_found', `No webhook subscription ${id} of yours.`);

/**
 * Subscriptions of the calling account. The target is checked like every delivery will check it; a
 * secret the caller gives is kept as given, one we generate is returned once and never again.
 */
export function subscriptionService(em: EntityManager, policy: TargetPolicy) {
  const repo = webhookSubscriptions(em);
  return {
    /**
     * A request with an Idempotency-Key brings the key's operation id, which becomes the subscription's
     * id: a retry that took over the key of a request that died in flight gets the subscription that
     * request created (and its generated secret, which nobody has seen yet), never a second one.
     */
    async subscribe(
      accountId: string,
      s: { targetUrl: string; events: string[]; secret: string | undefined },
      operationId?: string | null,
    ): Promise<{ subscription: SubscriptionView; secret: string | null }> {
      const made = operationId ? await repo.withSecret(accountId, operationId) : null;
      if (made) return { subscription: made.subscription, secret: s.secret === undefined ? made.secret : null };
      const target = await checkTarget(s.targetUrl, policy);
      const secret = s.secret ?? generatedSecret();
      const subscription = await repo.create(
        accountId,
        {
          targetUrl: target.url.href,
          events: [...new Set(s.events)],
          secret,
        },
        operationId ?? undefined,
      );
      return { subscription, secret: s.secret === undefined ? secret : null };
    },
    /** Reads cover the accounts the caller speaks for (itself, then the agents it claimed). */
    list: (accountIds: readonly string[]) => repo.list(accountIds),
    async get(accountIds: readonly string[], id: string): Promise<SubscriptionView> {
      const s = await repo.get(accountIds, id);
      if (!s) throw notFound(id);
      return s;
    },
    async remove(accountId: string, id: string): Promise<void> {
      if (!(await repo.remove(accountId, id))) throw notFound(id);
    },
    async rotate(accountId: string, id: string, given: string | undefined) {
      const secret = given ?? generatedSecret();
      const s = await repo.rotate(accountId, id, secret, new Date(Date.now() + SECRET_ROTATION_WINDOW_MS));
      if (!s) throw notFound(id);
      return { subscription: s, secret: given === undefined ? secret : null };
    },
  };
}
