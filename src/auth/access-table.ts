import type { CredentialKind } from './principal.ts';

/**
 * Which credentials each route accepts: the single declarative table the server enforces (every route
 * must appear here or start-up fails) and the tests walk. An empty list means public: credentials sent
 * to a public route are ignored. Spec section 5 rule 7 fixes some rows; docs/api.md "Access
 * decisions" explains the others.
 */
const USER_KEYS: CredentialKind[] = ['agent_key', 'live_key'];
const ACCOUNT: CredentialKind[] = [...USER_KEYS, 'bearer', 'session'];
const DASHBOARD: CredentialKind[] = ['bearer', 'session'];
const MANAGEMENT: CredentialKind[] = [...ACCOUNT, 'org_key'];

type Rule = readonly (CredentialKind | 'anonymous')[];

/** `anonymous` in a row: the route also runs without any credential (spec 5 rule 3: paid machine payments). */
export const accessTable: Record<string, Rule> = {
  'GET /': [],
  'GET /healthz': [],
  'GET /readyz': [],
  'GET /openapi.json': [],
  'GET /api/v1/namespaces': [],
  'GET /api/v1/namespaces/:namespace': [],
  'GET /api/v1/domains/search': [],
  'GET /api/v1/lookup/:domain_name': [],
  'GET /api/v1/domains/:domain_name/shop-status': [],
  'POST /api/v1/domains/quote': [],
  'GET /tld/:tld_name': [],
  'GET /tld/:tld_name/skill.md': [],
  'GET /internal/bench/domain/:id': [],

  'POST /api/v1/agents/provision': [],
  'POST /oauth2/revoke': [],
  'GET /auth/login': [],
  'GET /auth/callback': [],
  'POST /auth/logout': [],

  'GET /api/v1/agents/me': ACCOUNT,
  'PUT /api/v1/agents/me/payout-address': ACCOUNT,
  'POST /api/v1/agents/claim': DASHBOARD,
  'GET /api/v1/keys': DASHBOARD,
  'POST /api/v1/keys': DASHBOARD,
  'DELETE /api/v1/keys/:key_id': DASHBOARD,
  'GET /api/v1/user/domains': ['bearer'],
  'GET /api/v1/domains': MANAGEMENT,
  'GET /api/v1/domains/:domain_name': MANAGEMENT,

  'POST /api/v1/domains/register': [...MANAGEMENT, 'anonymous'],
  'POST /api/v1/renew': [...MANAGEMENT, 'anonymous'],
  // Anyone may buy a listed name; a machine payer without a credential becomes the wallet's identity.
  'POST /api/v1/domains/buy-secondary': [...MANAGEMENT, 'anonymous'],
  'POST /api/v1/domains/make-offer': ACCOUNT,
  'GET /api/v1/domains/offers': ACCOUNT,
  'POST /api/v1/domains/offers/:offer_id/respond': ACCOUNT,
  'POST /api/v1/domains/offers/:offer_id/withdraw': ACCOUNT,
  'POST /api/v1/domains/offers/:offer_id/pay': ACCOUNT,
  // The human checkout page: anyone may look (a session adds the balance and the form); buying is a
  // browser form, so the post takes the session only (docs/market.md "Purchase").
  'GET /checkout/:domain': ['session', 'anonymous'],
  'POST /checkout/:domain': ['session'],
  'PUT /api/v1/domains/:domain_name/auto-renew': ACCOUNT,
  'POST /api/v1/webhooks/subscribe': USER_KEYS,
  // Reading subscriptions and their deliveries is management too (spec 5 rule 1): a person signed in
  // sees those of the agents it claimed. Changing one takes its owner's key (spec 5 rule 7).
  'GET /api/v1/webhooks': ACCOUNT,
  'GET /api/v1/webhooks/:subscription_id': ACCOUNT,
  'DELETE /api/v1/webhooks/:subscription_id': USER_KEYS,
  'POST /api/v1/webhooks/:subscription_id/rotate-secret': USER_KEYS,
  'POST /api/v1/webhooks/:subscription_id/enable': USER_KEYS,
  'POST /api/v1/webhooks/:subscription_id/ping': USER_KEYS,
  'GET /api/v1/webhooks/:subscription_id/deliveries': ACCOUNT,
  'POST /api/v1/webhooks/:subscription_id/deliveries/:event_id/redeliver': USER_KEYS,
  'POST /api/payments/verify-mpp': [],
  'POST /api/v1/domains/:domain_name/reset-lock': ACCOUNT,
  // DNS (docs/dns-and-rdap.md "DNS"): records bearer only, as rule 7 says; enable_dns key or bearer.
  'GET /api/v1/domains/:domain_name/records': ['bearer'],
  'PATCH /api/v1/domains/:domain_name/records': ['bearer'],
  'POST /api/v1/domains/:domain_name/enable_dns': ACCOUNT,
  'GET /api/v1/domains/:domain_name/registration': ACCOUNT,
  'GET /api/agent/register-status/:order_id': ACCOUNT,
  'POST /api/agent/register-status/:order_id/reconcile': ACCOUNT,
  'POST /api/v1/checkout/gfavip/callback': [],
  'GET /api/v1/domains/activity': ACCOUNT,
  'GET /api/v1/domains/:domain_name/agent.json': [],
  'GET /api/v1/domains/:domain_name/skill.md': [],
  // RDAP (docs/dns-and-rdap.md "RDAP"): the lookup's public facts in RFC 9083's shape.
  'GET /rdap/domain/:name': [],
  'GET /rdap/help': [],
  'POST /api/v1/domains/transfer': MANAGEMENT,
  'PATCH /api/v1/domains/:domain_name/profile': MANAGEMENT,
  'PUT /api/v1/domains/:domain_name/skill.md': MANAGEMENT,
  'DELETE /api/v1/domains/:domain_name/skill.md': MANAGEMENT,
  'PUT /api/v1/domains/:domain_name/storefront': MANAGEMENT,
  'DELETE /api/v1/domains/:domain_name/storefront': MANAGEMENT,
  // The market (docs/market.md "Market"): listing a name asks what a transfer asks; the lists are public.
  'PUT /api/v1/domains/:domain_name/listing': MANAGEMENT,
  'DELETE /api/v1/domains/:domain_name/listing': MANAGEMENT,
  'GET /api/v1/domains/for-sale': [],
  'GET /api/v1/domains/sold': [],
  // Spec 4.8 and 5: the command endpoint takes a browser session or a bearer token, never a key.
  'POST /api/v1/command': DASHBOARD,
};

/** Routes added by plugins we do not own (the interactive API reference) are public by prefix. */
export const publicPrefixes = ['/docs'];

export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

export function accessRuleFor(method: string, url: string): Rule | undefined {
  if (publicPrefixes.some((p) => url === p || url.startsWith(`${p}/`))) return [];
  return accessTable[routeKey(method, url)];
}
