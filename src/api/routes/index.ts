import fp from 'fastify-plugin';
import { activityRoutes } from './activity.ts';
import { agentRoutes } from './agents.ts';
import { mandateRoutes } from './mandates.ts';
import { approvalRoutes } from './approvals.ts';
import { benchBaselineRoutes } from './bench-baseline.ts';
import { hostedCheckoutCallbackRoutes } from './checkout/hosted-callback.ts';
import { openCheckoutRoutes } from './checkout/open-checkouts.ts';
import { registrationProgressRoutes } from './checkout/progress.ts';
import { commandRoutes } from './command.ts';
import { discoveryRoutes } from './discovery.ts';
import { dnsRoutes } from './dns.ts';
import { healthRoutes } from './health.ts';
import { homeRoutes } from './home.ts';
import { humanCheckoutRoutes } from './human-checkout.ts';
import { keyRoutes } from './keys.ts';
import { listingRoutes } from './listings.ts';
import { managementRoutes } from './management.ts';
import { manifestsRoutes } from './manifests.ts';
import { marketListRoutes } from './market-lists.ts';
import { namespaceRoutes } from './namespaces.ts';
import { profileRoutes } from './profile.ts';
import { purchaseRoutes } from './purchase.ts';
import { rdapRoutes } from './rdap.ts';
import { offerRoutes } from './offers.ts';
import { quoteRoutes } from './quote.ts';
import { registerRoutes } from './register.ts';
import { renewRoutes } from './renew.ts';
import { autoRenewRoutes } from './auto-renew.ts';
import { webhookDeliveryRoutes } from './webhooks/deliveries.ts';
import { webhookSubscriptionRoutes } from './webhooks/subscriptions.ts';
import { revokeRoutes } from './revoke.ts';
import { tldRoutes } from './tld.ts';
import { transferRoutes } from './transfer.ts';
import { dashboardPlugin } from '../../dashboard/routes/index.ts';
import { mcpRoutes } from '../../mcp/route.ts';
import { routeKey } from './declaration.ts';
import { declaredRoutes } from './declared.ts';
import { named } from '../../http/plugin-name.ts';

const declaredKeys = new Set(declaredRoutes.map((r) => routeKey(r.method, r.url)));

/** Every route of the API. Each file registers as its own encapsulated plugin. */
export const routesPlugin = fp(
  async (app) => {
    // The ops CLI checks an organization credential's allowlist against declaredRoutes, read without an
    // app: a route served here (or by a plugin registered after) that it does not list fails start-up.
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (!declaredKeys.has(routeKey(method, route.url)))
          throw new Error(`Route ${method} ${route.url} is not exported by a module that routes/declared.ts reads`);
      }
    });
    await app.register(named(homeRoutes));
    await app.register(named(dashboardPlugin));
    await app.register(named(healthRoutes));
    await app.register(named(namespaceRoutes));
    await app.register(named(discoveryRoutes));
    await app.register(named(quoteRoutes));
    await app.register(named(tldRoutes));
    await app.register(named(agentRoutes));
    await app.register(named(mandateRoutes));
    await app.register(named(approvalRoutes));
    await app.register(named(keyRoutes));
    await app.register(named(revokeRoutes));
    await app.register(named(managementRoutes));
    await app.register(named(activityRoutes));
    await app.register(named(manifestsRoutes));
    // Under a prefix, so that its not-found handler answers unknown /rdap paths in RDAP's error object.
    await app.register(named(rdapRoutes), { prefix: '/rdap' });
    await app.register(named(transferRoutes));
    await app.register(named(profileRoutes));
    await app.register(named(listingRoutes));
    await app.register(named(marketListRoutes));
    await app.register(named(registerRoutes));
    await app.register(named(renewRoutes));
    await app.register(named(purchaseRoutes));
    await app.register(named(offerRoutes));
    await app.register(named(humanCheckoutRoutes));
    await app.register(named(autoRenewRoutes));
    await app.register(named(dnsRoutes));
    await app.register(named(webhookSubscriptionRoutes));
    await app.register(named(webhookDeliveryRoutes));
    await app.register(named(registrationProgressRoutes));
    await app.register(named(openCheckoutRoutes));
    await app.register(named(hostedCheckoutCallbackRoutes));
    await app.register(named(commandRoutes));
    await app.register(named(mcpRoutes));
    if (app.deps.config.BENCH_ROUTES) await app.register(named(benchBaselineRoutes));
  },
  // The access check's onRoute hook must be in place before any route is added, and the OpenAPI
  // plugin before the routes it documents.
  { name: 'routes', dependencies: ['services', 'access-control', 'openapi'] },
);
