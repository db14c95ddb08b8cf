import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/env.ts';
// Imported in the order the app has always loaded them: the OpenAPI document lists its schemas in the
// order their modules run, and the committed clients are generated from it.
import * as activity from './activity.ts';
import * as agents from './agents.ts';
import * as mandates from './mandates.ts';
import * as approvals from './approvals.ts';
import * as benchBaseline from './bench-baseline.ts';
import * as hostedCheckoutCallback from './checkout/hosted-callback.ts';
import * as relayEvents from './checkout/relay-events.ts';
import * as openCheckouts from './checkout/open-checkouts.ts';
import * as registrationProgress from './checkout/progress.ts';
import * as command from './command.ts';
import * as discovery from './discovery.ts';
import * as dns from './dns.ts';
import * as health from './health.ts';
import * as home from './home.ts';
import * as humanCheckout from './human-checkout.ts';
import * as keys from './keys.ts';
import * as listings from './listings.ts';
import * as management from './management.ts';
import * as manifests from './manifests.ts';
import * as identity from './identity.ts';
import * as registryDiscovery from './registry-discovery.ts';
import * as marketLists from './market-lists.ts';
import * as namespaces from './namespaces.ts';
import * as profile from './profile.ts';
import * as purchase from './purchase.ts';
import * as rdap from './rdap.ts';
import * as offers from './offers.ts';
import * as quote from './quote.ts';
import * as register from './register.ts';
import * as renew from './renew.ts';
import * as onchainIdentity from './onchain-identity.ts';
import * as registrarLock from './registrar-lock.ts';
import * as batch from './batch.ts';
import * as audit from './audit.ts';
import * as teams from './teams.ts';
import * as autoRenew from './auto-renew.ts';
import * as webhookDeliveries from './webhooks/deliveries.ts';
import * as webhookSubscriptions from './webhooks/subscriptions.ts';
import * as revoke from './revoke.ts';
import * as tld from './tld.ts';
import * as transfer from './transfer.ts';
import { dashboardPlugin } from '../../dashboard/routes/index.ts';
import { mcpRoutes } from '../../mcp/route.ts';
import * as dashboardActivity from '../../dashboard/routes/activity.ts';
import * as dashboardAgents from '../../dashboard/routes/agents.ts';
import * as dashboardApprovals from '../../dashboard/routes/approvals.ts';
import * as dashboardDomain from '../../dashboard/routes/domain.ts';
import * as dashboardKeys from '../../dashboard/routes/keys.ts';
import * as dashboardMandate from '../../dashboard/routes/mandate.ts';
import * as dashboardMarket from '../../dashboard/routes/market.ts';
import * as dashboardOverview from '../../dashboard/routes/overview.ts';
import * as dashboardWebhooks from '../../dashboard/routes/webhooks.ts';
import * as dashboardTeam from '../../dashboard/routes/team.ts';
import * as dashboardSwitch from '../../dashboard/routes/switch.ts';
import * as dashboardInvitationReturn from '../../dashboard/routes/invitation-return.ts';
import * as mcp from '../../mcp/declarations.ts';
import * as openApi from '../../http/plugins/openapi.ts';
import * as login from './login.ts';

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
 * Every route module, listed once, in the order the app registers them (src/api/routes/index.ts); the
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
  { declares: [discovery], plugin: discovery.discoveryRoutes },
  { declares: [quote], plugin: quote.quoteRoutes },
  { declares: [tld], plugin: tld.tldRoutes },
  { declares: [agents], plugin: agents.agentRoutes },
  { declares: [mandates], plugin: mandates.mandateRoutes },
  { declares: [approvals], plugin: approvals.approvalRoutes },
  { declares: [keys], plugin: keys.keyRoutes },
  { declares: [revoke], plugin: revoke.revokeRoutes },
  { declares: [management], plugin: management.managementRoutes },
  { declares: [activity], plugin: activity.activityRoutes },
  { declares: [manifests], plugin: manifests.manifestsRoutes },
  { declares: [identity], plugin: identity.identityRoutes },
  { declares: [registryDiscovery], plugin: registryDiscovery.registryDiscoveryRoutes },
  { declares: [rdap], plugin: rdap.rdapRoutes, prefix: '/rdap' },
  { declares: [transfer], plugin: transfer.transferRoutes },
  { declares: [profile], plugin: profile.profileRoutes },
  { declares: [listings], plugin: listings.listingRoutes },
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
  { declares: [registrationProgress], plugin: registrationProgress.registrationProgressRoutes },
  { declares: [openCheckouts], plugin: openCheckouts.openCheckoutRoutes },
  { declares: [hostedCheckoutCallback], plugin: hostedCheckoutCallback.hostedCheckoutCallbackRoutes },
  { declares: [relayEvents], plugin: relayEvents.relayEventsRoutes },
  { declares: [command], plugin: command.commandRoutes },
  { declares: [mcp], plugin: mcpRoutes },
  { declares: [benchBaseline], plugin: benchBaseline.benchBaselineRoutes, servedWhen: (c) => c.BENCH_ROUTES },
  { declares: [openApi] },
  { declares: [login] },
];
