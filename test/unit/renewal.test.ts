import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { catalogSchema } from '../../src/domain/catalog.ts';
import { daysUntilExpiry, expiryHorizon } from '../../src/domain/expiring.ts';
import { quoteRenewal, renewableYears, type RenewalQuoteInput } from '../../src/domain/renewal.ts';
import { YEAR_MS } from '../../src/domain/time.ts';
import { CATALOG_PATH } from '../helpers/db.ts';

// The renewal and expiry rules of the command endpoint are pure: checked here without a database.
const catalog = catalogSchema.parse(JSON.parse(readFileSync(CATALOG_PATH, 'utf8')));
const ns = (name: string) => ({
  ...catalog.namespaces.find((n) => n.namespace === name)!,
  catalog_version: catalog.catalog_version,
});
const DAY = 24 * 3600 * 1000;
const now = new Date('2026-06-01T12:00:00.000Z');
const input = (r: Partial<RenewalQuoteInput> = {}): RenewalQuoteInput => ({
  domain: { name: 'scout.agent', status: 'active', expiryDate: new Date(now.getTime() + 30 * DAY) },
  ns: ns('agent'),
  years: 1,
  paymentPreference: 'mpp',
  now,
  ...r,
});
const settings = { gemUsdRate: '0.01', currency: 'pathUSD' as const };
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a refusal');
};

describe('days until expiry', () => {
  it('counts a started day as one, so "within n days" is exactly "at most n days left"', () => {
    expect(daysUntilExpiry(new Date(now.getTime() + 10 * DAY), now)).toBe(10);
    expect(daysUntilExpiry(new Date(now.getTime() + 10 * DAY + 1), now)).toBe(11);
    expect(daysUntilExpiry(new Date(now.getTime() + 1), now)).toBe(1);
    expect(Object.is(daysUntilExpiry(new Date(now.getTime() - 1), now), 0)).toBe(true);
    expect(daysUntilExpiry(new Date(now.getTime() - 2 * DAY - 1), now)).toBe(-2);
    expect(expiryHorizon(now, 30)).toEqual(new Date(now.getTime() + 30 * DAY));
  });
});

describe('renewable years', () => {
  it('lets the renewed term reach at most ten years ahead of now, and one renewal add at most ten', () => {
    expect(renewableYears(new Date(now.getTime() + 30 * DAY), now)).toBe(9);
    expect(renewableYears(now, now)).toBe(10);
    expect(renewableYears(new Date(now.getTime() - 400 * DAY), now)).toBe(10);
    expect(renewableYears(new Date(now.getTime() + 9 * YEAR_MS), now)).toBe(1);
    expect(renewableYears(new Date(now.getTime() + 9 * YEAR_MS + 1), now)).toBe(0);
    expect(renewableYears(new Date(now.getTime() + 11 * YEAR_MS), now)).toBe(0);
  });
});

describe('planRenewal', () => {
  it('prices an agent preference at the agent rate in USD, and extends the expiry by 365-day years', () => {
    const p = quoteRenewal(input({ years: 3 }), settings);
    expect(p).toEqual({
      purchaseChannel: 'agent',
      paymentMethod: 'mpp',
      currencyUnit: 'pathUSD',
      unitPrice: 15,
      grossPrice: 45,
      discountAmount: 0,
      netPrice: 45,
      currentExpiry: input().domain.expiryDate,
      newExpiry: new Date(input().domain.expiryDate.getTime() + 3 * YEAR_MS),
      warnings: [],
    });
    expect(quoteRenewal(input(), { ...settings, currency: 'USDC' }).currencyUnit).toBe('USDC');
  });

  it('rounds USD up to the micro-dollar, as registration charges (1500 gems × 1e-9 USD = 1.5 µ$ → 2 µ$)', () => {
    const p = quoteRenewal(input({ years: 1 }), { ...settings, gemUsdRate: '0.0000001' });
    expect(p.netPrice).toBe(0.00015);
    expect(quoteRenewal(input(), { ...settings, gemUsdRate: '0.00000001' }).netPrice).toBe(0.000015);
    expect(quoteRenewal(input(), { ...settings, gemUsdRate: '0.000000001' }).netPrice).toBe(0.000002);
  });

  it('prices any other preference at the human rate in gems, warning unless it said gems', () => {
    const gems = quoteRenewal(input({ years: 2, paymentPreference: 'gems' }), settings);
    expect(gems).toMatchObject({
      purchaseChannel: 'human',
      paymentMethod: 'gems',
      currencyUnit: 'gems',
      unitPrice: 2000,
      grossPrice: 4000,
      discountAmount: 0,
      netPrice: 4000,
      warnings: [],
    });
    expect(quoteRenewal(input({ paymentPreference: 'human' }), settings).warnings).toEqual([
      expect.stringMatching(/"human" is not an agent machine-payment preference/),
    ]);
  });

  it('refuses an expired domain and a term past ten years ahead, saying how many years remain', () => {
    const expired = input({ domain: { name: 'old.agent', status: 'expired', expiryDate: now } });
    expect(refusal(() => quoteRenewal(expired, settings))).toMatchObject({ code: 'domain_not_found', statusCode: 404 });
    expect(refusal(() => quoteRenewal(input({ years: 10 }), settings))).toMatchObject({
      code: 'term_too_long',
      statusCode: 400,
      details: { max_years: 9 },
    });
    expect(quoteRenewal(input({ years: 9 }), settings).newExpiry.getTime()).toBeLessThanOrEqual(
      now.getTime() + 10 * YEAR_MS,
    );
  });

  it('warns of a grace period and of gems in a partner namespace', () => {
    const grace = input({ domain: { name: 'late.agent', status: 'grace', expiryDate: new Date(now.getTime() - DAY) } });
    expect(quoteRenewal(grace, settings).warnings).toEqual([expect.stringMatching(/grace period/)]);
    const partner = quoteRenewal(input({ ns: ns('bpo'), paymentPreference: 'gems' }), settings);
    expect(partner.warnings).toEqual([expect.stringMatching(/Gems are not a rail of \.bpo/)]);
    expect(quoteRenewal(input({ ns: ns('bpo') }), settings)).toMatchObject({ unitPrice: 18, warnings: [] });
  });
});
