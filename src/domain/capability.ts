import type { NamespaceInfo } from './namespace-directory.ts';
import { MAX_YEARS, MIN_YEARS } from './money.ts';
import type { CapabilityRecord } from './capability-schema.ts';

export const CAPABILITY_SCHEMA_VERSION = '1.0' as const;
export const GEMS_NETWORK = 'gems';
export const HOSTED_CHECKOUT_NETWORK = 'gfavip';

export interface CapabilityContext {
  baseUrl: string;
  /** The USDC route on base-mainnet is operator-gated: listed only when the operator enabled it. */
  baseMainnetEnabled: boolean;
}

type Availability = 'configured' | 'authenticated_wallet_capability' | 'provider_preflight_required';

const AUTH_KEY = 'X-API-Key';
const AUTH_BEARER = 'Authorization: Bearer <ACCESS_TOKEN>';

const sharedLimitations = [
  'A quote is specific to its request: re-quote before creating or retrying a payment.',
  'The base-mainnet network is operator-gated and is never an implicit fallback.',
];

/** The namespace capability record of spec 2.8, schema version 1.0. */
export function capabilityRecord(ns: NamespaceInfo, ctx: CapabilityContext): CapabilityRecord {
  const open = ns.launch_phase !== 'coming_soon';
  const mppNetworks = ctx.baseMainnetEnabled ? ['tempo', 'base-mainnet'] : ['tempo'];
  const networkAvailability: Record<string, Availability> = Object.fromEntries(
    mppNetworks.map((n) => [n, 'configured' as const]),
  );
  const mpp = {
    method: 'mpp' as const,
    availability: 'configured' as Availability,
    channels: ['agent_api' as const],
    default_when_omitted: true,
    identity_requirement: `${AUTH_KEY} or ${AUTH_BEARER}; without either, an identity is created from the payer's wallet address`,
    networks: mppNetworks,
    network_availability: networkAvailability,
  };
  const registration = {
    available: open,
    checkout_enabled: open,
    launch_phase: ns.launch_phase,
    term_limits: { min_years: MIN_YEARS, max_years: MAX_YEARS, model: 'annual_price_times_years' as const },
  };
  const namespaceAccess =
    ns.launch_phase === 'sunrise'
      ? 'launch phase and sunrise rules apply: whitelisted accounts only during sunrise'
      : 'launch phase and sunrise rules apply';

  if (ns.source === 'native') {
    return {
      namespace: ns.namespace,
      provider: ns.provider,
      source: 'native' as const,
      checkout_availability: { agent_api: open, hosted_checkout: false, human_checkout: open },
      identity_requirements: {
        registration_auth: [AUTH_KEY, AUTH_BEARER],
        terms_field: 'agreed_to_terms=true',
        namespace_access: namespaceAccess,
      },
      payment_methods: [
        mpp,
        {
          method: 'gems' as const,
          availability: 'authenticated_wallet_capability' as Availability,
          channels: ['agent_api' as const, 'human_checkout' as const],
          default_when_omitted: false,
          identity_requirement: `${AUTH_KEY} or ${AUTH_BEARER} of an account holding a gems balance; must be requested explicitly`,
          networks: [GEMS_NETWORK],
        },
      ],
      registration,
      limitations: [...sharedLimitations, 'Gems must be requested explicitly with payment_method=gems.'],
      urls: {
        register: `${ctx.baseUrl}/api/v1/domains/register`,
        quote: `${ctx.baseUrl}/api/v1/domains/quote`,
        status: `${ctx.baseUrl}/api/v1/domains/search?q={name}.${ns.namespace}`,
        management: `${ctx.baseUrl}/api/v1/domains`,
        human_management: `${ctx.baseUrl}/tld/${ns.namespace}`,
      },
    };
  }

  return {
    namespace: ns.namespace,
    provider: ns.provider,
    source: 'partners' as const,
    checkout_availability: {
      agent_api: open,
      hosted_checkout: open,
      human_checkout: open,
      dedicated_x402: false as const,
    },
    identity_requirements: {
      agent_registration_auth: [AUTH_KEY, AUTH_BEARER],
      human_checkout_auth: 'identity-provider sign-on',
      provider_binding: `provider alias "${ns.provider}" is opaque and is never an authorization credential`,
      terms_field: 'agreed_to_terms=true',
      namespace_access: namespaceAccess,
    },
    payment_methods: [
      mpp,
      {
        method: 'gfavip_checkout' as const,
        availability: 'provider_preflight_required' as Availability,
        channels: ['human_checkout' as const],
        default_when_omitted: false,
        identity_requirement: 'identity-provider sign-on (human checkout)',
        networks: [HOSTED_CHECKOUT_NETWORK],
      },
    ],
    registration,
    limitations: [
      ...sharedLimitations,
      'Availability and price are authoritative only after provider preflight.',
      'Gems and the hosted checkout are human-checkout rails; agent registration uses mpp through the standard register route.',
      "Status of a partner order needs the authenticated buyer's order id.",
    ],
    urls: {
      agent_register: `${ctx.baseUrl}/api/v1/domains/register`,
      quote: `${ctx.baseUrl}/api/v1/domains/quote`,
      status: `${ctx.baseUrl}/api/agent/register-status/{order_id}`,
      management: `${ctx.baseUrl}/api/v1/domains`,
      human_management: `${ctx.baseUrl}/tld/${ns.namespace}`,
    },
  };
}
