import type { Availability } from './availability.ts';
import { formatUsd, gemsToUsdMicros, totalGems } from './money.ts';
import type { NamespaceInfo } from './namespace-directory.ts';

export const BASE_MAINNET_CHAIN_ID = 8453;
export const USDC_DECIMALS = 6;

export type MppNetwork = 'tempo' | 'base-mainnet';

export interface QuoteInput {
  ns: NamespaceInfo;
  label: string;
  years: number;
  network: MppNetwork;
  availability: Availability;
}

export interface QuoteSettings {
  gemUsdRate: string;
  currency: 'pathUSD' | 'USDC';
  tempoChainId: number;
  registerUrl: string;
  /** The USDC route's checkout relay, shown on base-mainnet quotes (spec 4.6 step 1). */
  checkoutUrl?: string | undefined;
  /** The token contracts of each route (MPP_TOKEN_ADDRESS; USDC_ADDRESS or the local chain's USDC). */
  tempoAsset?: string | undefined;
  usdcAsset?: string | undefined;
}

/**
 * A non-binding quote: the agent price times years, converted at the fixed gem-to-USD rate into the
 * route's stablecoin. Pure: it reads nothing and writes nothing, so quoting can never reserve a name.
 */
export function buildQuote(q: QuoteInput, s: QuoteSettings) {
  const gems = totalGems(q.ns.price_per_year.agent, q.years);
  const micros = gemsToUsdMicros(gems, s.gemUsdRate);
  const base = q.network === 'base-mainnet';
  return {
    status: 'quoted' as const,
    binding: false as const,
    mutation: 'none' as const,
    available: q.availability.available,
    reason: q.availability.reason,
    domain: `${q.label}.${q.ns.namespace}`,
    namespace: q.ns.namespace,
    years: q.years,
    mpp_network: base ? ('base' as const) : ('tempo' as const),
    chain_id: base ? BASE_MAINNET_CHAIN_ID : s.tempoChainId,
    price: {
      currency: base ? 'USDC' : s.currency,
      amount: formatUsd(micros),
      amount_minor: micros.toString(),
      decimals: USDC_DECIMALS,
      gems,
      unit_price_gems: q.ns.price_per_year.agent,
      price_class: 'agent' as const,
      // The token contract a client signs for (x402 and mppx need it); null where the route is not configured.
      asset: (base ? s.usdcAsset : s.tempoAsset) ?? null,
    },
    next: { method: 'POST' as const, url: s.registerUrl, creates_pending_order: true as const },
    ...(base && s.checkoutUrl ? { checkout_url: s.checkoutUrl } : {}),
  };
}
