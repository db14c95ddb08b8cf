import { z } from 'zod';
import { mandateOperations } from './mandates.ts';

// The events a webhook subscription may ask for: spec 6's and ours (docs/webhooks.md "Webhooks").
export const webhookEventTypes = [
  'domain.registered',
  'domain.renewed',
  'domain.expired',
  'profile.updated',
  'domain.transferred',
  'domain.expiring',
  'domain.grace_started',
  'domain.renewal_failed',
  'domain.sold',
  'mandate.approval_requested',
  'mandate.approval_decided',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The test event a subscription's owner asks for (docs/webhooks.md "Routes"); sent to that one only. */
export const PING_EVENT = 'webhook.ping';

/** A provided secret: long enough to resist guessing, printable, bounded. */
export const WEBHOOK_SECRET_MIN = 24;
export const WEBHOOK_SECRET_MAX = 256;
/** How long the previous secret stays valid after a rotation (deliveries are signed with both). */
export const SECRET_ROTATION_WINDOW_MS = 24 * 3600 * 1000;

// The `data` of every event. Each names the domain, its record id (a later registration of the same
// name is another record) and the owner at the time of the event; dates are ISO 8601 UTC; an order id
// is there wherever the event is the result of an order. Receivers should ignore fields they do not
// know: fields may be added, never renamed or removed (docs/webhooks.md "Events").
const iso = z.iso.datetime();
const subject = { domain: z.string(), domain_id: z.number().int(), owner_id: z.guid() };
const expiryDates = { expiry_date: iso, grace_ends_at: iso };

export const webhookEventData = {
  'domain.registered': z.object({
    ...subject,
    order_id: z.number().int(),
    registration_date: iso,
    expiry_date: iso,
    payment_method: z.string(),
  }),
  'domain.renewed': z.object({
    ...subject,
    order_id: z.number().int(),
    years: z.number().int(),
    previous_expiry_date: iso,
    new_expiry_date: iso,
    payment_method: z.string(),
    auto_renew: z.boolean(),
  }),
  'domain.expiring': z.object({ ...subject, ...expiryDates, days_before: z.number().int() }),
  'domain.grace_started': z.object({ ...subject, ...expiryDates }),
  'domain.expired': z.object({ ...subject, ...expiryDates }),
  'domain.renewal_failed': z.object({
    ...subject,
    expiry_date: iso,
    reason: z.string(),
    price_gems: z.number().int(),
    max_gems: z.number().int(),
  }),
  'domain.transferred': z.object({
    ...subject,
    order_id: z.number().int(),
    from_owner_id: z.guid(),
    to_owner_id: z.guid(),
    transferred_at: iso,
  }),
  'profile.updated': z.object({ ...subject, updated_fields: z.array(z.string()), updated_at: iso }),
  'domain.sold': z.object({
    ...subject,
    sale_id: z.number().int(),
    seller_id: z.guid(),
    buyer_id: z.guid(),
    source: z.enum(['listing', 'offer']),
    currency: z.enum(['gems', 'pathusd']),
    price: z.string().describe('whole gems, or pathUSD in 6-decimal minor units'),
    seller_amount: z.string(),
    sold_at: iso,
  }),
  'mandate.approval_requested': z.object({
    account_id: z.guid(),
    approval_id: z.guid(),
    operation: z.enum(mandateOperations),
    domain: z.string(),
    amount_usd: z.string(),
    amount_gems: z.number().int(),
    requested_at: iso,
    expires_at: iso,
    status_url: z.string(),
  }),
  'mandate.approval_decided': z.object({
    account_id: z.guid(),
    approval_id: z.guid(),
    operation: z.enum(mandateOperations),
    domain: z.string(),
    decision: z.enum(['approved', 'refused', 'expired']),
    decided_by: z.guid().nullable(),
    decided_at: iso,
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;

const owner = '5b1f7c8e-2d4a-4f6b-9c3e-8a7d6e5f4c3b';
const buyer = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const domainOf = { domain: 'scout.agent', domain_id: 42, owner_id: owner };

/** One documented example of every event's `data` (docs/webhooks.md "Events"; checked by tests). */
export const webhookEventExamples: { [T in WebhookEventType]: WebhookEventData<T> } = {
  'domain.registered': {
    ...domainOf,
    order_id: 1017,
    registration_date: '2026-11-23T10:15:00.000Z',
    expiry_date: '2027-11-23T10:15:00.000Z',
    payment_method: 'mpp',
  },
  'domain.renewed': {
    ...domainOf,
    order_id: 1042,
    years: 1,
    previous_expiry_date: '2027-11-23T10:15:00.000Z',
    new_expiry_date: '2028-11-23T10:15:00.000Z',
    payment_method: 'gems',
    auto_renew: false,
  },
  'domain.expiring': {
    ...domainOf,
    expiry_date: '2027-11-23T10:15:00.000Z',
    grace_ends_at: '2027-12-23T10:15:00.000Z',
    days_before: 7,
  },
  'domain.grace_started': {
    ...domainOf,
    expiry_date: '2027-11-23T10:15:00.000Z',
    grace_ends_at: '2027-12-23T10:15:00.000Z',
  },
  'domain.expired': {
    ...domainOf,
    expiry_date: '2027-11-23T10:15:00.000Z',
    grace_ends_at: '2027-12-23T10:15:00.000Z',
  },
  'domain.renewal_failed': {
    ...domainOf,
    expiry_date: '2027-11-23T10:15:00.000Z',
    reason: 'insufficient_gems',
    price_gems: 500,
    max_gems: 1000,
  },
  'domain.transferred': {
    ...domainOf,
    owner_id: buyer,
    order_id: 1088,
    from_owner_id: owner,
    to_owner_id: buyer,
    transferred_at: '2026-11-23T12:00:00.000Z',
  },
  'profile.updated': {
    ...domainOf,
    updated_fields: ['capabilities_preview', 'description'],
    updated_at: '2026-11-23T12:30:00.000Z',
  },
  'domain.sold': {
    ...domainOf,
    owner_id: buyer,
    sale_id: 77,
    seller_id: owner,
    buyer_id: buyer,
    source: 'listing',
    currency: 'pathusd',
    price: '250000000',
    seller_amount: '225000000',
    sold_at: '2026-11-23T14:00:00.000Z',
  },
  'mandate.approval_requested': {
    account_id: buyer,
    approval_id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
    operation: 'register',
    domain: 'scout.agent',
    amount_usd: '15.00',
    amount_gems: 1500,
    requested_at: '2026-11-23T15:00:00.000Z',
    expires_at: '2026-11-24T15:00:00.000Z',
    status_url: '/api/v1/approvals/3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  },
  'mandate.approval_decided': {
    account_id: buyer,
    approval_id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
    operation: 'register',
    domain: 'scout.agent',
    decision: 'approved',
    decided_by: owner,
    decided_at: '2026-11-23T15:20:00.000Z',
  },
};

/**
 * The accounts an event is about: its owner, and for a transfer both sides (the previous owner hears
 * that the name left it). A subscription hears an event only if its account is one of these or manages
 * one of them (docs/webhooks.md "Who hears what"); `account_id` covers account events. Only
 * well-formed ids count, so a malformed payload can never wedge the dispatcher.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function eventAccounts(payload: Record<string, unknown>): string[] {
  const ids = ['owner_id', 'from_owner_id', 'to_owner_id', 'seller_id', 'account_id']
    .map((k) => payload[k])
    .filter((v): v is string => typeof v === 'string' && UUID.test(v));
  return [...new Set(ids)];
}

/** The name an event is about, when its data names one (the dispatcher hands it to the delivery run). */
export const eventDomain = (payload: Record<string, unknown>): string | null =>
  typeof payload.domain === 'string' ? payload.domain : null;
