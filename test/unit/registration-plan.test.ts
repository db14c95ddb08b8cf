import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { catalogSchema } from '../../src/domain/catalog.ts';
import { AppError } from '../../src/domain/errors.ts';
import {
  planRegistration,
  type RegistrationActor,
  type RegistrationFacts,
  type RegistrationRequest,
} from '../../src/domain/registration-plan.ts';
import { CATALOG_PATH } from '../helpers/db.ts';

// The registration rules are pure: every fact comes in as data, so each rule is checked without a database.
const catalog = catalogSchema.parse(JSON.parse(readFileSync(CATALOG_PATH, 'utf8')));
const agentNs = {
  ...catalog.namespaces.find((n) => n.namespace === 'agent')!,
  catalog_version: catalog.catalog_version,
};
const settings = { wholesalePercentOff: 20, gemUsdRate: '0.01', baseMainnetEnabled: false };
const anonymous: RegistrationActor = { accountId: null, org: null };
const agentActor: RegistrationActor = { accountId: 'acc-1', org: null };
const facts = (f: Partial<RegistrationFacts> = {}): RegistrationFacts => ({
  taken: false,
  account: { kind: 'agent', isReseller: false, isOperator: false },
  whitelisted: false,
  targetOwnerExists: false,
  targetIsCustomer: false,
  coupon: null,
  gemsBalance: 0,
  ...f,
});
const request = (r: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
  label: 'scout',
  ns: agentNs,
  name: 'scout.agent',
  years: 1,
  paymentMethod: 'mpp',
  network: 'tempo',
  resellerChannel: null,
  targetOwnerId: null,
  couponCode: null,
  ...r,
});
const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (err) {
    return err instanceof AppError ? err.code : 'not_an_app_error';
  }
  return undefined;
};

describe('planRegistration (pure rules)', () => {
  it('an anonymous mpp registration is priced at the agent price, owned by the payer', () => {
    const plan = planRegistration(anonymous, request({ years: 2 }), facts({ account: null }), settings);
    expect(plan).toMatchObject({ method: 'mpp', actorAccountId: null, ownerAccountId: null });
    expect(plan.price.totalGems).toBe(agentNs.price_per_year.agent * 2);
  });

  it('refuses in the order a caller should learn: taken before rail, rail before account', () => {
    expect(
      codeOf(() => planRegistration(anonymous, request({ paymentMethod: 'gems' }), facts({ taken: true }), settings)),
    ).toBe('name_taken');
    expect(
      codeOf(() => planRegistration(anonymous, request({ paymentMethod: 'gems' }), facts({ account: null }), settings)),
    ).toBe('unauthorized');
    expect(codeOf(() => planRegistration(agentActor, request({ network: 'base-mainnet' }), facts(), settings))).toBe(
      'network_not_enabled',
    );
  });

  it('the USDC route, once enabled, is a machine payment of an identity at the agent price in 6-decimal units', () => {
    const open = { ...settings, baseMainnetEnabled: true };
    const base = (over: Partial<Parameters<typeof request>[0]> = {}) => request({ network: 'base-mainnet', ...over });
    expect(codeOf(() => planRegistration(anonymous, base(), facts({ account: null }), open))).toBe('unauthorized');
    expect(codeOf(() => planRegistration(agentActor, base({ paymentMethod: 'gems' }), facts(), open))).toBe(
      'payment_method_not_available',
    );
    const plan = planRegistration(agentActor, base({ years: 2 }), facts(), open);
    expect(plan.method).toBe('mpp');
    expect(plan.price.amountMinor).toBe(BigInt(plan.price.totalGems) * 10_000n); // 0.01 USD a gem
  });

  it('gems need the balance; a refused coupon says why', () => {
    expect(
      codeOf(() =>
        planRegistration(agentActor, request({ paymentMethod: 'gems' }), facts({ gemsBalance: 1 }), settings),
      ),
    ).toBe('insufficient_gems');
    const refused = () =>
      planRegistration(agentActor, request({ couponCode: 'X' }), facts({ coupon: { refused: 'used_up' } }), settings);
    expect(codeOf(refused)).toBe('coupon_invalid');
  });

  it('an operator registers free; a full coupon makes it free too', () => {
    const op = facts({ account: { kind: 'agent', isReseller: false, isOperator: true } });
    expect(planRegistration(agentActor, request(), op, settings).method).toBe('free');
    const coupon = facts({ coupon: { percentOff: 100 } });
    expect(planRegistration(agentActor, request({ couponCode: 'FREE' }), coupon, settings).method).toBe('free');
  });

  it('an organization credential registers only for its customers', () => {
    const org: RegistrationActor = {
      accountId: 'member',
      org: { namespaceOps: { agent: ['register'] }, customerIds: null },
    };
    expect(codeOf(() => planRegistration(org, request(), facts(), settings))).toBe('unknown_target_owner');
    const stranger = request({ targetOwnerId: 'c-1' });
    expect(codeOf(() => planRegistration(org, stranger, facts({ targetOwnerExists: true }), settings))).toBe(
      'forbidden',
    );
    const customer = facts({ targetOwnerExists: true, targetIsCustomer: true });
    expect(planRegistration(org, stranger, customer, settings)).toMatchObject({
      actorAccountId: 'member',
      ownerAccountId: 'c-1',
    });
  });
});
