import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config/env.ts';
// Imported in the order the app has always loaded them: the OpenAPI document lists its schemas in the
// order their modules run, and the committed clients are generated from it.
import * as activity from '../api/routes/domains/activity.ts';
import * as agents from '../api/routes/agents/agents.ts';
import * as mandates from '../api/routes/agents/mandate.ts';
import * as approvals from '../api/routes/approvals.ts';
import * as benchBaseline from '../api/routes/bench-baseline.ts';
import * as hostedCheckoutCallback from '../api/routes/checkout/hosted-callback.ts';
import * as relayEvents from '../api/routes/checkout/relay-events.ts';
import * as openCheckouts from '../api/routes/checkout/open-checkouts.ts';
import * as resetLock from '../api/routes/domain/reset-lock.ts';
import * as checkoutProgress from '../api/routes/checkout/progress.ts';
import * as registrationProgress from '../api/routes/domain/registration.ts';
import * as command from '../api/routes/command.ts';
import * as search from '../api/routes/domains/search.ts';
import * as lookup from '../api/routes/lookup.ts';
import * as shopStatus from '../api/routes/domain/shop-status.ts';
import * as dns from '../api/routes/domain/dns.ts';
import * as health from '../api/routes/health.ts';
import * as home from '../api/routes/home.ts';
import * as humanCheckout from '../api/routes/human-checkout.ts';
import * as keys from '../api/routes/keys.ts';
import * as listing from '../api/routes/domain/listing.ts';
import * as listings from '../api/routes/domains/listings.ts';
import * as userDomains from '../api/routes/user-domains.ts';
import * as managedDomains from '../api/routes/domains/managed.ts';
import * as managedDomain from '../api/routes/domain/managed.ts';
import * as manifests from '../api/routes/domain/manifests.ts';
import * as identity from '../api/routes/identity.ts';
import * as registryDiscovery from '../api/routes/registry-discovery.ts';
import * as marketLists from '../api/routes/domains/market-lists.ts';
import * as namespaces from '../api/routes/namespaces.ts';
import * as profile from '../api/routes/domain/profile.ts';
import * as purchase from '../api/routes/domains/purchase.ts';
import * as rdap from '../api/routes/rdap.ts';
import * as offers from '../api/routes/domains/offers.ts';
import * as quote from '../api/routes/domains/quote.ts';
import * as register from '../api/routes/domains/register.ts';
import * as renew from '../api/routes/renew.ts';
import * as onchainIdentity from '../api/routes/domain/onchain-identity.ts';
import * as registrarLock from '../api/routes/domain/registrar-lock.ts';
import * as batch from '../api/routes/batch.ts';
import * as audit from '../api/routes/audit.ts';
import * as teams from '../api/routes/teams.ts';
import * as autoRenew from '../api/routes/domain/auto-renew.ts';
import * as webhookDeliveries from '../api/routes/webhooks/deliveries.ts';
import * as webhookSubscriptions from '../api/routes/webhooks/subscriptions.ts';
import * as revoke from '../api/routes/revoke.ts';
import * as tld from '../api/routes/tld.ts';
import * as transfer from '../api/routes/domains/transfer.ts';
import { dashboardPlugin } from '../dashboard/routes/index.ts';
import { mcpRoutes } from '../mcp/route.ts';
import * as a2a from '../a2a/route.ts';
import * as dashboardActivity from '../dashboard/routes/activity.ts';
import * as dashboardAgents from '../dashboard/routes/agents.ts';
import * as dashboardApprovals from '../dashboard/routes/approvals.ts';
import * as dashboardDomain from '../dashboard/routes/domain.ts';
import * as dashboardKeys from '../dashboard/routes/keys.ts';
import * as dashboardMandate from '../dashboard/routes/mandate.ts';
import * as dashboardMarket from '../dashboard/routes/market.ts';
import * as dashboardOverview from '../dashboard/routes/overview.ts';
import * as dashboardWebhooks from '../dashboard/routes/webhooks.ts';
import * as dashboardTeam from '../dashboard/routes/team.ts';
import * as dashboardSwitch from '../dashboard/routes/switch.ts';
import * as dashboardInvitationReturn from '../dashboard/routes/invitation-return.ts';
import * as mcp from '../mcp/declarations.ts';
import * as openApi from '../http/plugins/openapi.ts';
import * as login from '../api/routes/login.ts';
import * as verify from '../api/routes/verify.ts';

/** A module of routes: where its declarations are read, and the plugin that serves them. */
export interface RouteModule {
  /** The modules whose exported declarations (declareRoute) these routes are. */
  declares: readonly Record<string, unknown>[];
  /** Absent where another plugin serves them (the OpenAPI document and sign-in, registered by app.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each plugin has its own options type
  plugin?: FastifyPluginAsync<any>;
  /** Registered under this prefix, so that its not-found handler answers its unknown paths. */
  prefix?: string;
  /** Served only when the configuration says so. */
  servedWhen?: (config: Config) => boolean;
}

/**
 * Every route module, listed once, in the order the app registers them (src/server/routes.ts); the
 * declarations (declared.ts) are read from the same list without building an app.
 */
export const routeModules: readonly RouteModule[] = [
  { declares: [home], plugin: home.homeRoutes },
  {
    declares: [
      dashboardOverview,
      dashboardAgents,
      dashboardMandate,
      dashboardApprovals,
      dashboardActivity,
      dashboardKeys,
      dashboardMarket,
      dashboardWebhooks,
      dashboardTeam,
      dashboardSwitch,
      dashboardInvitationReturn,
      dashboardDomain,
    ],
    plugin: dashboardPlugin,
  },
  { declares: [health], plugin: health.healthRoutes },
  { declares: [namespaces], plugin: namespaces.namespaceRoutes },
  { declares: [search], plugin: search.searchRoutes },
  { declares: [lookup], plugin: lookup.lookupRoutes },
  { declares: [shopStatus], plugin: shopStatus.shopStatusRoutes },
  { declares: [quote], plugin: quote.quoteRoutes },
  { declares: [tld], plugin: tld.tldRoutes },
  { declares: [agents], plugin: agents.agentRoutes },
  { declares: [mandates], plugin: mandates.mandateRoutes },
  { declares: [approvals], plugin: approvals.approvalRoutes },
  { declares: [keys], plugin: keys.keyRoutes },
  { declares: [revoke], plugin: revoke.revokeRoutes },
  { declares: [userDomains], plugin: userDomains.userDomainsRoutes },
  { declares: [managedDomains], plugin: managedDomains.managedDomainsRoutes },
  { declares: [managedDomain], plugin: managedDomain.managedDomainRoutes },
  { declares: [activity], plugin: activity.activityRoutes },
  { declares: [manifests], plugin: manifests.manifestsRoutes },
  { declares: [identity], plugin: identity.identityRoutes },
  { declares: [registryDiscovery], plugin: registryDiscovery.registryDiscoveryRoutes },
  { declares: [rdap], plugin: rdap.rdapRoutes, prefix: '/rdap' },
  { declares: [transfer], plugin: transfer.transferRoutes },
  { declares: [profile], plugin: profile.profileRoutes },
  { declares: [listing], plugin: listing.listingRoutes },
  { declares: [listings], plugin: listings.ownListingsRoutes },
  { declares: [marketLists], plugin: marketLists.marketListRoutes },
  { declares: [register], plugin: register.registerRoutes },
  { declares: [renew], plugin: renew.renewRoutes },
  { declares: [onchainIdentity], plugin: onchainIdentity.onchainIdentityRoutes },
  { declares: [registrarLock], plugin: registrarLock.registrarLockRoutes },
  { declares: [batch], plugin: batch.batchRoutes },
  { declares: [audit], plugin: audit.auditRoutes },
  { declares: [teams], plugin: teams.teamRoutes },
  { declares: [purchase], plugin: purchase.purchaseRoutes },
  { declares: [offers], plugin: offers.offerRoutes },
  { declares: [humanCheckout], plugin: humanCheckout.humanCheckoutRoutes },
  { declares: [autoRenew], plugin: autoRenew.autoRenewRoutes },
  { declares: [dns], plugin: dns.dnsRoutes },
  { declares: [webhookSubscriptions], plugin: webhookSubscriptions.webhookSubscriptionRoutes },
  { declares: [webhookDeliveries], plugin: webhookDeliveries.webhookDeliveryRoutes },
  { declares: [checkoutProgress], plugin: checkoutProgress.checkoutProgressRoutes },
  { declares: [registrationProgress], plugin: registrationProgress.registrationProgressRoutes },
  { declares: [resetLock], plugin: resetLock.resetLockRoutes },
  { declares: [openCheckouts], plugin: openCheckouts.openCheckoutRoutes },
  { declares: [hostedCheckoutCallback], plugin: hostedCheckoutCallback.hostedCheckoutCallbackRoutes },
  { declares: [relayEvents], plugin: relayEvents.relayEventsRoutes },
  { declares: [command], plugin: command.commandRoutes },
  { declares: [verify], plugin: verify.verifyRoutes },
  { declares: [mcp], plugin: mcpRoutes },
  { declares: [a2a], plugin: a2a.a2aRoutes },
  { declares: [benchBaseline], plugin: benchBaseline.benchBaselineRoutes, servedWhen: (c) => c.BENCH_ROUTES },
  { declares: [openApi] },
  { declares: [login] },
];
