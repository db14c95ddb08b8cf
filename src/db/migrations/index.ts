import type { Migration } from '@mikro-orm/migrations';
import type { Constructor } from '@mikro-orm/core';
import { InitialSchema } from './0001-initial-schema.ts';
import { IdentityAndCredentials } from './0002-identity-and-credentials.ts';
import { OrdersAndLedger } from './0003-orders-and-ledger.ts';
import { CheckoutSessions } from './0004-checkout-sessions.ts';
import { Expiry } from './0005-expiry.ts';
import { RenewalCheckouts } from './0006-renewal-checkouts.ts';
import { WebhookSubscriptions } from './0007-webhook-subscriptions.ts';
import { WebhookDelivery } from './0008-webhook-delivery.ts';
import { ProfileEditing } from './0009-profile-editing.ts';
import { UsdcRoute } from './0010-usdc-route.ts';
import { Market } from './0011-market.ts';
import { Dns } from './0012-dns.ts';
import { PublicChangeNotifications } from './0013-public-change-notifications.ts';
import { KeyChangeNotifications } from './0014-key-change-notifications.ts';
import { IdempotencyKeys } from './0015-idempotency-keys.ts';
import { OfferDecisionOperation } from './0016-offer-decision-operation.ts';
import { IdempotencyKeyHolder } from './0017-idempotency-key-holder.ts';
import { AbandonedCheckouts } from './0018-abandoned-checkouts.ts';
import { SpendMandates } from './0019-spend-mandates.ts';
import { MandateApprovals } from './0020-mandate-approvals.ts';
import { MandateChangeNotifications } from './0021-mandate-change-notifications.ts';
import { BacklogIndexes } from './0022-backlog-indexes.ts';
import { OnchainIdentity } from './0023-onchain-identity.ts';
import { RegistrarLock } from './0024-registrar-lock.ts';
import { AuditEvents } from './0025-audit-events.ts';
import { Teams } from './0026-teams.ts';

// Listed explicitly (not discovered from disk) so the same list works under node, jest and a bundle.
// Append only: a migration that has shipped is never edited.
export const migrationsList: { name: string; class: Constructor<Migration> }[] = [
  { name: '0001-initial-schema', class: InitialSchema },
  { name: '0002-identity-and-credentials', class: IdentityAndCredentials },
  { name: '0003-orders-and-ledger', class: OrdersAndLedger },
  { name: '0004-checkout-sessions', class: CheckoutSessions },
  { name: '0005-expiry', class: Expiry },
  { name: '0006-renewal-checkouts', class: RenewalCheckouts },
  { name: '0007-webhook-subscriptions', class: WebhookSubscriptions },
  { name: '0008-webhook-delivery', class: WebhookDelivery },
  { name: '0009-profile-editing', class: ProfileEditing },
  { name: '0010-usdc-route', class: UsdcRoute },
  { name: '0011-market', class: Market },
  { name: '0012-dns', class: Dns },
  { name: '0013-public-change-notifications', class: PublicChangeNotifications },
  { name: '0014-key-change-notifications', class: KeyChangeNotifications },
  { name: '0015-idempotency-keys', class: IdempotencyKeys },
  { name: '0016-offer-decision-operation', class: OfferDecisionOperation },
  { name: '0017-idempotency-key-holder', class: IdempotencyKeyHolder },
  { name: '0018-abandoned-checkouts', class: AbandonedCheckouts },
  { name: '0019-spend-mandates', class: SpendMandates },
  { name: '0020-mandate-approvals', class: MandateApprovals },
  { name: '0021-mandate-change-notifications', class: MandateChangeNotifications },
  { name: '0022-backlog-indexes', class: BacklogIndexes },
  { name: '0023-onchain-identity', class: OnchainIdentity },
  { name: '0024-registrar-lock', class: RegistrarLock },
  { name: '0025-audit-events', class: AuditEvents },
  { name: '0026-teams', class: Teams },
];
