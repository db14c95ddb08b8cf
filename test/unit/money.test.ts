import { describe, expect, it } from '@jest/globals';
import { formatUsd, gemsToUsdMicros, totalGems } from '../../src/domain/money.ts';
import { buildQuote } from '../../src/domain/quote.ts';
import type { NamespaceInfo } from '../../src/domain/namespace-directory.ts';

describe('money', () => {
  it('converts gems at the fixed rate without floating point', () => {
    expect(gemsToUsdMicros(1500, '0.01')).toBe(15_000_000n);
    expect(gemsToUsdMicros(3, '0.1')).toBe(300_000n); // 0.1 * 3 is 0.30000000000000004 in floats
    expect(gemsToUsdMicros(1, '0.0000001')).toBe(1n); // rounds up, never undercharges
    expect(gemsToUsdMicros(0, '0.01')).toBe(0n);
  });

  it('formats minor units with at least two decimals', () => {
    expect(formatUsd(15_000_000n)).toBe('15.00');
    expect(formatUsd(18_750_000n)).toBe('18.75');
    expect(formatUsd(1n)).toBe('0.000001');
    expect(formatUsd(0n)).toBe('0.00');
  });

  it('prices a term as the annual price times years', () => {
    expect(totalGems(1500, 1)).toBe(1500);
    expect(totalGems(1500, 10)).toBe(15000);
  });

  it('builds a quote from the agent price', () => {
    const ns = { namespace: 'agent', price_per_year: { human: 2000, agent: 1500 } } as NamespaceInfo;
    const q = buildQuote(
      { ns, label: 'scout', years: 3, network: 'tempo', availability: { available: true, reason: 'available' } },
      {
        gemUsdRate: '0.01',
        currency: 'pathUSD',
        tempoChainId: 4217,
        registerUrl: 'https://x/register',
        tempoAsset: '0x20c0000000000000000000000000000000000000',
      },
    );
    expect(q.price).toMatchObject({
      gems: 4500,
      amount: '45.00',
      amount_minor: '45000000',
      currency: 'pathUSD',
      asset: '0x20c0000000000000000000000000000000000000',
    });
    expect(q).toMatchObject({ mpp_network: 'tempo', chain_id: 4217, binding: false, mutation: 'none' });
  });
});
