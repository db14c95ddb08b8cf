import type { z } from 'zod';
import type { activityResponse } from '../../api/routes/domains/activity.schemas.ts';
import type { approvalListResponse } from '../../api/routes/approvals.schemas.ts';
import type { autoRenewResponse } from '../../api/routes/domain/auto-renew.schemas.ts';
import type { openCheckoutsResponse } from '../../api/routes/checkout/checkouts.schemas.ts';
import type { lookupResponse } from '../../api/schemas/discovery.ts';
import type { recordsGetResponse } from '../../api/routes/domain/dns.schemas.ts';
import type { claimedAgentsResponse, listKeysResponse } from '../../api/routes/agents/agents.schemas.ts';
import type { ownListingsResponse, ownSalesResponse } from '../../api/routes/domains/listings.schemas.ts';
import type { managedDomainResponse, managedListResponse } from '../../api/routes/domains/managed.schemas.ts';
import type { mandateHistoryResponse, mandateResponse } from '../../api/routes/agents/mandate.schemas.ts';
import type { offersResponse } from '../../api/routes/domains/offers.schemas.ts';
import type {
  deliveriesResponse,
  subscriptionListResponse,
  webhookEventsResponse,
} from '../../api/routes/webhooks/webhooks.schemas.ts';

// What the pages show is what the API answers: each type here is read from the operation's own response
// schema (as a client receives it), never written again by hand, so a page cannot drift from its operation.

/** What a client receives for a schema. */
type Answer<S extends z.ZodType> = z.input<S>;
/** An item of a paged list (`data`). */
type Item<S extends z.ZodType> = Answer<S> extends { data: readonly (infer R)[] } ? R : never;

export type ActivityRow = Item<typeof activityResponse>;
export type AgentRow = Item<typeof claimedAgentsResponse>;
export type KeyRow = Item<typeof listKeysResponse>;
export type ApprovalRow = Item<typeof approvalListResponse>;
export type DomainRow = Item<typeof managedListResponse>;
export type CheckoutRow = Item<typeof openCheckoutsResponse>;
export type ListingRow = Item<typeof ownListingsResponse>;
export type OfferRow = Item<typeof offersResponse>;
export type SaleRow = Item<typeof ownSalesResponse>;
export type MandateView = Answer<typeof mandateResponse>['mandate'];
export type MandateChange = Item<typeof mandateHistoryResponse>;
export type SubscriptionRow = Answer<typeof subscriptionListResponse>['subscriptions'][number];
export type EventRow = Item<typeof webhookEventsResponse>;
export type AttemptRow = Answer<typeof deliveriesResponse>['attempts'][number];
export type PublicRecord = Answer<typeof lookupResponse>;
export type DnsState = Answer<typeof recordsGetResponse>;
export type ManagedDomain = Answer<typeof managedDomainResponse>['domain'];
export type AutoRenew = Answer<typeof autoRenewResponse>['auto_renew'];
