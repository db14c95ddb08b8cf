import { describe, expect, it } from '@jest/globals';
import { Challenge, Credential, Receipt } from 'mppx';
import { keccak256 } from 'viem';
import { checkChallenge, parseCredential, receiptHeader } from '../../src/payments/mpp.ts';
import { buildTempoChallenge } from '../../src/payments/tempo-method.ts';

// What the default route reads from a client (the receipt forms) and checks of the challenge it echoes.
const SECRET = 'test-mpp-secret-0123456789abcdef0123456789';
const PAY_TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const PATH_USD = '0x20c0000000000000000000000000000000000000';
const input = (over: { sessionId?: string; expiresAt?: Date; secret?: string } = {}) =>
  buildTempoChallenge({
    sessionId: over.sessionId ?? 'sess_0001',
    realm: 'registry.test',
    amountMinor: 15_000_000n,
    expiresAt: over.expiresAt ?? new Date(Date.now() + 15 * 60_000),
    secret: over.secret ?? SECRET,
    chainId: 1337,
    payTo: PAY_TO,
    currency: PATH_USD,
    description: 'Register scout.agent for 1 year',
  });

describe('MPP receipts on the default route', () => {
  it('issues an mppx tempo/charge challenge, HMAC-bound to the session, identical when re-issued', () => {
    const expiresAt = new Date(Date.now() + 15 * 60_000);
    const built = input({ expiresAt });
    const parsed = Challenge.deserialize(built.header);
    expect(parsed).toMatchObject({ id: built.challengeId, method: 'tempo', intent: 'charge', realm: 'registry.test' });
    expect(parsed.request).toMatchObject({ amount: '15000000', currency: PATH_USD, methodDetails: { chainId: 1337 } });
    expect(input({ expiresAt }).header).toBe(built.header);
    expect(checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0001' })).toBe('ok');
    expect(checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0002' })).toBe('wrong_session');
    expect(checkChallenge(parsed, { secret: `${SECRET}-other`, sessionId: 'sess_0001' })).toBe('not_issued_here');
    expect(
      checkChallenge(parsed, { secret: SECRET, sessionId: 'sess_0001', now: new Date(expiresAt.getTime() + 1) }),
    ).toBe('expired');
    const tampered = { ...parsed, request: { ...parsed.request, recipient: PATH_USD } };
    expect(checkChallenge(tampered, { secret: SECRET, sessionId: 'sess_0001' })).toBe('not_issued_here');
    expect(() => input({ secret: 'short' })).toThrow(/32 bytes/);
  });

  it('reads the receipt forms (push and pull credentials, a bare hash) and nothing else', () => {
    const challenge = Challenge.deserialize(input().header);
    const hash = `0x${'Cd'.repeat(32)}`;
    const lower = hash.toLowerCase();
    const push = Credential.serialize({
      challenge,
      payload: { type: 'hash', hash },
      source: 'did:pkh:eip155:1337:0x1',
    });
    expect(parseCredential(push)).toMatchObject({
      source: 'authorization',
      txHash: lower,
      challengeId: challenge.id,
      did: 'did:pkh:eip155:1337:0x1',
    });
    expect(parseCredential(`Bearer abc, ${push}`)).toMatchObject({ source: 'authorization', txHash: lower });
    expect(parseCredential(push.slice('Payment '.length))).toMatchObject({ source: 'credential', txHash: lower });
    expect(parseCredential(` ${hash} `)).toEqual({ source: 'tx_hash', txHash: lower });
    expect(parseCredential(`payment  ${hash} `)).toEqual({ source: 'tx_hash', txHash: lower });
    // A pull credential carries the signed transaction: its hash is the one it has once broadcast.
    const signed = `0x76${'ab'.repeat(40)}` as const;
    const pull = Credential.serialize({ challenge, payload: { type: 'transaction', signature: signed } });
    expect(parseCredential(pull)).toMatchObject({ source: 'authorization', txHash: keccak256(signed) });
    const echoed = parseCredential(push)?.challenge;
    expect(echoed && checkChallenge(echoed, { secret: SECRET, sessionId: 'sess_0001' })).toBe('ok');

    const odd = Credential.serialize({ challenge, payload: { type: 'transaction', signature: '0x123' } });
    const other = Credential.serialize({ challenge, payload: { type: 'proof', hash } });
    for (const garbage of ['', 'garbage', 'Payment', 'Payment !!!', 'Bearer abc', '0x1234', `0x${'zz'.repeat(32)}`])
      expect(parseCredential(garbage)).toBeNull();
    for (const garbage of [odd, other, 'a'.repeat(40_000)]) expect(parseCredential(garbage)).toBeNull();
  });

  it('encodes the Payment-Receipt header with mppx', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const value = receiptHeader({ reference: `0x${'ef'.repeat(32)}`, sessionId: 'sess_0001', chainId: 1337, at });
    expect(Receipt.deserialize(value)).toEqual({
      method: 'tempo',
      reference: `0x${'ef'.repeat(32)}`,
      status: 'success',
      timestamp: at.toISOString(),
      externalId: 'sess_0001',
      chainId: 1337,
    });
  });
});
