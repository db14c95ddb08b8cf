import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Account, WebhookSubscription } from './entities/index.ts';

/** A subscription as its owner sees it: never the secret. */
export interface SubscriptionView {
  id: string;
  targetUrl: string;
  events: string[];
  status: 'active' | 'disabled';
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
}

const view = (s: WebhookSubscription): SubscriptionView => ({
  id: s.id,
  targetUrl: s.targetUrl,
  events: s.events,
  status: s.status === 'disabled' ? 'disabled' : 'active',
  disabledReason: s.disabledReason ?? null,
  previousSecretExpiresAt: s.previousSecretExpiresAt ?? null,
  createdAt: s.createdAt,
});

/**
 * An account's webhook subscriptions; every write is scoped to the owning account, every read to the
 * accounts the caller speaks for (itself and the agents it claimed: spec 5 rule 1, management).
 */
export function webhookSubscriptions(em: EntityManager) {
  const own = (accountId: string, id: string) => em.findOne(WebhookSubscription, { id, account: accountId });
  return {
    async create(
      accountId: string,
      s: { targetUrl: string; events: string[]; secret: string },
      id: string = randomUUID(),
    ): Promise<SubscriptionView> {
      const row = em.create(WebhookSubscription, {
        id,
        account: em.getReference(Account, accountId),
        targetUrl: s.targetUrl,
        events: s.events,
        secret: s.secret,
        previousSecret: null,
        previousSecretExpiresAt: null,
        status: 'active',
        disabledReason: null,
      });
      await em.flush();
      return view(row);
    },
    async list(accountIds: readonly string[]): Promise<SubscriptionView[]> {
      const rows = await em.find(
        WebhookSubscription,
        { account: { $in: [...accountIds] } },
        { orderBy: { createdAt: 'asc', id: 'asc' } },
      );
      return rows.map(view);
    },
    /** A subscription with its secret: for a retry that continues the request which created it. */
    async withSecret(
      accountId: string,
      id: string,
    ): Promise<{ subscription: SubscriptionView; secret: string } | null> {
      const s = await own(accountId, id);
      return s && { subscription: view(s), secret: s.secret };
    },
    async get(accountIds: readonly string[], id: string): Promise<SubscriptionView | null> {
      const s = await em.findOne(WebhookSubscription, { id, account: { $in: [...accountIds] } });
      return s && view(s);
    },
    async remove(accountId: string, id: string): Promise<boolean> {
      return (await em.nativeDelete(WebhookSubscription, { id, account: accountId })) > 0;
    },
    /** A disabled subscription is active again, its failure mark cleared; deliveries resume from new events. */
    async enable(accountId: string, id: string): Promise<SubscriptionView | null> {
      const s = await own(accountId, id);
      if (!s) return null;
      s.status = 'active';
      s.disabledReason = null;
      s.failingSince = null;
      await em.flush();
      return view(s);
    },
    /** The new secret becomes current; the old one stays valid until `previousUntil`. */
    async rotate(accountId: string, id: string, secret: string, previousUntil: Date): Promise<SubscriptionView | null> {
      const s = await own(accountId, id);
      if (!s) return null;
      s.previousSecret = s.secret;
      s.previousSecretExpiresAt = previousUntil;
      s.secret = secret;
      await em.flush();
      return view(s);
    },
  };
}
