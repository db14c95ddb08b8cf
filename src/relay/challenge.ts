import type { RelaySession } from './store.ts';

/** The EIP-712 domain of USDC on Base (and of the dev chain's FiatToken V2.2). */
export const USDC_DOMAIN = { name: 'USD Coin', version: '2' } as const;

/**
 * The flat challenge of spec 4.6 for a session: x402's `exact` scheme on `eip155:8453`, the amount in
 * 6-decimal minor units as a string, and what the payer needs to build the typed data. The payer
 * passes it back unchanged as `accepted`; the relay compares it member by member.
 */
export function challengeOf(s: RelaySession) {
  return {
    scheme: 'exact',
    network: s.network,
    asset: s.asset,
    payTo: s.payTo,
    amount: s.amount,
    maxTimeoutSeconds: s.maxTimeoutSeconds,
    extra: { assetTransferMethod: 'eip3009', name: USDC_DOMAIN.name, version: USDC_DOMAIN.version },
  };
}

export type FlatChallenge = ReturnType<typeof challengeOf>;

/** Canonical JSON (sorted keys), so `accepted` is compared by content, not by key order. */
const canonical = (v: unknown): string =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : JSON.stringify(v);

export const sameChallenge = (a: unknown, b: unknown) => canonical(a) === canonical(b);
