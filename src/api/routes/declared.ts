import * as mcp from '../../mcp/declarations.ts';
import * as openApi from '../../http/plugins/openapi.ts';
import * as activity from './activity.ts';
import * as agents from './agents.ts';
import * as autoRenew from './auto-renew.ts';
import * as benchBaseline from './bench-baseline.ts';
import * as hostedCheckoutCallback from './checkout/hosted-callback.ts';
import * as openCheckouts from './checkout/open-checkouts.ts';
import * as registrationProgress from './checkout/progress.ts';
import * as command from './command.ts';
import * as dashboardActivity from '../../dashboard/routes/activity.ts';
import * as dashboardAgents from '../../dashboard/routes/agents.ts';
import * as dashboardApprovals from '../../dashboard/routes/approvals.ts';
import * as dashboardDomain from '../../dashboard/routes/domain.ts';
import * as dashboardKeys from '../../dashboard/routes/keys.ts';
import * as dashboardMandate from '../../dashboard/routes/mandate.ts';
import * as dashboardMarket from '../../dashboard/routes/market.ts';
import * as dashboardOverview from '../../dashboard/routes/overview.ts';
import * as dashboardWebhooks from '../../dashboard/routes/webhooks.ts';
import * as discovery from './discovery.ts';
import * as dns from './dns.ts';
import * as health from './health.ts';
import * as home from './home.ts';
import * as humanCheckout from './human-checkout.ts';
import * as keys from './keys.ts';
import * as listings from './listings.ts';
import * as login from './login.ts';
import * as management from './management.ts';
import * as manifests from './manifests.ts';
import * as mandates from './mandates.ts';
import * as approvals from './approvals.ts';
import * as marketLists from './market-lists.ts';
import * as namespaces from './namespaces.ts';
import * as offers from './offers.ts';
import * as profile from './profile.ts';
import * as purchase from './purchase.ts';
import * as quote from './quote.ts';
import * as rdap from './rdap.ts';
import * as register from './register.ts';
import * as renew from './renew.ts';
import * as revoke from './revoke.ts';
import * as tld from './tld.ts';
import * as transfer from './transfer.ts';
import * as webhookDeliveries from './webhooks/deliveries.ts';
import * as webhookSubscriptions from './webhooks/subscriptions.ts';
import { declarationsOf, routeKey, type RouteDeclaration } from './declaration.ts';

/**
 * Every route the app serves, read from the route modules without building an app: for what must know
 * the routes before (or without) an app, such as the ops CLI's check of an organization credential's
 * allowlist and the tests that walk every route. A route whose module is missing here fails start-up
 * (routes/index.ts); a declared route nothing registers fails the access test.
 */
export const declaredRoutes: readonly RouteDeclaration[] = [
  openApi,
  activity,
  agents,
  autoRenew,
  benchBaseline,
  registrationProgress,
  openCheckouts,
  hostedCheckoutCallback,
  command,
  dashboardActivity,
  dashboardAgents,
  dashboardApprovals,
  dashboardDomain,
  dashboardKeys,
  dashboardMandate,
  dashboardMarket,
  dashboardOverview,
  dashboardWebhooks,
  discovery,
  dns,
  health,
  home,
  humanCheckout,
  keys,
  listings,
  login,
  management,
  manifests,
  mandates,
  approvals,
  marketLists,
  mcp,
  namespaces,
  offers,
  profile,
  purchase,
  quote,
  rdap,
  register,
  renew,
  revoke,
  tld,
  transfer,
  webhookSubscriptions,
  webhookDeliveries,
].flatMap(declarationsOf);

const ruleByKey = new Map(declaredRoutes.map((r) => [routeKey(r.method, r.url), r.config.access]));

/** The access rule a route declares, by its method and path (`/api/v1/domains/:domain_name`), if any. */
export function declaredAccessRule(method: string, url: string): RouteDeclaration['config']['access'] | undefined {
  return ruleByKey.get(routeKey(method, url));
}
