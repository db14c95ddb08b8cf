import { DEFAULT_RETRY_SCHEDULE_MS, MIN_RETRY_SPAN_MS, scheduleSpanMs } from '../domain/webhook-delivery.ts';
import type { ParsedConfig } from './schema.ts';

// What a configuration that parses may still not be: the USDC route without its relay and token, and a
// production without its secrets. Each problem is one line naming its variable; loadConfig lists them all.

/**
 * Secrets with a published development value. Outside production the value is filled in so that
 * `npm start` works on a fresh machine; in production each must be set, and never to that value.
 */
export const DEV_SECRETS = {
  GFAVIP_WEBHOOK_SECRET: 'dev-gfavip-webhook-secret',
  CHECKOUT_API_KEY: 'dev-checkout-api-key-not-for-production',
  RELAY_WEBHOOK_SECRET: 'dev-relay-webhook-secret-not-for-production',
  OIDC_CLIENT_SECRET: 'dev-registry-secret',
  // An EC P-256 private JWK: signs each name's A2A card (src/identity/signing-key.ts).
  CARD_SIGNING_KEY:
    '{"kty":"EC","crv":"P-256","x":"9ctkCTIIMAfPO3czgha988gfdG8K49ISSIADRQIdNqQ","y":"vc2A8Y2vuzviI_qWZjK-TQlS_8rp3r7mJrOnqvwfk_U","d":"dlA40KNoY7Pe7z8R71mnGy7bO9GcVvrvDQXhO7r1AOk"}',
} as const;

/** WEBHOOK_RETRY_SCHEDULE in milliseconds, or the standard schedule. */
export const retrySchedule = (c: ParsedConfig): number[] =>
  c.WEBHOOK_RETRY_SCHEDULE
    ? c.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s) * 1000)
    : [...DEFAULT_RETRY_SCHEDULE_MS];

/** Every secret production must be given (docs/configuration.md "Production"), with why it is needed. */
export function productionProblems(c: ParsedConfig): string[] {
  const required: [keyof ParsedConfig, boolean, string][] = [
    ['SESSION_SECRET', true, 'signs browser session cookies'],
    ['CARD_SIGNING_KEY', true, "signs each name's A2A agent card"],
    ['GFAVIP_WEBHOOK_SECRET', true, "authenticates the hosted checkout's paid callback"],
    [
      'MPP_SECRET',
      Boolean(c.MPP_TOKEN_ADDRESS),
      'binds payment challenges to this server (machine payments are configured)',
    ],
    [
      'PAYOUT_PRIVATE_KEY',
      Boolean(c.MPP_TOKEN_ADDRESS),
      "pays sellers' pathUSD proceeds from the treasury (machine payments are configured)",
    ],
    [
      'CHECKOUT_API_KEY',
      c.MPP_BASE_MAINNET_ENABLED,
      'authenticates the registry at the checkout relay (the base-mainnet route is enabled)',
    ],
    [
      'RELAY_WEBHOOK_SECRET',
      c.MPP_BASE_MAINNET_ENABLED,
      "authenticates the checkout relay's session notices (the base-mainnet route is enabled)",
    ],
    [
      'ERC8004_SIGNER_KEY',
      Boolean(c.ERC8004_REGISTRY_ADDRESS),
      "sends names' ERC-8004 registrations and holds their identities (ERC8004_REGISTRY_ADDRESS is set)",
    ],
    ['PDNS_API_KEY', Boolean(c.PDNS_API_URL), 'authenticates the registry at the PowerDNS API (PDNS_API_URL is set)'],
    [
      'OIDC_CLIENT_SECRET',
      Boolean(c.OIDC_ISSUER),
      'authenticates this service at the identity provider (OIDC_ISSUER is set)',
    ],
  ];
  const problems: string[] = [];
  for (const [name, needed, why] of required) {
    if (needed && !c[name]) problems.push(`  ${name}: required in production (${why})`);
  }
  for (const [name, dev] of Object.entries(DEV_SECRETS)) {
    if (c[name as keyof ParsedConfig] === dev)
      problems.push(`  ${name}: the published development value cannot be used in production`);
  }
  if (c.WEBHOOK_ALLOW_INSECURE_LOCAL)
    problems.push('  WEBHOOK_ALLOW_INSECURE_LOCAL: webhooks to http and loopback are for local development only');
  if (c.PDNS_API_URL && /=(127\.|::1$|::1,)/.test(c.DNS_NAMESERVERS))
    problems.push('  DNS_NAMESERVERS: production nameservers need public glue addresses, not loopback');
  if (c.WEBHOOK_RETRY_SCHEDULE && scheduleSpanMs(retrySchedule(c)) < MIN_RETRY_SPAN_MS)
    problems.push('  WEBHOOK_RETRY_SCHEDULE: production retries a delivery for at least three days');
  return problems;
}

export interface LoadOptions {
  /**
   * `npm start`: what it runs itself when unset counts as given, because it fills it in for the
   * processes it starts — its checkout relay (CHECKOUT_URL), its Base chain with USDC deployed
   * (USDC_ADDRESS, unless BASE_RPC_URL is set) and its chain's receiving account (USDC_PAY_TO, unless
   * CHAIN_RPC_URL is set). The API and the worker it starts check the filled-in values in full.
   */
  localStack?: boolean;
}

/** The USDC route, once enabled, needs its relay and token; payers are sent to the relay, so HTTPS in production. */
export function usdcRouteProblems(c: ParsedConfig, { localStack = false }: LoadOptions): string[] {
  if (!c.MPP_BASE_MAINNET_ENABLED) return [];
  const problems: string[] = [];
  const why = 'required when MPP_BASE_MAINNET_ENABLED is set (docs/payments.md "USDC route")';
  if (!c.CHECKOUT_URL && !localStack) problems.push(`  CHECKOUT_URL: ${why}`);
  if (!c.USDC_ADDRESS && !(localStack && !c.BASE_RPC_URL)) problems.push(`  USDC_ADDRESS: ${why}`);
  if (!c.USDC_PAY_TO && !c.MPP_PAY_TO && !(localStack && !c.CHAIN_RPC_URL)) problems.push(`  USDC_PAY_TO: ${why}`);
  if (c.NODE_ENV === 'production' && c.CHECKOUT_URL && !c.CHECKOUT_URL.startsWith('https://'))
    problems.push('  CHECKOUT_URL: payers settle there, so it must be HTTPS in production');
  return problems;
}
