export { Account, AccountSchema } from './account.ts';
export { Domain, DomainSchema } from './domain.ts';
export { Namespace, NamespaceSchema } from './namespace.ts';
export { ApiKey, ClaimCode, WebSession } from './credentials.ts';
export {
  Organization,
  OrganizationMember,
  OrganizationCustomer,
  OrgCredential,
  NamespaceWhitelist,
} from './organization.ts';
export { DomainOrder, PaymentReceipt, OutboxEvent, Coupon, LedgerTransaction, LedgerLine } from './orders.ts';
export { CheckoutSession } from './checkout-session.ts';
export { WebhookAttempt, WebhookDelivery, WebhookSubscription } from './webhook-subscription.ts';
export { DomainReminder } from './domain-reminder.ts';
export { Listing, Offer, Sale } from './market.ts';
export { DnsRecord } from './dns-record.ts';
export { IdempotencyKey } from './idempotency-key.ts';
export { SpendMandate, MandateChange, MandateSpend, MandateApproval } from './mandate.ts';
export { OnchainIdentity } from './onchain-identity.ts';
export { RegistrarUnlock } from './registrar-unlock.ts';
export { AuditEvent } from './audit-event.ts';
export { Team, TeamMember, TeamInvitation } from './team.ts';
import { orderSchemas } from './orders.ts';
import { AccountSchema } from './account.ts';
import { CheckoutSessionSchema } from './checkout-session.ts';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookSubscriptionSchema } from './webhook-subscription.ts';
import { DomainSchema } from './domain.ts';
import { DomainReminderSchema } from './domain-reminder.ts';
import { NamespaceSchema } from './namespace.ts';
import { ListingSchema, OfferSchema, SaleSchema } from './market.ts';
import { DnsRecordSchema } from './dns-record.ts';
import { IdempotencyKeySchema } from './idempotency-key.ts';
import { MandateApprovalSchema, MandateChangeSchema, MandateSpendSchema, SpendMandateSchema } from './mandate.ts';
import { ApiKeySchema, ClaimCodeSchema, WebSessionSchema } from './credentials.ts';
import { OnchainIdentitySchema } from './onchain-identity.ts';
import { RegistrarUnlockSchema } from './registrar-unlock.ts';
import { AuditEventSchema } from './audit-event.ts';
import { TeamInvitationSchema, TeamMemberSchema, TeamSchema } from './team.ts';
import {
  NamespaceWhitelistSchema,
  OrgCredentialSchema,
  OrganizationCustomerSchema,
  OrganizationMemberSchema,
  OrganizationSchema,
} from './organization.ts';

export const entities = [
  NamespaceSchema,
  AccountSchema,
  DomainSchema,
  ApiKeySchema,
  ClaimCodeSchema,
  WebSessionSchema,
  OrganizationSchema,
  OrganizationMemberSchema,
  OrganizationCustomerSchema,
  OrgCredentialSchema,
  NamespaceWhitelistSchema,
  ...orderSchemas,
  CheckoutSessionSchema,
  WebhookSubscriptionSchema,
  WebhookDeliverySchema,
  WebhookAttemptSchema,
  DomainReminderSchema,
  ListingSchema,
  OfferSchema,
  SaleSchema,
  DnsRecordSchema,
  IdempotencyKeySchema,
  SpendMandateSchema,
  MandateChangeSchema,
  MandateSpendSchema,
  MandateApprovalSchema,
  OnchainIdentitySchema,
  RegistrarUnlockSchema,
  AuditEventSchema,
  TeamSchema,
  TeamMemberSchema,
  TeamInvitationSchema,
];
