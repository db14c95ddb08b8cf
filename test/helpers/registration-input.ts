import { randomUUID } from 'node:crypto';
import type { RegistrationInput, RegistrationResult } from '../../workflows/registration-messages.ts';

// A registration run's input and result as the workflow tests use them (over fake activities).

export const result = (name: string): RegistrationResult => ({
  domainId: 1,
  name,
  ownerId: 'owner',
  orderId: 7,
  registrationDate: '2026-01-01T00:00:00.000Z',
  expiryDate: '2027-01-01T00:00:00.000Z',
  paymentMethod: 'mpp',
  paymentReference: '0xabc',
  amountGems: 1500,
  amountMinor: '15000000',
  currency: 'pathUSD',
});

export function input(over: Partial<RegistrationInput> = {}): RegistrationInput {
  const name = `${randomUUID().slice(0, 8)}.agent`;
  return {
    sessionId: randomUUID(),
    name,
    label: name.split('.')[0] as string,
    namespace: 'agent',
    years: 1,
    method: 'mpp',
    actorAccountId: 'actor-1',
    holder: 'account:actor-1',
    ownerAccountId: 'actor-1',
    priceGems: 1500,
    amountMinor: '15000000',
    currency: 'pathUSD',
    resellerChannel: null,
    wholesale: false,
    couponCode: null,
    expiresAtMs: Date.now() + 15 * 60_000,
    chain: { chainId: 4217, token: '0xtoken', payTo: '0xpayto', memo: '0xmemo' },
    ...over,
  };
}
